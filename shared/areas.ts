import { accountsArea } from './accounts/area.ts';
import { collectionsArea } from './collections/area.ts';
import { contactsArea } from './contacts/area.ts';
import { contractsArea } from './contracts/area.ts';
import { declarationsArea } from './declarations/area.ts';
import { docsArea } from './docs/area.ts';
import { documentsArea } from './documents/area.ts';
import { eventsArea } from './events/area.ts';
import type { InEachLanguage, Language } from './messages/index.ts';
import type { AreaBackgroundFunction, AreaRoute } from './routes.ts';
import { servicesArea } from './services/area.ts';
import { signingArea } from './signing/area.ts';
import { studioArea } from './studio/area.ts';
import { webhooksArea } from './webhooks/area.ts';

/**
 * What a sample event (`sample-events/<route>.json`, infra/local/sample-events.ts) sends beyond what the route
 * table gives: the path's `{id}` comes from the area whose `sampleIds` name the path before it.
 */
export interface SampleRequest {
  /** Values of the route's path parameters other than an `{id}`. */
  readonly parameters?: Readonly<Record<string, string>>;
  readonly query?: string;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * An area declares itself in its own folder (`shared/<area>/area.ts`), as plain data: a handler's bundle
 * gets its own route's definition from the stack, so nothing here may pull code into a bundle.
 */
export interface AreaDefinition {
  /** The folder name under `functions/`, `shared/`, `docs/openapi/` and `test/`. */
  readonly name: string;
  /** Every text the area's responses carry and its published documentation are written in it. */
  readonly language: Language;
  /** The OpenAPI tag of the area's operations; areas may share one (same name, same description). */
  readonly docsTag: { readonly name: string; readonly description: string };
  readonly routes: readonly AreaRoute[];
  /** Functions no route calls, in the area's language; `infra/` builds their triggers and grants. */
  readonly backgroundFunctions?: readonly AreaBackgroundFunction[];
  /** The event types of its changes (`<object>.<change>`), in the order the catalogue lists them. */
  readonly eventTypes: readonly string[];
  /** What the data layer names in a `NotFound` for the area's records, with the text its 404 answers. */
  readonly entities: Readonly<Record<string, InEachLanguage>>;
  /**
   * The area's own problem codes (`type` …/problems/<code>), beside the common ones of shared/http/problem.ts:
   * the status and the title, the same for every occurrence of the code.
   */
  readonly problemTypes?: Readonly<Record<string, { readonly status: number; readonly title: InEachLanguage }>>;
  /** The id a sample request puts into `{id}`, by the path before it: `/api/contacts` for `/api/contacts/{id}/…`. */
  readonly sampleIds: Readonly<Record<string, string>>;
  /**
   * A route's sample request when its path parameters alone are not one: every route with a body has one.
   * A function, so that a bundle which keeps an area for its route table builds none of them.
   */
  readonly sampleRequests: () => Readonly<Record<string, SampleRequest>>;
}

/** The one list of areas: the route table, IAM, sample events, the event catalogue and the docs tags derive from it. */
export const areas = [
  contactsArea,
  servicesArea,
  studioArea,
  contractsArea,
  documentsArea,
  collectionsArea,
  accountsArea,
  signingArea,
  declarationsArea,
  eventsArea,
  webhooksArea,
  docsArea,
] as const satisfies readonly AreaDefinition[];

export type AreaName = (typeof areas)[number]['name'];
