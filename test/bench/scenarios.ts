import { fallbackRoute, type RouteDefinition, routes } from '#shared/routes.ts';
import { nextBenchAddress } from './bench-addresses.ts';
import type { FunctionName } from './bundles.ts';
import { collectionOf, type Fixtures, nextTag, signingAuthorization } from './fixtures.ts';
import { preparedRequest } from './route-preparations.ts';
import { type BenchEvent, hasSampleEvent, sampleEvent, samplePathId } from './sample-events.ts';

/** One typical request of a function, made from its route's sample event. */
export interface Scenario {
  name: FunctionName;
  /** What the request is, for the report: `GET /api/contacts/{id}`. */
  route: string;
  /** The collection whose records the request needs, if any. */
  collection?: string;
  /** The next request's event against a table's fixtures; a request that uses its record up gets a new one. */
  event(fixtures: Fixtures): Promise<BenchEvent>;
}

// A full page, as the budget states it: the sample's filters would measure another access pattern.
const page = 'limit=25';

/** Routes that read everything of one person: the studio person's, not the read contact's pile (fixtures.ts). */
const readsAPerson: ReadonlySet<string> = new Set(['contacts-export']);

const withId = (ids: ReadonlyMap<string, string>, placeholder: string | undefined, id: string) =>
  new Map(placeholder ? [...ids, [placeholder, id]] : ids);

/**
 * The request a route gets in the bench, from its place in the route table:
 * a read of a record reads the collection's read record, a PUT replaces the
 * collection's replace record with its own fields, any other request on a
 * record (delete, sign, cancel, …) gets a new record, a POST on a collection
 * creates one with a unique email, a list reads a full page, and anything else
 * is its sample event as it is.
 */
const scenarioOf = (route: RouteDefinition): Scenario => {
  const { name } = route;
  const described = { name: name as FunctionName, route: `${route.method} ${route.path}` };
  // A record the route table cannot tell how to make (route-preparations.ts).
  const prepared = preparedRequest(route);
  if (prepared) return { ...described, event: prepared };
  // The tablet's routes act on the session their token names: a new one per request, on a new contract.
  if (route.path.startsWith('/api/signing')) {
    return {
      ...described,
      event: async (f) => {
        const { contract, token } = await f.signing(name);
        return sampleEvent(name, { headers: signingAuthorization(token), record: contract });
      },
    };
  }
  const collection = collectionOf(route);
  if (collection) {
    const placeholder = samplePathId(name);
    const isRecordPath = route.path === `${collection}/{id}`;
    if (route.method === 'GET') {
      const reads = (f: Fixtures) => (readsAPerson.has(name) ? f.personIds : f.ids);
      return { ...described, collection, event: async (f) => sampleEvent(name, { ids: reads(f) }) };
    }
    if (route.method === 'PUT' && isRecordPath) {
      return {
        ...described,
        collection,
        event: async (f) => {
          const replaced = f.replaced.get(collection);
          if (!replaced) throw new Error(`No record of ${collection} to replace`);
          return sampleEvent(name, { ids: withId(f.ids, placeholder, replaced.id), tag: replaced.tag });
        },
      };
    }
    return {
      ...described,
      collection,
      event: async (f) => {
        const record = await f.fresh(collection, name);
        return sampleEvent(name, {
          ids: withId(f.ids, placeholder, record.id),
          ...(isRecordPath ? {} : { record }),
        });
      },
    };
  }
  // The public POSTs count requests per client address: each request comes from another one, as customers do.
  if (route.method === 'POST' && route.roles === 'public')
    return { ...described, event: async (f) => sampleEvent(name, { ids: f.ids, sourceIp: nextBenchAddress() }) };
  if (route.method === 'POST')
    return { ...described, event: async (f) => sampleEvent(name, { ids: await f.idsForCreate(name), tag: nextTag() }) };
  const listsPages = sampleEvent(name).queryStringParameters?.limit !== undefined;
  return {
    ...described,
    event: async (f) => sampleEvent(name, { ids: f.ids, ...(listsPages ? { query: page } : {}) }),
  };
};

/** Every function of the route table with a sample event, and the `$default` route's. */
export const scenarios: readonly Scenario[] = [
  ...(routes as readonly RouteDefinition[]).filter((route) => hasSampleEvent(route.name)).map(scenarioOf),
  { name: fallbackRoute.name, route: '$default', event: async () => sampleEvent(fallbackRoute.name) },
];

export const scenarioFor = (name: FunctionName): Scenario | undefined =>
  scenarios.find((scenario) => scenario.name === name);

/** The status a function must answer its scenario with: a success, or the `$default` route's 404. */
export const answersAsExpected = (name: FunctionName, status: number): boolean =>
  name === fallbackRoute.name ? status === 404 : status >= 200 && status <= 299;
