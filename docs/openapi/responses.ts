import type { JsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import {
  type Language,
  type ProblemCode,
  type ProblemDocument,
  problemCatalogue,
  problemTypeBase,
} from '#shared/http/problem.ts';
import type { RouteDefinition } from '#shared/routes.ts';
import type { Component } from './components.ts';
import { componentRef, toInlineSchema } from './json-schema.ts';
import type { Body, OperationDoc } from './operation-doc.ts';
import { components } from './operations.ts';
import type { CommonTexts } from './texts.ts';

const componentNames = new Map(Object.entries(components).map(([name, found]) => [found, name]));

const isComponent = (body: Body): body is Component => componentNames.has(body as Component);

export const schemaOf = (body: Body): JsonSchema =>
  isComponent(body) ? { $ref: componentRef(componentNames.get(body) ?? '') } : toInlineSchema(body);

const header = (schema: v.GenericSchema, description: string) => ({ description, schema: toInlineSchema(schema) });

const responseHeaders = (t: CommonTexts) => ({
  requestId: header(v.string(), t.requestId),
  etag: header(v.pipe(v.string(), v.regex(/^"\d+"$/)), t.etag),
  location: header(v.string(), t.location),
  link: header(v.string(), t.link),
  retryAfter: header(v.pipe(v.string(), v.regex(/^\d+$/)), t.retryAfter),
  replayed: header(v.literal('true'), t.idempotentReplayed),
});

type ProblemsByStatus = Map<number, Set<ProblemCode>>;

/** Every POST but those whose answers carry a secret (`idempotentReplays: false` in the route table). */
export const takesIdempotencyKey = (route: RouteDefinition): boolean =>
  route.method === 'POST' && route.idempotentReplays !== false;

/** The problems every route of this kind can answer, from the route table alone. */
export const derivedProblems = (route: RouteDefinition, doc: OperationDoc): ProblemsByStatus => {
  const problems: ProblemsByStatus = new Map();
  const add = (status: number, ...codes: ProblemCode[]) => {
    const set = problems.get(status) ?? new Set();
    for (const code of codes) set.add(code);
    problems.set(status, set);
  };
  if (doc.body) add(400, 'validation-failed', 'malformed-json');
  if (route.method === 'POST') add(400, 'validation-failed');
  if (route.roles !== 'public') add(403, 'forbidden');
  if (route.path.includes('{id}')) add(404, 'not-found');
  if (takesIdempotencyKey(route)) add(409, 'request-in-progress');
  if (route.method === 'PUT' || route.method === 'DELETE') add(412, 'precondition-failed');
  if (doc.body) add(413, 'payload-too-large');
  if (doc.body) add(415, 'unsupported-media-type');
  if (takesIdempotencyKey(route)) add(422, 'idempotency-key-reused');
  add(500, 'internal');
  if (route.data !== 'none') add(503, 'service-unavailable');
  for (const [status, codes] of Object.entries(doc.problems ?? {})) add(Number(status), ...codes);
  return new Map([...problems].sort(([a], [b]) => a - b));
};

const problemExample = (code: ProblemCode, language: Language, validation: ProblemDocument | undefined) => {
  const { status } = problemCatalogue[code];
  const title = problemCatalogue[code][language];
  const value =
    code === 'validation-failed' && validation ? validation : { type: `${problemTypeBase}${code}`, title, status };
  return { summary: title, value };
};

export const problemResponse = (
  status: number,
  codes: Set<ProblemCode>,
  language: Language,
  t: CommonTexts,
  validation?: ProblemDocument,
) => {
  const headers = responseHeaders(t);
  const list = [...codes].map((code) => `\`${code}\``).join(', ');
  const extra = {
    ...(codes.has('precondition-failed') ? { ETag: headers.etag } : {}),
    ...(codes.has('service-unavailable') || codes.has('request-in-progress')
      ? { 'Retry-After': headers.retryAfter }
      : {}),
  };
  return {
    description: `${t.status[status] ?? ''} ${t.problemTypes}: ${list}.`.trim(),
    headers: { 'X-Request-Id': headers.requestId, ...extra },
    content: {
      'application/problem+json': {
        schema: { $ref: componentRef(language === 'de' ? 'ProblemDe' : 'Problem') },
        examples: Object.fromEntries([...codes].map((code) => [code, problemExample(code, language, validation)])),
      },
    },
  };
};

export const gatewayResponse = (status: 401 | 429, t: CommonTexts) => ({
  description: t.status[status] ?? '',
  content: {
    'application/json': {
      schema: { $ref: componentRef('GatewayAnswer') },
      example: { message: status === 401 ? 'Unauthorized' : 'Too Many Requests' },
    },
  },
});

export const successResponse = (route: RouteDefinition, doc: OperationDoc, t: CommonTexts) => {
  const headers = responseHeaders(t);
  const { success } = doc;
  return {
    description: success.description,
    headers: {
      'X-Request-Id': headers.requestId,
      ...(success.headers?.includes('etag') ? { ETag: headers.etag } : {}),
      ...(success.headers?.includes('location') ? { Location: headers.location } : {}),
      ...(success.headers?.includes('link') ? { Link: headers.link } : {}),
      ...(takesIdempotencyKey(route) ? { 'Idempotent-Replayed': headers.replayed } : {}),
    },
    ...(success.content
      ? {
          content: Object.fromEntries(
            Object.entries(success.content).map(([mediaType, body]) => [mediaType, { schema: schemaOf(body) }]),
          ),
        }
      : {}),
  };
};
