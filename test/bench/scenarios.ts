import { cancellationBody, contactBody, signatureBody } from './bodies.ts';
import type { FunctionName } from './bundles.ts';
import { type BenchEvent, routeEvent, unknownRouteEvent } from './events.ts';
import { type Fixtures, nextTag } from './fixtures.ts';

/** One typical request of a function, against a table's fixtures. */
export interface Scenario {
  name: FunctionName;
  expectedStatus: number;
  /** The next request's event; requests that use something up (delete, sign, cancel) get a fresh record. */
  event(fixtures: Fixtures): Promise<BenchEvent>;
}

const page = 'limit=25';

// biome-ignore format: one scenario per line
export const scenarios: readonly Scenario[] = [
  { name: 'contacts-list', expectedStatus: 200, event: async () => routeEvent('contacts-list', { query: page }) },
  { name: 'contacts-create', expectedStatus: 201, event: async () => routeEvent('contacts-create', { body: contactBody(nextTag()) }) },
  { name: 'contacts-get', expectedStatus: 200, event: async (f) => routeEvent('contacts-get', { id: f.contactId }) },
  { name: 'contacts-replace', expectedStatus: 200, event: async (f) => routeEvent('contacts-replace', { id: f.replaceContact.id, body: f.replaceContact.body }) },
  { name: 'contacts-delete', expectedStatus: 204, event: async (f) => routeEvent('contacts-delete', { id: await f.freshContact() }) },
  { name: 'services-list', expectedStatus: 200, event: async () => routeEvent('services-list', { query: page }) },
  { name: 'services-create', expectedStatus: 201, event: async (f) => routeEvent('services-create', { body: f.replaceService.body }) },
  { name: 'services-get', expectedStatus: 200, event: async (f) => routeEvent('services-get', { id: f.serviceId }) },
  { name: 'services-replace', expectedStatus: 200, event: async (f) => routeEvent('services-replace', { id: f.replaceService.id, body: f.replaceService.body }) },
  { name: 'contracts-list', expectedStatus: 200, event: async () => routeEvent('contracts-list', { query: page }) },
  { name: 'contracts-create', expectedStatus: 201, event: async (f) => routeEvent('contracts-create', { body: f.contractBody }) },
  { name: 'contracts-get', expectedStatus: 200, event: async (f) => routeEvent('contracts-get', { id: f.signedContractId }) },
  { name: 'contracts-sign', expectedStatus: 201, event: async (f) => { const c = await f.freshContract(); return routeEvent('contracts-sign', { id: c.id, body: signatureBody(c.documentHash) }); } },
  { name: 'contracts-verify', expectedStatus: 200, event: async (f) => routeEvent('contracts-verify', { id: f.signedContractId }) },
  { name: 'contracts-cancel', expectedStatus: 200, event: async (f) => routeEvent('contracts-cancel', { id: (await f.freshContract()).id, body: cancellationBody() }) },
  { name: 'docs-openapi', expectedStatus: 200, event: async () => routeEvent('docs-openapi') },
  { name: 'docs-page', expectedStatus: 200, event: async () => routeEvent('docs-page') },
  { name: 'docs-asset', expectedStatus: 200, event: async () => routeEvent('docs-asset', { parameters: { asset: 'docs.js' } }) },
  { name: 'not-found', expectedStatus: 404, event: async () => unknownRouteEvent() },
];

/** The scenario of a function; a route added without one is reported as not measured. */
export const scenarioFor = (name: FunctionName): Scenario | undefined =>
  scenarios.find((scenario) => scenario.name === name);

export const scenarioOf = (name: FunctionName): Scenario => {
  const found = scenarioFor(name);
  if (!found) throw new Error(`No scenario for ${name}`);
  return found;
};
