import { areas } from '#shared/areas.ts';
import type { RouteDefinition, RouteName } from '#shared/routes.ts';
import { type Component, problemComponents } from './components.ts';
import { contactComponents, contactOperations } from './contacts.ts';
import { contractComponents } from './contract-components.ts';
import { contractOperations, contractsTag } from './contracts.ts';
import { docsComponents, docsOperations } from './docs.ts';
import { eventOperations } from './events.ts';
import type { OperationDoc } from './operation-doc.ts';
import { serviceComponents, serviceOperations } from './services.ts';
import { signingComponents, signingOperations } from './signing.ts';
import { studioComponents, studioOperations } from './studio.ts';
import { webhookComponents, webhookOperations, webhooksTag } from './webhooks.ts';

/** The documentation of every route, keyed by route name: a route without it does not compile. */
export const operationDocs: Record<RouteName, OperationDoc> = {
  ...contactOperations,
  ...serviceOperations,
  ...studioOperations,
  ...contractOperations,
  ...signingOperations,
  ...eventOperations,
  ...webhookOperations,
  ...docsOperations,
};

/** Every schema of `components.schemas` by name: the areas' records and bodies, problems and gateway answers. */
export const components: Record<string, Component> = {
  ...contactComponents,
  ...serviceComponents,
  ...studioComponents,
  ...contractComponents,
  ...signingComponents,
  ...webhookComponents,
  ...docsComponents,
  ...problemComponents,
};

/** Tag descriptions longer than an area declares: what integrators must know before they use the area. */
const tagProse: Readonly<Record<string, string>> = {
  [contractsTag.name]: contractsTag.description,
  [webhooksTag.name]: webhooksTag.description,
};

/** The areas' docs tags, each once (areas may share one), in the order of the list of areas. */
export const tags: readonly { name: string; description: string }[] = [
  ...new Map(
    areas.map(({ docsTag }) => [
      docsTag.name,
      { ...docsTag, description: tagProse[docsTag.name] ?? docsTag.description },
    ]),
  ).values(),
];

/** The name of the tag a route is documented under: its area's. */
export const tagOf = (route: Pick<RouteDefinition, 'area'>): string => {
  const area = areas.find(({ name }) => name === route.area);
  if (!area) throw new Error(`No area named ${route.area}`);
  return area.docsTag.name;
};
