import { createConfig, lintFromString } from '@redocly/openapi-core';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { ContactList, ContactRecord } from '#shared/contacts/schema.ts';
import { ContractList, ContractWithSignaturesRecord } from '#shared/contracts/schema.ts';
import { VerificationRecord } from '#shared/contracts/signature-schema.ts';
import { problemCatalogue } from '#shared/http/problem.ts';
import { type RouteDefinition, type RouteName, routes } from '#shared/routes.ts';
import { ServiceRecord } from '#shared/services/schema.ts';
import { ProblemDocumentSchema } from '../../docs/openapi/components.ts';
import { components, operationDocs } from '../../docs/openapi/operations.ts';
import type { FunctionName } from '../bench/bundles.ts';
import { unique, useApi } from '../support/api.ts';
import { builtFunctions } from '../support/function-bundles.ts';
import { useStudioProfile } from '../support/studio.ts';

const api = useApi();
// Contracts name the studio as a party: none can be created before its profile exists.
useStudioProfile(api);
const table: readonly RouteDefinition[] = routes;

type Json = Record<string, any>;
let document: Json;

beforeAll(async () => {
  // The document as an integrator fetches it: without a token.
  const response = await api.request('GET', '/api/openapi.json', { as: null });
  expect(response.status).toBe(200);
  document = response.body;
});

const operationOf = (route: RouteDefinition): Json => document.paths[route.path]?.[route.method.toLowerCase()];

const operations = (): { route: RouteDefinition; operation: Json }[] =>
  table.map((route) => ({ route, operation: operationOf(route) }));

/** Every `example` and `examples` in the document, with its JSON pointer. */
const examplesIn = (node: unknown, pointer = '#'): { pointer: string; key: string; owner: Json }[] => {
  if (typeof node !== 'object' || node === null) return [];
  const found: { pointer: string; key: string; owner: Json }[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'example' || key === 'examples') found.push({ pointer: `${pointer}/${key}`, key, owner: node as Json });
    else found.push(...examplesIn(value, `${pointer}/${key}`));
  }
  return found;
};

/** The schema of a request body of `components.requestBodies`. */
const requestBody = (name: string): Json => document.components.requestBodies[name].content['application/json'].schema;

const componentBehind = (schema: Json | undefined) => {
  const name = /^#\/components\/schemas\/(.+)$/.exec(schema?.$ref ?? '')?.[1];
  return name === undefined ? undefined : components[name];
};

/** Properties without a description, in a schema and everything nested in it. */
const undescribed = (schema: unknown, pointer: string): string[] => {
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as Json;
  const own = Object.entries((node.properties ?? {}) as Record<string, Json>).flatMap(([name, property]) => [
    ...(typeof property.description === 'string' && property.description.length > 0 ? [] : [`${pointer}/${name}`]),
    ...undescribed(property, `${pointer}/${name}`),
  ]);
  const nested = [...(node.anyOf ?? []), ...(node.items ? [node.items] : [])].flatMap((inner: Json) =>
    undescribed(inner, pointer),
  );
  return [...own, ...nested];
};

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document by Redocly’s strict recommended rules, examples included', async () => {
    // prepare
    const config = await createConfig({
      extends: ['recommended-strict'],
      rules: {
        // A private API of the studio: there is no licence to name.
        'info-license': 'off',
        'no-invalid-schema-examples': 'error',
        'no-invalid-parameter-examples': 'error',
        'no-invalid-media-type-examples': 'error',
      },
    });

    // act
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });

    // assess
    expect(document.openapi).toBe('3.1.0');
    expect(
      problems.map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`),
    ).toEqual([]);
  });

  it('documents exactly the operations of the route table, each with its path parameters', () => {
    // act
    const documented = Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );

    // assess
    expect(documented.sort()).toEqual(table.map((route) => `${route.method} ${route.path}`).sort());
    for (const { route, operation } of operations()) {
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const pathParameters = (operation.parameters ?? []).filter((parameter: Json) => parameter.in === 'path');
      expect(
        pathParameters.map((parameter: Json) => parameter.name),
        route.name,
      ).toEqual(names);
      for (const parameter of pathParameters) expect(parameter).toMatchObject({ required: true });
      expect(operation.operationId).toBe(route.operationId ?? route.name);
    }
  });

  it('gives every operation an operationId of its own, which no other route has as its name', () => {
    // act
    const ids = table.map((route) => route.operationId ?? route.name);
    const renamed = table.filter((route) => route.operationId !== undefined);

    // assess
    expect(ids.length).toBe(new Set(ids).size);
    for (const route of renamed) {
      expect(
        table.filter((other) => other.name === route.operationId && other !== route),
        route.name,
      ).toEqual([]);
    }
  });

  it('has operation documentation for every route of the table and for nothing else', () => {
    expect(Object.keys(operationDocs).sort()).toEqual(table.map((route) => route.name).sort());
  });

  it('lets every example pass the valibot schema its component was generated from', () => {
    // prepare
    const examples = examplesIn(document);

    // act
    const checked = examples.map(({ pointer, key, owner }) => {
      const inComponent =
        /^#\/components\/(?:schemas\/([^/]+)|requestBodies\/([^/]+)\/content\/application\/json\/schema)\/examples$/
          .exec(pointer)
          ?.slice(1)
          .find((name) => name !== undefined);
      const component = inComponent === undefined ? componentBehind(owner.schema) : components[inComponent];
      const values: unknown[] =
        key === 'example'
          ? [owner.example]
          : Array.isArray(owner.examples)
            ? owner.examples
            : Object.values(owner.examples as Record<string, { value: unknown }>).map((example) => example.value);
      return {
        pointer,
        checkedBy: component ? 'valibot' : 'nothing',
        issues: component
          ? values.flatMap(
              (value) => v.safeParse(component.validates, value).issues?.map((issue) => issue.message) ?? [],
            )
          : [],
      };
    });

    // assess
    expect(examples.length).toBeGreaterThan(30);
    for (const result of checked) expect(result, result.pointer).toMatchObject({ checkedBy: 'valibot', issues: [] });
  });

  it('describes every field of every schema', () => {
    const schemas = {
      ...document.components.schemas,
      ...Object.fromEntries(
        Object.entries(document.components.requestBodies as Record<string, Json>).map(([name, body]) => [
          name,
          body.content['application/json'].schema,
        ]),
      ),
    } as Record<string, Json>;
    const missing = Object.entries(schemas).flatMap(([name, schema]) => [
      ...(schema.description ? [] : [name]),
      ...undescribed(schema, name),
    ]);

    expect(missing).toEqual([]);
  });

  it('asks for the bearer token on every operation but the public ones', () => {
    // assess
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const { route, operation } of operations()) {
      if (route.roles === 'public') {
        // The signing page's API checks its own token (`Authorization: Signing …`) in the function: its 401 is a problem.
        if (operationDocs[route.name as RouteName].signingToken) {
          expect(operation.security, route.name).toEqual([{ signingToken: [] }]);
          expect(Object.keys(operation.responses['401'].content), route.name).toEqual(['application/problem+json']);
          continue;
        }
        expect(operation.security, route.name).toEqual([]);
        expect(operation.responses['401'], route.name).toBeUndefined();
      } else {
        expect(operation.security, route.name).toEqual([{ bearer: [] }]);
        expect(operation.responses['401'], route.name).toBeDefined();
        expect(operation.responses['403'], route.name).toBeDefined();
      }
    }
  });

  it('documents the status codes each kind of route answers, errors as problem+json', () => {
    for (const { route, operation } of operations()) {
      const statuses = Object.keys(operation.responses);
      const problemStatuses = statuses.filter((status) => Number(status) >= 400 && !['401', '429'].includes(status));
      if (route.path.includes('{id}')) expect(statuses, route.name).toContain('404');
      if (operation.requestBody) expect(statuses, route.name).toEqual(expect.arrayContaining(['400', '413', '415']));
      if (route.method === 'PUT' || route.method === 'DELETE') expect(statuses, route.name).toContain('412');
      if (route.data !== 'none') expect(statuses, route.name).toContain('503');
      expect(statuses, route.name).toEqual(expect.arrayContaining(['429', '500']));
      for (const status of problemStatuses) {
        expect(Object.keys(operation.responses[status].content), `${route.name} ${status}`).toEqual([
          'application/problem+json',
        ]);
      }
    }
  });

  it('documents X-Request-Id on every answer of the API, ETag, Location, If-Match and Idempotency-Key where they apply', () => {
    // Only the answers that carry a secret the server does not keep are never replayed.
    expect(
      table
        .filter((route) => route.idempotentReplays === false)
        .map((route) => route.name)
        .sort(),
    ).toEqual(['signing-sessions-open', 'webhooks-create']);
    for (const { route, operation } of operations()) {
      const headerNames = (operation.parameters ?? [])
        .filter((parameter: Json) => parameter.in === 'header')
        .map((parameter: Json) => parameter.name);
      for (const [status, response] of Object.entries(operation.responses as Record<string, Json>)) {
        if (status !== '401' && status !== '429')
          expect(response.headers, `${route.name} ${status}`).toHaveProperty('X-Request-Id');
      }
      const success = operation.responses[String(operationDocs[route.name as RouteName].success.status)];
      if (route.name.endsWith('-create'))
        expect(Object.keys(success.headers), route.name).toEqual(expect.arrayContaining(['ETag', 'Location']));
      if (/-(get|replace)$/.test(route.name)) expect(success.headers, route.name).toHaveProperty('ETag');
      if (route.method === 'PUT' || route.method === 'DELETE') expect(headerNames, route.name).toContain('If-Match');
      // A POST whose answer carries a secret (`idempotentReplays: false`) stores no answer to replay.
      if (route.method === 'POST' && route.idempotentReplays !== false)
        expect(headerNames, route.name).toContain('Idempotency-Key');
      if (route.idempotentReplays === false) expect(headerNames, route.name).not.toContain('Idempotency-Key');
      if (route.method === 'GET') expect(headerNames, route.name).toEqual([]);
    }
  });

  it('documents lists with the list envelope and their query parameters', () => {
    // act
    const list = operationOf(table.find((route) => route.name === 'contacts-list') as RouteDefinition);
    const envelope = document.components.schemas.ContactList;

    // assess
    expect(list.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ContactList',
    });
    expect(envelope.required).toEqual(['items', 'nextCursor']);
    expect(envelope.properties.items.items).toEqual({ $ref: '#/components/schemas/Contact' });
    expect(list.parameters.map((parameter: Json) => parameter.name)).toEqual(['limit', 'cursor', 'search']);
  });

  it('documents contracts and their signing in German: tag, summaries, descriptions, fields and problem titles', () => {
    // prepare
    const contracts = operations().filter(({ route }) => ['contracts', 'signing', 'documents'].includes(route.area));
    const tag = (document.tags as Json[]).find((entry) => entry.name === 'Verträge');
    const schemas = document.components.schemas;

    // assess
    expect(contracts.length).toBe(
      table.filter((route) => ['contracts', 'signing', 'documents'].includes(route.area)).length,
    );
    expect(contracts.length).toBeGreaterThanOrEqual(9);
    for (const { route, operation } of contracts) {
      expect(operation.tags, route.name).toEqual([route.area === 'signing' ? 'Unterschrift am Tablet' : 'Verträge']);
      expect(operation.summary, route.name).toMatch(/^Vertr(ag|äge) /);
      expect(operation.description, route.name).toMatch(
        /Rollen: |Öffentlich: kein Token nötig\.|Authorization: Signing/,
      );
      const problem = operation.responses['500'].content['application/problem+json'];
      expect(problem.schema).toEqual({ $ref: '#/components/schemas/ProblemDe' });
      expect(problem.examples.internal.value.title).toBe(problemCatalogue.internal.de);
    }
    const sign = contracts.find(({ route }) => route.name === 'contracts-sign');
    expect(sign?.operation.description).toContain('Unterschrift');
    for (const word of ['Dokument-Hash', 'Siegel', 'Prüfung', 'Kündigung', '§ 309 Nr. 9 Buchst. a BGB'])
      expect(tag?.description).toContain(word);
    expect(requestBody('ContractInput').properties.minimumTermMonths.description).toContain(
      '§ 309 Nr. 9 Buchst. a BGB',
    );
    // One variant per unit, each with the maximum the server checks and the same field descriptions.
    const notice = requestBody('ContractInput').properties.noticePeriod.oneOf as Json[];
    expect(notice.map((variant) => [variant.properties.unit.const, variant.properties.value.maximum])).toEqual([
      ['day', 28],
      ['week', 4],
      ['month', 1],
    ]);
    for (const variant of notice) expect(variant.properties.value.description).toContain('§ 309 Nr. 9 Buchst. c BGB');
    expect(schemas.Contract.properties.documentHash.description).toMatch(/^Dokument-Hash: `sha256:`/);
    expect(schemas.Signature.properties.seal.description).toContain('beweist nicht, wer den Stift hielt');
    expect(schemas.ProblemDe.properties.title.description).toMatch(/^Kurze Zusammenfassung/);
  });

  it('documents contacts and services in English', () => {
    // prepare
    const english = operations().filter(({ route }) => route.area === 'contacts' || route.area === 'services');

    // assess
    for (const { route, operation } of english) {
      expect(operation.tags, route.name).toEqual([route.area === 'contacts' ? 'Contacts' : 'Services']);
      expect(operation.summary, route.name).toMatch(
        /^(List|Create|Get|Replace|Delete|Export|Erase) (a )?(contact|service)s?$/,
      );
      expect(operation.description, route.name).toMatch(/Roles: /);
      const problem = operation.responses['500'].content['application/problem+json'];
      expect(problem.schema).toEqual({ $ref: '#/components/schemas/Problem' });
      expect(problem.examples.internal.value.title).toBe(problemCatalogue.internal.en);
    }
    expect(requestBody('ContactInput').properties.email.description).toMatch(/^Email address/);
    expect(document.components.schemas.Service.properties.price.properties.amount.description).toMatch(/minor units/);
  });
});

describe('what the document states about requests', () => {
  /** Every object schema in a schema and below it, with where it is. */
  const objectsIn = (schema: unknown, pointer: string): { pointer: string; schema: Json }[] => {
    if (typeof schema !== 'object' || schema === null) return [];
    const node = schema as Json;
    const own = node.properties ? [{ pointer, schema: node }] : [];
    const nested = Object.entries(node).flatMap(([key, value]) =>
      key === 'examples' ? [] : objectsIn(value, `${pointer}/${key}`),
    );
    return [...own, ...nested];
  };

  it('never lists a field with a default as required in a request body, and records list every field', () => {
    // prepare
    const bodies = Object.keys(document.components.requestBodies).flatMap((name) => objectsIn(requestBody(name), name));
    const records = ['Contact', 'Service', 'Contract', 'ContractSummary', 'Signature'].flatMap((name) =>
      objectsIn(document.components.schemas[name], name),
    );

    // act
    const requiredWithDefault = bodies.flatMap(({ pointer, schema }) =>
      Object.entries(schema.properties as Record<string, Json>)
        .filter(([name, property]) => 'default' in property && (schema.required ?? []).includes(name))
        .map(([name]) => `${pointer}/${name}`),
    );
    const optionalInRecords = records.flatMap(({ pointer, schema }) =>
      Object.keys(schema.properties)
        .filter((name) => !(schema.required ?? []).includes(name))
        .map((name) => `${pointer}/${name}`),
    );

    // assess
    expect(bodies.some(({ schema }) => Object.values(schema.properties).some((p: any) => 'default' in p))).toBe(true);
    expect(requiredWithDefault).toEqual([]);
    // Only the totals of intervals that occur are absent in a record.
    expect(optionalInRecords.every((pointer) => /\/totals\/(once|week|month|quarter|year)$/.test(pointer))).toBe(true);
  });

  it('gives each operation a 400 example naming a field of its own body or query, as the server answers it', () => {
    for (const { route, operation } of operations()) {
      const example = operation.responses['400']?.content['application/problem+json'].examples['validation-failed'];
      if (!example) continue;
      const own = [
        ...Object.keys(
          operation.requestBody ? requestBody(operation.requestBody.$ref.split('/').at(-1)).properties : {},
        ),
        ...(operation.parameters ?? []).filter((p: Json) => p.in === 'query').map((p: Json) => p.name),
      ];
      const paths = (example.value.errors as { path: string }[]).map((error) => error.path.split('.')[0]);
      expect(paths.length, route.name).toBeGreaterThan(0);
      for (const path of paths) expect(own, `${route.name}: ${path}`).toContain(path);
    }
  });

  it('states the list limit as an integer, the code lists as enums and blank text as refused', () => {
    // prepare
    const list = operationOf(table.find((route) => route.name === 'contacts-list') as RouteDefinition);
    const limit = list.parameters.find((parameter: Json) => parameter.name === 'limit');
    const address = requestBody('ContactInput').properties.address.anyOf[0];
    const price = requestBody('ServiceInput').properties.price;

    // assess
    expect(limit.schema).toEqual({ type: 'integer', minimum: 1, maximum: 100, default: 25 });
    expect(address.properties.country.enum).toEqual(expect.arrayContaining(['DE', 'GB', 'US', 'FR']));
    expect(address.properties.country.enum).not.toEqual(expect.arrayContaining(['EU']));
    expect(address.properties.country.enum).not.toEqual(expect.arrayContaining(['UK']));
    expect(price.properties.currency.enum).toEqual(expect.arrayContaining(['EUR', 'USD', 'CHF']));
    expect(requestBody('SignatureInput').properties.signatureImage.pattern).toMatch(/^\^data:image/);
  });
});

describe('the generator and its prose', () => {
  it('are in no function’s bundle: handlers read the generated document, they never import docs/', async () => {
    // act: every function as the stack builds it, built once per run for this check and the bundle budgets
    const built = await builtFunctions();
    const inputs = [...new Set([...built.values()].flatMap((bundle) => bundle.inputs))];

    // assess
    expect(table.map((route) => route.name).filter((name) => !built.has(name as FunctionName))).toEqual([]);
    expect(inputs.filter((input) => input.startsWith('docs/') || input.includes('@valibot/to-json-schema'))).toEqual(
      [],
    );
    expect(inputs).toContain('functions/docs/openapi.ts');
    // Bundling every function: over 30 s on a busy 2-core machine.
  }, 180_000);
});

describe('the documented schemas against the real API', () => {
  const expectValid = (schema: v.GenericSchema, body: unknown) =>
    expect(
      v.safeParse(schema, body).issues?.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`),
    ).toBeUndefined();

  it('describe what the API answers for contacts, services, contracts, signatures, verification and problems', async () => {
    // prepare
    const contact = await api.request('POST', '/api/contacts', {
      body: { firstName: 'Erika', lastName: unique('Docs'), email: `${unique('docs')}@example.com` },
    });
    const service = await api.request('POST', '/api/services', {
      body: { name: unique('Docs '), price: { amount: 4900, currency: 'EUR' }, billingInterval: 'month' },
    });
    const contract = await api.request('POST', '/api/contracts', {
      body: { contactId: contact.body.id, items: [{ serviceId: service.body.id }], startDate: '2026-12-01' },
    });
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

    // act
    const signed = await api.request('POST', `/api/contracts/${contract.body.id}/signatures`, {
      body: {
        role: 'customer',
        signerName: 'Erika Docs',
        documentHash: contract.body.documentHash,
        signatureImage: png,
        consent: true,
      },
    });
    const verification = await api.request('GET', `/api/contracts/${contract.body.id}/verification`);
    const contracts = await api.request('GET', `/api/contracts?contactId=${contact.body.id}`);
    const contacts = await api.request('GET', `/api/contacts?search=${contact.body.lastName}`);
    const problem = await api.request('POST', '/api/contracts', { body: { items: [] } });

    // assess
    expect([contact.status, service.status, contract.status, signed.status]).toEqual([201, 201, 201, 201]);
    expectValid(ContactRecord, contact.body);
    expectValid(ContactList, contacts.body);
    expectValid(ServiceRecord, service.body);
    expectValid(ContractWithSignaturesRecord, contract.body);
    expectValid(ContractWithSignaturesRecord, signed.body);
    expectValid(ContractList, contracts.body);
    expectValid(VerificationRecord, verification.body);
    expect(problem.status).toBe(400);
    expectValid(ProblemDocumentSchema, problem.body);
  });
});

describe('GET /api/docs', () => {
  it('serves the page without a token under a strict Content-Security-Policy', async () => {
    // act
    const page = await api.request('GET', '/api/docs', { as: null });

    // assess
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toContain('unsafe');
    expect(page.text).not.toMatch(/<script>|<style|style=|https?:\/\//);
  });

  it('serves the page’s files, gzipped when asked, and a 404 problem for any other name', async () => {
    // act
    const script = await api.request('GET', '/api/docs/swagger-ui-bundle.js', { as: null });
    const zipped = await fetch(`${api.url}/api/docs/swagger-ui.css`, { headers: { 'accept-encoding': 'gzip' } });
    const icon = await api.request('GET', '/api/docs/favicon-32x32.png', { as: null });
    const unknown = await api.request('GET', '/api/docs/package.json', { as: null });

    // assess
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.text).toContain('SwaggerUIBundle');
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(await zipped.text()).toContain('.swagger-ui');
    expect(icon.headers.get('content-type')).toBe('image/png');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
  });

  it('gzips each static file for a client that accepts it, and only then, images never', async () => {
    const gzipped = { headers: { 'accept-encoding': 'gzip, deflate' } };
    const plain = { headers: { 'accept-encoding': 'identity' } };
    const files = ['/api/openapi.json', '/api/docs/swagger-start.js', '/api/sign/sign-page.js'];

    for (const path of files) {
      const [first, second] = [await fetch(`${api.url}${path}`, plain), await fetch(`${api.url}${path}`, gzipped)];
      const again = await fetch(`${api.url}${path}`, plain);

      expect(first.headers.get('content-encoding'), path).toBeNull();
      expect(second.headers.get('content-encoding'), path).toBe('gzip');
      expect(again.headers.get('content-encoding'), path).toBeNull();
      // fetch decodes the gzipped body: all three are the same file.
      const [text1, text2, text3] = await Promise.all([first.text(), second.text(), again.text()]);
      expect(text2, path).toBe(text1);
      expect(text3, path).toBe(text1);
      expect(second.headers.get('vary'), path).toBe('accept-encoding');
    }
    const icon = await fetch(`${api.url}/api/docs/favicon-32x32.png`, gzipped);
    expect(icon.headers.get('content-encoding')).toBeNull();
  });

  it('reads Accept-Encoding’s q-values and `*`: gzip only where the client takes it', async () => {
    const encodingFor = async (acceptEncoding: string) =>
      (await fetch(`${api.url}/api/openapi.json`, { headers: { 'accept-encoding': acceptEncoding } })).headers.get(
        'content-encoding',
      );

    expect(await encodingFor('gzip;q=0')).toBeNull();
    expect(await encodingFor('GZIP; q=0.000, deflate')).toBeNull();
    expect(await encodingFor('*;q=0.5, gzip;q=0, identity')).toBeNull();
    expect(await encodingFor('gzip;q=0.2, identity;q=0.8')).toBeNull();
    expect(await encodingFor('x-gzip-alike')).toBeNull();
    expect(await encodingFor('*')).toBe('gzip');
    expect(await encodingFor('br, *;q=0.1, identity;q=0')).toBe('gzip');
    expect(await encodingFor('deflate, gzip;q=1.0')).toBe('gzip');
  });
});
