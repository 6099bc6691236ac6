import * as v from 'valibot';
import type { Language } from '#shared/http/problem.ts';
import { type RouteDefinition, routes } from '#shared/routes.ts';
import { recordId } from '#shared/schema/record.ts';
import { toComponentSchemas, toInlineSchema, toQueryParameterSchema } from './json-schema.ts';
import type { OperationDoc } from './operation-doc.ts';
import { components, operationDocs, tagOf, tags } from './operations.ts';
import { requestBodyRef, splitRequestBodies } from './request-bodies.ts';
import {
  derivedProblems,
  gatewayResponse,
  problemResponse,
  successResponse,
  takesIdempotencyKey,
} from './responses.ts';
import { type CommonTexts, commonTexts } from './texts.ts';
import { apiDescription } from './texts-api.ts';
import { validationExample } from './validation-example.ts';

const parameters = (route: RouteDefinition, doc: OperationDoc, t: CommonTexts) => {
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
  const path = names.map((name) => {
    const given = name === 'id' ? { schema: recordId(), text: t.id } : doc.path?.[name];
    if (!given) throw new Error(`${route.name}: the path parameter ${name} has no documentation`);
    return { name, in: 'path', required: true, description: given.text, schema: toInlineSchema(given.schema) };
  });
  // The description goes on the parameter: in input mode the converter stops before `limit`'s transform.
  const query = Object.entries(doc.query?.schema.entries ?? {}).map(([name, schema]) => {
    const description = doc.query?.fields[name];
    if (description === undefined) throw new Error(`${route.name}: the query parameter ${name} has no documentation`);
    const required = schema.type !== 'optional';
    return { name, in: 'query', required, description, schema: toQueryParameterSchema(schema) };
  });
  const headers = [
    ...(route.method === 'PUT' || route.method === 'DELETE'
      ? [
          {
            name: 'If-Match',
            in: 'header',
            required: false,
            description: t.ifMatch,
            schema: toInlineSchema(v.string()),
          },
        ]
      : []),
    ...(takesIdempotencyKey(route)
      ? [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            description: t.idempotencyKey,
            schema: toInlineSchema(v.pipe(v.string(), v.minLength(1), v.maxLength(255))),
          },
        ]
      : []),
  ];
  return [...path, ...query, ...headers];
};

const rolesLine = (route: RouteDefinition, doc: OperationDoc, language: Language): string => {
  if (doc.signingToken) {
    return language === 'de'
      ? 'Ohne Bearer-Token: mit dem Token eines Unterschriftslinks, `Authorization: Signing <token>`.'
      : 'No bearer token: the token of a signing link, `Authorization: Signing <token>`.';
  }
  if (route.roles === 'public') return language === 'de' ? 'Öffentlich: kein Token nötig.' : 'Public: no token needed.';
  const roles = route.roles.map((role) => `\`${role}\``).join(language === 'de' ? ' oder ' : ' or ');
  return language === 'de' ? `Rollen: ${roles}.` : `Roles: ${roles}.`;
};

const operation = (route: RouteDefinition, doc: OperationDoc) => {
  const language = route.language;
  const t = commonTexts[language];
  const found = parameters(route, doc, t);
  const validation = validationExample(doc, language);
  const problems = [...derivedProblems(route, doc)].map(
    ([status, codes]) => [String(status), problemResponse(status, codes, language, t, validation)] as const,
  );
  const gateway = route.roles === 'public' ? [] : [['401', gatewayResponse(401, t)] as const];
  return {
    operationId: route.operationId ?? route.name,
    tags: [tagOf(route)],
    summary: doc.summary,
    description: `${doc.description}\n\n${rolesLine(route, doc, language)}`,
    ...(found.length ? { parameters: found } : {}),
    ...(doc.body ? { requestBody: { $ref: requestBodyRef(doc.body) } } : {}),
    responses: Object.fromEntries(
      [
        [String(doc.success.status), successResponse(route, doc, t)] as const,
        ...(doc.alsoSuccess
          ? [[String(doc.alsoSuccess.status), successResponse(route, { ...doc, success: doc.alsoSuccess }, t)] as const]
          : []),
        ...gateway,
        ...problems,
        // A route that limits its callers itself answers its own 429 (problem+json) where the gateway would.
        ...(problems.some(([status]) => status === '429') ? [] : [['429', gatewayResponse(429, t)] as const]),
      ].sort(([a], [b]) => Number(a) - Number(b)),
    ),
    security: route.roles !== 'public' ? [{ bearer: [] }] : doc.signingToken ? [{ signingToken: [] }] : [],
  };
};

/** The OpenAPI 3.1 document of the API, generated from the route table and the schemas. */
export const buildOpenApiDocument = () => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    // A route without documentation does not compile (`operationDocs` names every route); it is left out
    // here so that the rest stays servable while it is written, and the tests name what is missing.
    const doc: OperationDoc | undefined = operationDocs[route.name];
    if (doc) paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operation(route, doc) };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Studio API', version: '0.1.0', description: apiDescription },
    servers: [{ url: '/', description: 'This API' }],
    tags: [...tags],
    paths,
    components: {
      ...splitRequestBodies(
        toComponentSchemas(Object.fromEntries(Object.entries(components).map(([name, c]) => [name, c.documented]))),
      ),
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'A Cognito ID or access token of the stack’s user pool; its `cognito:groups` claim carries the roles `owner` and `staff`. Locally, `npm run token -- --role owner` prints one.',
        },
        signingToken: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description:
            '`Signing <token>`: der Token eines Unterschriftslinks (`POST /api/contracts/{id}/signing-sessions`), aus dem Fragment der URL. Einmal zum Unterschreiben, danach 15 Minuten für die Kopie.',
        },
      },
    },
  };
};

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
