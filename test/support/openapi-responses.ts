import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { type RouteDefinition, routes } from '#shared/routes.ts';
import { buildOpenApiDocument } from '../../docs/openapi/document.ts';

/*
 * Holds every answer the HTTP tests receive against the OpenAPI document, with
 * an independent validator (Ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses): the
 * route, the status and the media type must be documented, and the body must
 * match the documented schema. What the document does not cover is a failure
 * that says what to document and where.
 */

type Json = Record<string, any>;

const base = 'https://studio.example/openapi.json';
const document = buildOpenApiDocument() as Json;

// ajv-formats is CommonJS: under ESM its plugin is the `default` of what the import gives.
const addFormats = formats.default;
const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats(ajv);
// The document's schemas as one schema of definitions; `#/components/schemas/X` points into it.
const withAbsoluteRefs = (schema: unknown): Json =>
  JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${base}#/$defs/`));
ajv.addSchema({ $id: base, $defs: withAbsoluteRefs(document.components.schemas) });

const table: readonly RouteDefinition[] = routes;
const templates = table.map((route) => ({
  route,
  pattern: new RegExp(`^${route.path.replace(/\{\w+\}/g, '[^/]+')}$`),
  literalSegments: route.path.split('/').filter((segment) => segment && !segment.startsWith('{')).length,
}));

/** The route API Gateway would pick for the request, or undefined when `$default` answers. */
const routeOf = (method: string, path: string): RouteDefinition | undefined =>
  templates
    .filter((template) => template.route.method === method && template.pattern.test(path))
    .sort((a, b) => b.literalSegments - a.literalSegments)[0]?.route;

const validators = new Map<string, ValidateFunction>();
const validatorFor = (key: string, schema: Json): ValidateFunction => {
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(withAbsoluteRefs(schema));
    validators.set(key, validate);
  }
  return validate;
};

const problemSchema = { $ref: '#/components/schemas/Problem' };

export interface ReceivedResponse {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

/** Why the response breaks the document, or undefined when it conforms. */
export const documentViolation = (method: string, url: string, response: ReceivedResponse): string | undefined => {
  const path = new URL(url).pathname;
  const request = `${method} ${path}`;
  const answered = `${request} answered ${response.status}`;
  // API Gateway answers CORS preflights itself: they are not operations of the API.
  if (method === 'OPTIONS') return undefined;
  const route = routeOf(method, path);
  let content: Json | undefined;
  let operationName: string;
  if (!route) {
    // Unknown routes reach `$default`, whose function answers 404 problem+json; the document lists only routes.
    if (response.status !== 404) return `${answered}, but no route matches and \`$default\` only answers 404`;
    content = { 'application/problem+json': { schema: problemSchema } };
    operationName = '$default';
  } else {
    const operation = document.paths[route.path]?.[route.method.toLowerCase()] as Json | undefined;
    if (!operation) {
      return `${answered}: the route ${route.name} (${route.method} ${route.path}) is not documented in the OpenAPI document yet. Add its OperationDoc to its area's file in docs/openapi/ (operationDocs in docs/openapi/operations.ts).`;
    }
    const documented = operation.responses[String(response.status)] as Json | undefined;
    if (!documented) {
      const statuses = Object.keys(operation.responses).join(', ');
      return `${answered}, a status the OpenAPI document does not list for ${route.name} (it lists ${statuses}). Document it (the success or \`problems\` of its OperationDoc in docs/openapi/) or fix the handler.`;
    }
    content = documented.content;
    operationName = route.name;
  }
  const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!content) {
    return response.text === '' ? undefined : `${answered} with a body, but ${operationName} documents none for it`;
  }
  const media = content[mediaType] as Json | undefined;
  if (!media) {
    return `${answered} with \`${mediaType || 'no Content-Type'}\`, but ${operationName} documents ${Object.keys(content).join(', ')} for it`;
  }
  if (!mediaType.endsWith('json')) return undefined;
  const validate = validatorFor(`${operationName} ${response.status} ${mediaType}`, media.schema);
  if (validate(response.body)) return undefined;
  const errors = (validate.errors ?? [])
    .slice(0, 10)
    .map((error) => `  ${error.instancePath || '(body)'} ${error.message} ${JSON.stringify(error.params)}`)
    .join('\n');
  return `${answered} with a body that does not match the OpenAPI document (${operationName}, ${response.status}, ${mediaType}):\n${errors}\nbody: ${response.text.slice(0, 500)}`;
};

/** Whether the document lets a client send `body` as the request body `name` (`components.requestBodies`). */
export const documentAcceptsBody = (name: string, body: unknown): boolean =>
  validatorFor(
    `request body ${name}`,
    document.components.requestBodies[name].content['application/json'].schema,
  )(body);

/** Whether the document lets a client send `value` as the query parameter `name` of `method path`. */
export const documentAcceptsQuery = (method: string, path: string, name: string, value: unknown): boolean => {
  const parameter = (document.paths[path][method.toLowerCase()].parameters as Json[]).find(
    (candidate) => candidate.in === 'query' && candidate.name === name,
  );
  if (!parameter) throw new Error(`${method} ${path} documents no query parameter ${name}`);
  return validatorFor(`query ${method} ${path} ${name}`, parameter.schema)(value);
};
