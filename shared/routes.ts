import type { Language } from './messages/index.ts';

/**
 * The one route table. The CDK stack creates one function and one API route
 * per entry, and the local server routes requests with the same entries, so a
 * route exists in both hosts or in neither.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** The roles are the Cognito groups of the same names; a token names them in `cognito:groups`. */
export const roleNames = ['owner', 'staff'] as const;
export type Role = (typeof roleNames)[number];
export type Area = 'contacts' | 'services' | 'studio' | 'contracts' | 'webhooks' | 'docs' | 'system';

/**
 * The language column of the route table, kept per area (docs/architecture.md, "Language of responses"): every text a route's responses carry
 * and its published documentation are written in it. The HTTP pipeline and the OpenAPI generator read it.
 */
export const areaLanguages = {
  contacts: 'en',
  services: 'en',
  studio: 'en',
  contracts: 'de',
  webhooks: 'en',
  docs: 'en',
  system: 'en',
} as const satisfies Record<Area, Language>;

export const languageOf = (route: { readonly area: Area }): Language => areaLanguages[route.area];

export interface RouteDefinition {
  /** Function and sample-event name: `events/<name>.json`. */
  readonly name: string;
  readonly method: HttpMethod;
  /** API Gateway path syntax: `/api/contacts/{id}`. */
  readonly path: string;
  /** Handler module, relative to the repository root; it exports `handler`. */
  readonly entry: string;
  readonly area: Area;
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

const anyone = ['owner', 'staff'] as const satisfies readonly Role[];
const ownerOnly = ['owner'] as const satisfies readonly Role[];

/** What the API documentation page loads: the Swagger UI renderer and our own start script, all self-hosted. */
const docsPageFiles = [
  'node_modules/swagger-ui-dist/swagger-ui-bundle.js',
  'node_modules/swagger-ui-dist/swagger-ui.css',
  'node_modules/swagger-ui-dist/favicon-32x32.png',
  'shared/docs-page/swagger-start.js',
] as const;

/** What the signing page loads besides itself: the pad library, our own script and style, all self-hosted. */
const signingPageFiles = [
  'node_modules/signature_pad/dist/signature_pad.umd.min.js',
  'shared/signing/page/sign-page.js',
  'shared/signing/page/sign-page.css',
] as const;

/**
 * fontkit as a module of its own, which the document functions load beside their bundle only for a copy
 * that needs a fallback font (see shared/documents/fonts.ts).
 */
export const fontkitModuleFile = {
  path: '.generated/fontkit.mjs',
  generator: 'infra/write-fontkit-module.ts',
} as const satisfies GeneratedFile;

/** The fonts of the customer's copy (`contractDocumentFontFiles` in shared/documents/fonts.ts), and fontkit. */
const contractDocumentFiles = [
  'node_modules/@embedpdf/fonts-latin/fonts/NotoSans-Regular.ttf',
  'node_modules/@embedpdf/fonts-latin/fonts/NotoSans-Bold.ttf',
  'node_modules/@embedpdf/fonts-arabic/fonts/NotoNaskhArabic-Regular.ttf',
  'node_modules/@embedpdf/fonts-sc/fonts/NotoSansHans-Regular.otf',
  fontkitModuleFile,
] as const;

/** The OpenAPI document, generated from the schemas by `docs/openapi/` (which no handler imports). */
export const openApiDocumentFile = {
  path: 'docs/generated/openapi.json',
  generator: 'docs/openapi/write-document.ts',
} as const satisfies GeneratedFile;

// biome-ignore format: one route per line keeps the table readable
export const routes = [
  { name: 'contacts-list', method: 'GET', path: '/api/contacts', entry: 'functions/contacts/list.ts', area: 'contacts', roles: anyone, data: 'read' },
  { name: 'contacts-create', method: 'POST', path: '/api/contacts', entry: 'functions/contacts/create.ts', area: 'contacts', roles: anyone, data: 'read-write' },
  { name: 'contacts-get', method: 'GET', path: '/api/contacts/{id}', entry: 'functions/contacts/get.ts', area: 'contacts', roles: anyone, data: 'read' },
  { name: 'contacts-replace', method: 'PUT', path: '/api/contacts/{id}', entry: 'functions/contacts/replace.ts', area: 'contacts', roles: anyone, data: 'read-write' },
  { name: 'contacts-delete', method: 'DELETE', path: '/api/contacts/{id}', entry: 'functions/contacts/delete.ts', area: 'contacts', roles: ownerOnly, data: 'read-write', deletes: true },
  { name: 'services-list', method: 'GET', path: '/api/services', entry: 'functions/services/list.ts', area: 'services', roles: anyone, data: 'read' },
  { name: 'services-create', method: 'POST', path: '/api/services', entry: 'functions/services/create.ts', area: 'services', roles: ownerOnly, data: 'read-write' },
  { name: 'services-get', method: 'GET', path: '/api/services/{id}', entry: 'functions/services/get.ts', area: 'services', roles: anyone, data: 'read' },
  { name: 'services-replace', method: 'PUT', path: '/api/services/{id}', entry: 'functions/services/replace.ts', area: 'services', roles: ownerOnly, data: 'read-write' },
  { name: 'studio-get', method: 'GET', path: '/api/studio', entry: 'functions/studio/get.ts', area: 'studio', roles: anyone, data: 'read' },
  { name: 'studio-put', method: 'PUT', path: '/api/studio', entry: 'functions/studio/put.ts', area: 'studio', roles: ownerOnly, data: 'read-write' },
  { name: 'contracts-list', method: 'GET', path: '/api/contracts', entry: 'functions/contracts/list.ts', area: 'contracts', roles: anyone, data: 'read' },
  { name: 'contracts-create', method: 'POST', path: '/api/contracts', entry: 'functions/contracts/create.ts', area: 'contracts', roles: anyone, data: 'read-write', timeoutSeconds: 25 },
  { name: 'contracts-get', method: 'GET', path: '/api/contracts/{id}', entry: 'functions/contracts/get.ts', area: 'contracts', roles: anyone, data: 'read' },
  { name: 'contracts-sign', method: 'POST', path: '/api/contracts/{id}/signatures', entry: 'functions/contracts/sign.ts', area: 'contracts', roles: anyone, data: 'read-write', sealing: 'sign' },
  { name: 'contracts-verify', method: 'GET', path: '/api/contracts/{id}/verification', entry: 'functions/contracts/verify.ts', area: 'contracts', roles: anyone, data: 'read', sealing: 'verify' },
  { name: 'contracts-document', method: 'GET', path: '/api/contracts/{id}/document', entry: 'functions/contracts/document.ts', area: 'contracts', roles: anyone, data: 'read-write', sealing: 'sign', files: contractDocumentFiles },
  { name: 'contracts-send-copy', method: 'POST', path: '/api/contracts/{id}/copies', entry: 'functions/contracts/send-copy.ts', area: 'contracts', roles: anyone, data: 'read-write', sealing: 'sign', sendsMail: true, files: contractDocumentFiles },
  { name: 'contracts-cancel', method: 'POST', path: '/api/contracts/{id}/cancellation', entry: 'functions/contracts/cancel.ts', area: 'contracts', roles: ownerOnly, data: 'read-write' },
  { name: 'contracts-termination-preview', method: 'GET', path: '/api/contracts/{id}/termination-preview', entry: 'functions/contracts/termination-preview.ts', area: 'contracts', roles: anyone, data: 'read' },
  { name: 'contracts-terminate', method: 'POST', path: '/api/contracts/{id}/termination', entry: 'functions/contracts/terminate.ts', area: 'contracts', roles: anyone, data: 'read-write' },
  { name: 'contracts-withdraw-termination', method: 'DELETE', path: '/api/contracts/{id}/termination', entry: 'functions/contracts/withdraw-termination.ts', area: 'contracts', roles: ownerOnly, data: 'read-write' },
  { name: 'signing-sessions-open', method: 'POST', path: '/api/contracts/{id}/signing-sessions', entry: 'functions/signing/open-session.ts', area: 'contracts', roles: anyone, data: 'read-write', deletes: true, idempotentReplays: false },
  { name: 'signing-page', method: 'GET', path: '/api/sign', entry: 'functions/signing/page.ts', area: 'contracts', roles: 'public', data: 'none' },
  { name: 'signing-asset', method: 'GET', path: '/api/sign/{asset}', entry: 'functions/signing/asset.ts', area: 'contracts', roles: 'public', data: 'none', files: signingPageFiles },
  { name: 'signing-view', method: 'GET', path: '/api/signing', entry: 'functions/signing/view.ts', area: 'contracts', roles: 'public', data: 'read' },
  { name: 'signing-sign', method: 'POST', path: '/api/signing', entry: 'functions/signing/sign.ts', area: 'contracts', roles: 'public', data: 'read-write', sealing: 'sign' },
  { name: 'signing-document', method: 'GET', path: '/api/signing/document', entry: 'functions/signing/document.ts', area: 'contracts', roles: 'public', data: 'read-write', sealing: 'sign', files: contractDocumentFiles },
  { name: 'events-list', method: 'GET', path: '/api/events', entry: 'functions/events/list.ts', area: 'webhooks', roles: ownerOnly, data: 'read' },
  { name: 'webhooks-list', method: 'GET', path: '/api/webhooks', entry: 'functions/webhooks/list.ts', area: 'webhooks', roles: ownerOnly, data: 'read' },
  { name: 'webhooks-create', method: 'POST', path: '/api/webhooks', entry: 'functions/webhooks/create.ts', area: 'webhooks', roles: ownerOnly, data: 'read-write', webhookSecrets: 'encrypt', idempotentReplays: false },
  { name: 'webhooks-get', method: 'GET', path: '/api/webhooks/{id}', entry: 'functions/webhooks/get.ts', area: 'webhooks', roles: ownerOnly, data: 'read' },
  { name: 'webhooks-replace', method: 'PUT', path: '/api/webhooks/{id}', entry: 'functions/webhooks/replace.ts', area: 'webhooks', roles: ownerOnly, data: 'read-write' },
  { name: 'webhooks-delete', method: 'DELETE', path: '/api/webhooks/{id}', entry: 'functions/webhooks/delete.ts', area: 'webhooks', roles: ownerOnly, data: 'read-write', deletes: true },
  { name: 'webhooks-deliveries', method: 'GET', path: '/api/webhooks/{id}/deliveries', entry: 'functions/webhooks/deliveries.ts', area: 'webhooks', roles: ownerOnly, data: 'read' },
  { name: 'docs-openapi', method: 'GET', path: '/api/openapi.json', entry: 'functions/docs/openapi.ts', area: 'docs', roles: 'public', data: 'none', files: [openApiDocumentFile] },
  { name: 'docs-page', method: 'GET', path: '/api/docs', entry: 'functions/docs/page.ts', area: 'docs', roles: 'public', data: 'none' },
  { name: 'docs-asset', method: 'GET', path: '/api/docs/{asset}', entry: 'functions/docs/asset.ts', area: 'docs', roles: 'public', data: 'none', files: docsPageFiles },
] as const satisfies readonly RouteDefinition[];

/**
 * Functions that no route calls: the webhook dispatcher reads the table's
 * stream, the delivery function the delivery queue. `infra/events.ts` builds
 * them with their own triggers and grants; locally `infra/local/event-delivery.ts`
 * runs the same shared code.
 */
export const backgroundFunctions = [
  { name: 'webhooks-dispatch', entry: 'functions/webhooks/dispatch.ts' },
  { name: 'webhooks-deliver', entry: 'functions/webhooks/deliver.ts' },
] as const;

/** API Gateway's `$default` route: every unknown method and path lands here. */
export const fallbackRoute = {
  name: 'not-found',
  entry: 'functions/not-found.ts',
  area: 'system',
  roles: 'public',
} as const;

export type RouteName = (typeof routes)[number]['name'];

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
