import type { Language } from '#shared/http/problem.ts';
import { type Area, areaLanguages, type RouteName } from '#shared/routes.ts';
import { type Component, problemComponents } from './components.ts';
import { contactComponents, contactOperations } from './contacts.ts';
import { contractComponents } from './contract-components.ts';
import { contractOperations, contractsTag } from './contracts.ts';
import { docsComponents, docsOperations } from './docs.ts';
import type { OperationDoc } from './operation-doc.ts';
import { serviceComponents, serviceOperations } from './services.ts';
import { signingComponents, signingOperations } from './signing.ts';
import { studioComponents, studioOperations, studioTag } from './studio.ts';
import { webhookComponents, webhookOperations, webhooksTag } from './webhooks.ts';

/** The documentation of every route, keyed by route name: a route without it does not compile. */
export const operationDocs: Record<RouteName, OperationDoc> = {
  ...contactOperations,
  ...serviceOperations,
  ...studioOperations,
  ...contractOperations,
  ...signingOperations,
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

/** The route table's language column: contracts are documented in German, everything else in English (docs/architecture.md, "Language of responses"). */
export const languageOfArea = (area: Area): Language => areaLanguages[area];

export const tags: Record<Exclude<Area, 'system'>, { name: string; description: string }> = {
  contacts: {
    name: 'Contacts',
    description:
      'The studio’s customers. Email addresses are unique ignoring case; a contact that contracts refer to cannot be deleted.',
  },
  services: {
    name: 'Services',
    description:
      'What the studio sells, with a price per billing interval. Services are never deleted, only set inactive.',
  },
  studio: studioTag,
  contracts: contractsTag,
  webhooks: webhooksTag,
  docs: { name: 'Documentation', description: 'This document and the page that renders it. Public: no token needed.' },
};
