import { type AreaDefinition, type AreaName, areas } from './areas.ts';
import type { Language } from './messages/index.ts';
import type { Role } from './roles.ts';

/**
 * The one route table, derived from the list of areas (shared/areas.ts). The CDK
 * stack creates one function and one API route per entry, and the local server
 * routes requests with the same entries, so a route exists in both hosts or in neither.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export { openApiDocumentFile } from './docs/area.ts';
export { contractDocumentFiles, fontkitModuleFile } from './documents/document-files.ts';
export { type Role, roleNames } from './roles.ts';

/** The language a route's responses and its documentation are written in: its area's. */
export const languageOf = (route: { readonly language: Language }): Language => route.language;

export interface RouteDefinition {
  /** Function and sample-event name: `sample-events/<name>.json`. */
  readonly name: string;
  /**
   * The OpenAPI `operationId` when it is not `name`: clients generate SDKs from it, so a published one never
   * changes, while the name may (docs/decisions.md, "A route's name and its operationId").
   */
  readonly operationId?: string;
  readonly method: HttpMethod;
  /** API Gateway path syntax: `/api/contacts/{id}`. */
  readonly path: string;
  /** Handler module, relative to the repository root; it exports `handler`. */
  readonly entry: string;
  /** The area that declares the route: `entry` lies in `functions/<area>/`. */
  readonly area: AreaName;
  readonly language: Language;
  /** Roles allowed to call the route; `public` routes need no token. */
  readonly roles: readonly Role[] | 'public';
  /** Table permissions the function gets: least privilege per route; `none` gets no table at all. */
  readonly data: 'none' | 'read' | 'read-write';
  /**
   * The route's own work deletes items (a `Delete` in its transaction), so its function may `DeleteItem`.
   * POSTs that take an `Idempotency-Key` may anyway: a failed request deletes its claim on the key.
   */
  readonly deletes?: true;
  /** Use of the contract sealing key: only signing may sign, only verification may verify. */
  readonly sealing?: 'sign' | 'verify';
  /**
   * Use of the bucket of signed originals (docs/documents.md): `store` renders and writes them (put-if-absent,
   * retention), `read` only downloads them, `purge` deletes every version once its retention has passed (the
   * retention purge alone). Routes without it get neither the bucket nor its key.
   */
  readonly originals?: 'store' | 'read' | 'purge';
  /** Use of the webhook secrets key: only a webhook's creation encrypts a secret (delivery decrypts, see `backgroundFunctions`). */
  readonly webhookSecrets?: 'encrypt';
  /**
   * Files the function reads at run time, relative to the repository root. The
   * stack copies them next to the function's bundle (they are too big to bundle);
   * run locally, the function reads them where they are.
   */
  readonly files?: readonly (string | GeneratedFile)[];
  /**
   * `false` for a POST whose answer carries a secret the server does not keep (a signing
   * session's token): its answers are never stored for an `Idempotency-Key` replay.
   */
  readonly idempotentReplays?: false;
  /** The function sends mail: SES from the configured sender identity only (CDK context `mailFrom`). */
  readonly sendsMail?: true;
  /** The function's timeout when it must be longer than the default 10 s (API Gateway waits at most 30 s). */
  readonly timeoutSeconds?: number;
}

/**
 * A file printed by a script (run with tsx): the stack runs it at bundling time and puts the file into
 * `files/` under its base name; the local hosts run it once per process before the handler's first
 * request and write it to `path`, where `readRouteFile` finds it.
 */
export interface GeneratedFile {
  /** Relative to the repository root, in a git-ignored folder. */
  readonly path: string;
  readonly generator: string;
}

/** A route as its area declares it; the table adds the area's name and language. */
export type AreaRoute = Omit<RouteDefinition, 'area' | 'language'>;

/**
 * A function no route calls, as its area declares it: its trigger, named once here, and its grants. Its flags mean
 * what a route's mean (`data: 'none'` when absent); `infra/background-function.ts` builds any of them in AWS and
 * `infra/local/background-functions.ts` runs any of them under `npm start`.
 */
export type AreaBackgroundFunction = Pick<RouteDefinition, 'name' | 'entry'> &
  Partial<Pick<RouteDefinition, 'deletes' | 'sealing' | 'originals' | 'sendsMail' | 'files' | 'timeoutSeconds'>> & {
    readonly trigger: BackgroundTrigger;
    /** A route's table access, or table actions narrowed to one index or to some partitions. */
    readonly data?: RouteDefinition['data'] | TableGrant;
    /** Use of the webhook secrets key, granted in the key's own policy. */
    readonly webhookSecrets?: 'encrypt' | 'decrypt';
    /** A queue of the root stack the function sends to (its URL in the queue's environment variable). */
    readonly sendsTo?: QueueName;
  };

/** The queues the root stack holds (infra/events.ts): a function names one as its trigger or where it sends. */
export type QueueName = 'webhook-deliveries';

/** Table actions narrower than `read`/`read-write`: Query on one index only, or items of some partitions only. */
export interface TableGrant {
  readonly actions: readonly ('GetItem' | 'Query' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'ConditionCheckItem')[];
  /** Query this index (`gsi2`) and nothing else of the table. */
  readonly index?: string;
  /** Only items whose partition key matches one of these (`WEBHOOK#*`). */
  readonly partitions?: readonly string[];
}

export type BackgroundTrigger = StreamTrigger | ScheduleTrigger | QueueTrigger;

/** The table's stream, filtered to inserted event items: of these types, or of every type (`'*'`). */
export interface StreamTrigger {
  readonly stream: readonly string[] | '*';
  /** Records per invocation: 10 unless given. */
  readonly batchSize?: number;
  /**
   * A record that keeps failing: retried ten times, the batch halved around it, then its position goes to a
   * dead-letter queue whose alarm carries `deadLetters`; or retried until it leaves the stream after 24 h, holding
   * back every later record of its shard (where order matters more than progress: the webhooks).
   */
  readonly onFailure: { readonly deadLetters: string } | 'retry until it leaves the stream';
  /** An alarm when the function is this many minutes behind the stream. */
  readonly behindAlarm?: { readonly minutes: number; readonly description: string };
}

/** Daily at this time in the studio's zone, by EventBridge Scheduler; under `npm start` at start and hourly. */
export interface ScheduleTrigger {
  readonly schedule: { readonly hour: number; readonly minute: number; readonly timeZone: 'Europe/Berlin' };
  readonly description: string;
}

/** A queue of the root stack, read by Lambda's event source mapping (partial batch failures reported). */
export interface QueueTrigger {
  readonly queue: QueueName;
  /** Messages per invocation: 10 unless given. */
  readonly batchSize?: number;
}

type DeclaredArea = (typeof areas)[number];
/** What areas declare under `key` (routes, background functions), each with its area's name and language. */
type OfArea<A, Key extends 'routes' | 'backgroundFunctions'> = A extends {
  readonly name: infer N;
  readonly language: infer L;
} & { readonly [K in Key]: readonly (infer Item)[] }
  ? Item & { readonly area: N; readonly language: L }
  : never;
type TableRoute<A> = OfArea<A, 'routes'>;

export const routes: readonly TableRoute<DeclaredArea>[] = /* @__PURE__ */ (areas as readonly AreaDefinition[]).flatMap(
  (area) => area.routes.map((route) => ({ ...route, area: area.name, language: area.language })),
) as unknown as readonly TableRoute<DeclaredArea>[];

type BackgroundFunction<A> = OfArea<A, 'backgroundFunctions'>;

/**
 * Functions that no route calls, from their areas, each with its trigger (a stream reader, a schedule, a queue):
 * the stack builds each in its area's nested stack, and `npm start` runs each, from this list alone.
 */
export const backgroundFunctions: readonly BackgroundFunction<DeclaredArea>[] = /* @__PURE__ */ (
  areas as readonly AreaDefinition[]
).flatMap((area) =>
  (area.backgroundFunctions ?? []).map((fn) => ({ ...fn, area: area.name, language: area.language })),
) as unknown as readonly BackgroundFunction<DeclaredArea>[];

/** A background function by its name; the stack builds each one by name with its own trigger. */
export const backgroundFunctionNamed = <Name extends (typeof backgroundFunctions)[number]['name']>(
  name: Name,
): Extract<(typeof backgroundFunctions)[number], { name: Name }> => {
  const found = backgroundFunctions.find((fn) => fn.name === name);
  if (!found) throw new Error(`No background function ${name}`);
  return found as Extract<(typeof backgroundFunctions)[number], { name: Name }>;
};

/** API Gateway's `$default` route: every unknown method and path lands here. */
export const fallbackRoute = {
  name: 'not-found',
  entry: 'functions/not-found.ts',
  language: 'en',
  roles: 'public',
} as const;

export type RouteName = TableRoute<DeclaredArea>['name'];

/** A route's entry as its area wrote it (literal types): what `route()` derives a handler's options from. */
export type RouteEntry<Name extends RouteName> = Extract<TableRoute<DeclaredArea>, { readonly name: Name }>;

export const routeKey = (route: Pick<RouteDefinition, 'method' | 'path'>): string => `${route.method} ${route.path}`;

export const findRoute = (name: RouteName): RouteDefinition => {
  const found = routes.find((route) => route.name === name);
  if (!found) throw new Error(`No route named ${name}`);
  return found;
};

/**
 * The definition of the route a function serves: in a deployed bundle the one
 * the stack wrote into it (so the whole table is not bundled), else from the table.
 */
export const routeDefinition = (name: RouteName): RouteDefinition => {
  const definition =
    typeof __STUDIO_ROUTE_NAME__ === 'undefined' ? findRoute(name) : (__STUDIO_ROUTE__ as RouteDefinition);
  if (definition.name !== name) throw new Error(`This bundle serves ${definition.name}, not ${name}`);
  return definition;
};
