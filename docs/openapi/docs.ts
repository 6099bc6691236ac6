import * as v from 'valibot';
import { docsAssets } from '#shared/docs-page/page.ts';
import type { AreaDocs, RouteNameOf } from './area-docs.ts';
import { type Component, component } from './components.ts';
import type { OperationDoc } from './operation-doc.ts';

const OpenApiDocument = component(
  v.looseObject({
    openapi: v.literal('3.1.0'),
    info: v.looseObject({ title: v.string(), version: v.string() }),
    paths: v.looseObject({}),
  }),
  'OpenApiDocument',
  {
    openapi: 'The OpenAPI version of this document.',
    info: {
      text: 'Title, version and the conventions of the API.',
      fields: { title: 'The name of the API.', version: 'The version of the API.' },
    },
    paths: 'One operation per route of the API.',
  },
  {
    text: 'This very document, generated from the route table and the schemas that validate requests and shape responses.',
    examples: [{ openapi: '3.1.0', info: { title: 'Studio API', version: '0.1.0' }, paths: {} }],
  },
);

export const docsComponents = { OpenApiDocument } satisfies Record<string, Component>;

const text = v.string();

export const docsOperations = {
  'docs-openapi': {
    summary: 'Get the OpenAPI document',
    description:
      'This document: OpenAPI 3.1, generated from the route table and the valibot schemas the API validates with. English for contacts and services, German for contracts. Public.',
    success: { status: 200, description: 'The OpenAPI document.', content: { 'application/json': OpenApiDocument } },
  },
  'docs-page': {
    summary: 'Read the documentation',
    description:
      'A page that renders this document with Swagger UI, served from the API itself (no CDN) under a strict Content-Security-Policy. Public.',
    success: { status: 200, description: 'The HTML page.', content: { 'text/html': text } },
  },
  'docs-asset': {
    summary: 'Get a file of the documentation page',
    description:
      'The scripts, style sheet and icon that the documentation page loads; gzipped when the client accepts it. Public.',
    path: { asset: { schema: v.picklist([...docsAssets.keys()]), text: 'The name of the file.' } },
    success: {
      status: 200,
      description: 'The file.',
      content: { 'text/javascript': text, 'text/css': text, 'image/png': text },
    },
    problems: { 404: ['not-found'] },
  },
} satisfies Record<RouteNameOf<'docs'>, OperationDoc>;

/** Loaded by operations.ts by the area's name. */
export const docs: AreaDocs = { operations: docsOperations, components: docsComponents };
