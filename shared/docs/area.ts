import type { AreaDefinition } from '../areas.ts';
import type { GeneratedFile } from '../routes.ts';

/** What the API documentation page loads: the Swagger UI renderer and our own start script, all self-hosted. */
export const docsPageFiles = [
  'node_modules/swagger-ui-dist/swagger-ui-bundle.js',
  'node_modules/swagger-ui-dist/swagger-ui.css',
  'node_modules/swagger-ui-dist/favicon-32x32.png',
  'shared/docs-page/swagger-start.js',
] as const;

/** The OpenAPI document, generated from the schemas by `docs/openapi/` (which no handler imports). */
export const openApiDocumentFile = {
  path: 'docs/generated/openapi.json',
  generator: 'docs/openapi/write-document.ts',
} as const satisfies GeneratedFile;

// biome-ignore format: one route per line keeps the table readable
export const docsArea = {
  name: 'docs',
  language: 'en',
  docsTag: { name: 'Documentation', description: 'This document and the page that renders it. Public: no token needed.' },
  routes: [
    { name: 'docs-openapi', method: 'GET', path: '/api/openapi.json', entry: 'functions/docs/openapi.ts', roles: 'public', data: 'none', files: [openApiDocumentFile] },
    { name: 'docs-page', method: 'GET', path: '/api/docs', entry: 'functions/docs/page.ts', roles: 'public', data: 'none' },
    { name: 'docs-asset', method: 'GET', path: '/api/docs/{asset}', entry: 'functions/docs/asset.ts', roles: 'public', data: 'none', files: docsPageFiles },
  ],
  eventTypes: [],
  entities: {},
  sampleIds: {},
  sampleRequests: () => ({
    'docs-asset': { parameters: { asset: 'swagger-start.js' } },
  }),
} as const satisfies AreaDefinition;
