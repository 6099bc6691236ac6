import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from '#infra/local/handler-loader.ts';
import { unique, useApi } from '../support/api.ts';
import { studioProfileWithSepa, useStudioProfile } from '../support/studio.ts';

const api = useApi();
// Contracts name the studio as a party: none can be created before its profile exists. The document's full
// contract example pays by direct debit, which takes the studio's SEPA creditor data.
useStudioProfile(api, studioProfileWithSepa);

type Json = Record<string, any>;

/*
 * A client developer's view: types generated from the served document by
 * openapi-typescript, a typed flow with openapi-fetch compiled under `strict`,
 * and then that same flow run against the API.
 */

let folder: string;
let document: Json;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'studio-openapi-client-'));
  // The flow imports openapi-fetch as a client project would, from its own node_modules.
  symlinkSync(resolve(repositoryRoot, 'node_modules'), join(folder, 'node_modules'), 'dir');
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ type: 'module' }));
  const response = await api.request('GET', '/api/openapi.json', { as: null });
  expect(response.status).toBe(200);
  document = response.body;
});

afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Every example of every request body, as a typed constant: the document's examples must compile against it. */
const typedExamples = (): string =>
  Object.entries(document.components.requestBodies as Record<string, Json>)
    .flatMap(([name, body]) =>
      (body.content['application/json'].schema.examples as unknown[]).map(
        (example, index) => `export const ${name}Example${index}: Body<'${name}'> = ${JSON.stringify(example)};`,
      ),
    )
    .join('\n');

const flowSource = (): string => `
import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './schema.js';

type Body<Name extends keyof components['requestBodies']> = components['requestBodies'][Name]['content']['application/json'];

${typedExamples()}

// The smallest image the API takes: a real 1×1 PNG (docs/walkthrough.md, "A whole contract").
const png =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const required = <T>(result: { data?: T; error?: unknown; response: Response }, what: string): T => {
  if (result.data === undefined) throw new Error(what + ' answered ' + result.response.status + ': ' + JSON.stringify(result.error));
  return result.data;
};

/** Never called: each line must fail to compile, so the types are as strict as the server. */
export const refusedByTheTypes = (client: Client<paths>) => {
  // @ts-expect-error limit is an integer, not a string
  void client.GET('/api/contacts', { params: { query: { limit: '10' } } });
  // @ts-expect-error UK is not an ISO 3166-1 code (GB is)
  const address: NonNullable<Body<'ContactInput'>['address']> = { street: 'Hauptstr. 1', postalCode: '10115', city: 'Berlin', country: 'UK' };
  // @ts-expect-error a contact needs a last name
  const nameless: Body<'ContactInput'> = { firstName: 'Erika' };
  // @ts-expect-error EURO is not an ISO 4217 code
  const price: Body<'ServiceInput'>['price'] = { amount: 4900, currency: 'EURO' };
  return [address, nameless, price];
};

export const flow = async (baseUrl: string, token: string, lastName: string) => {
  const client = createClient<paths>({ baseUrl, headers: { authorization: 'Bearer ' + token } });
  const contacts = [];
  for (const firstName of ['Erika', 'Max', 'Anna']) {
    // The minimal example, as is but for the name: nothing with a default has to be sent.
    const body: Body<'ContactInput'> = { ...ContactInputExample1, firstName, lastName };
    contacts.push(required(await client.POST('/api/contacts', { body }), 'create contact'));
  }
  const [contact] = contacts;
  if (!contact) throw new Error('no contact');
  const service = required(await client.POST('/api/services', { body: ServiceInputExample1 }), 'create service');
  const contract = required(
    await client.POST('/api/contracts', {
      body: { ...ContractInputExample1, contactId: contact.id, items: [{ serviceId: service.id }] },
    }),
    'create contract',
  );
  const signed = required(
    await client.POST('/api/contracts/{id}/signatures', {
      params: { path: { id: contract.id } },
      body: { role: 'customer', signerName: contact.firstName + ' ' + contact.lastName, documentHash: contract.documentHash, signatureImage: png, consent: true },
    }),
    'sign',
  );
  const verification = required(
    await client.GET('/api/contracts/{id}/verification', { params: { path: { id: contract.id } } }),
    'verify',
  );
  const paged: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = required(
      await client.GET('/api/contacts', { params: { query: { search: lastName, limit: 2, ...(cursor ? { cursor } : {}) } } }),
      'list contacts',
    );
    paged.push(...page.items.map((item) => item.id));
    cursor = page.nextCursor ?? undefined;
    pages += 1;
  } while (cursor !== undefined);
  return {
    created: contacts.map((item) => item.id),
    paged,
    pages,
    contractStatus: signed.status,
    signatures: signed.signatures.length,
    serviceActive: service.active,
    quantity: contract.items[0]?.quantity,
    valid: verification.valid,
  };
};
`;

const compileStrict = (files: string[]): string[] => {
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: true,
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
};

describe('a client generated from the document with openapi-typescript and openapi-fetch', () => {
  it('compiles a typed flow under strict, the document’s own examples included, and refuses what the server refuses', async () => {
    // prepare
    const types = astToString(await openapiTS(document as OpenAPI3));
    writeFileSync(join(folder, 'schema.d.ts'), types);
    writeFileSync(join(folder, 'flow.ts'), flowSource());

    // act
    const errors = compileStrict([join(folder, 'flow.ts')]);

    // assess
    expect(errors).toEqual([]);
  });

  it('runs that flow against the API: create contact, service, contract, sign, verify, page through a list', async () => {
    // prepare
    writeFileSync(join(folder, 'flow.ts'), flowSource());
    const { flow } = (await import(pathToFileURL(join(folder, 'flow.ts')).href)) as {
      flow: (baseUrl: string, token: string, lastName: string) => Promise<Record<string, any>>;
    };
    const token = await api.token({ groups: ['owner'] });
    const lastName = unique('Client');

    // act
    const result = await flow(api.url, token, lastName);

    // assess
    expect(result.contractStatus).toBe('signed');
    expect(result.signatures).toBe(1);
    expect(result.valid).toBe(true);
    // The defaults the client did not send, as the records show them.
    expect(result.serviceActive).toBe(true);
    expect(result.quantity).toBe(1);
    expect(result.pages).toBe(2);
    expect([...result.paged].sort()).toEqual([...result.created].sort());
  });
});
