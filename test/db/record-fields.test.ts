import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { contactFromItem, contactItem } from '#shared/contacts/entity.ts';
import { ContactRecord } from '#shared/contacts/schema.ts';
import { ContractCopyRecord } from '#shared/contracts/copy-schema.ts';
import { documentHash } from '#shared/contracts/document-hash.ts';
import {
  contractFromItem,
  contractItem,
  copyFromItem,
  copyItem,
  signatureFromItem,
  signatureItem,
} from '#shared/contracts/entity.ts';
import { ContractContentRecord, StoredContractRecord } from '#shared/contracts/schema.ts';
import { SignatureRecord } from '#shared/contracts/signature-schema.ts';
import { serviceFromItem, serviceItem } from '#shared/services/entity.ts';
import { ServiceRecord } from '#shared/services/schema.ts';
import { signingSessionFromItem, signingSessionItem } from '#shared/signing/entity.ts';
import { StoredSigningSessionRecord } from '#shared/signing/schema.ts';
import { studioCopy, studioFromItem, studioItem } from '#shared/studio/entity.ts';
import { StudioCopyRecord, StudioRecord } from '#shared/studio/schema.ts';
import { deliveryFromItem, deliveryItem, webhookFromItem, webhookItem } from '#shared/webhooks/entity.ts';
import { DeliveryRecord, WebhookRecord } from '#shared/webhooks/schema.ts';
import { buildOpenApiDocument } from '../../docs/openapi/document.ts';
import { repositoryRoot } from '../../infra/local/handler-loader.ts';

type AnyRecord = Record<string, unknown>;

/** A record whose every field holds a value that names the field, so a field mapped to the wrong place shows. */
const sentinelRecord = (schema: v.ObjectSchema<v.ObjectEntries, undefined>): AnyRecord =>
  Object.fromEntries(Object.keys(schema.entries).map((field) => [field, `value of ${field}`]));

// The item mapping of each record, as the stores use it.
const mappings = [
  {
    name: 'Contact',
    schema: ContactRecord,
    toItem: (record: AnyRecord) => contactItem(record as never),
    fromItem: contactFromItem,
  },
  {
    name: 'Service',
    schema: ServiceRecord,
    toItem: (record: AnyRecord) => serviceItem({ ...record, active: true } as never),
    fromItem: serviceFromItem,
  },
  {
    name: 'ContractSummary',
    schema: StoredContractRecord,
    toItem: (record: AnyRecord) => contractItem({ ...record, status: 'pending' } as never),
    fromItem: contractFromItem,
  },
  {
    name: 'Signature',
    schema: SignatureRecord,
    toItem: (record: AnyRecord) =>
      signatureItem('01JD0000000000000000000000', { ...record, role: 'customer' } as never),
    fromItem: signatureFromItem,
  },
  {
    name: 'ContractCopy',
    schema: ContractCopyRecord,
    toItem: (record: AnyRecord) => copyItem('01JD0000000000000000000000', record as never),
    fromItem: copyFromItem,
  },
  {
    name: 'Studio',
    schema: StudioRecord,
    toItem: (record: AnyRecord) => studioItem(record as never),
    fromItem: studioFromItem,
  },
  {
    name: 'Webhook',
    schema: WebhookRecord,
    toItem: (record: AnyRecord) => webhookItem(record as never, 'encrypted secret'),
    fromItem: webhookFromItem,
  },
  {
    name: 'WebhookDelivery',
    schema: DeliveryRecord,
    toItem: (record: AnyRecord) =>
      deliveryItem('01JD0000000000000000000000', { ...record, attemptedAt: '2026-01-01T00:00:00.000Z' } as never),
    fromItem: deliveryFromItem,
  },
  {
    name: 'SigningSession',
    schema: StoredSigningSessionRecord,
    toItem: (record: AnyRecord) => signingSessionItem('token hash', record as never),
    fromItem: signingSessionFromItem,
  },
] as const;

/** Fields a mapping's caller sets itself, whatever the record says (a new session is never signed yet). */
const pinnedFields: Readonly<Record<string, AnyRecord>> = {
  Service: { active: true },
  ContractSummary: { status: 'pending' },
  Signature: { role: 'customer' },
  WebhookDelivery: { attemptedAt: '2026-01-01T00:00:00.000Z' },
  SigningSession: { signedAt: null },
};

/** Records the API never answers as such (a signing session's answer is its own shape, with the token). */
const storedOnly = new Set(['SigningSession']);

/** Each schema a store maps items with (`recordMapping(<schema>)` in shared/), by the name the source gives it. */
const schemaNamesOfMappings = (): string[] =>
  readdirSync(join(repositoryRoot, 'shared'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .flatMap((file) =>
      [...readFileSync(join(repositoryRoot, 'shared', file), 'utf8').matchAll(/recordMapping\((\w+)\)/g)].map(
        (match) => match[1] as string,
      ),
    );

/** What the mappings below cover, by the schema name the stores import (some under a local alias). */
const coveredSchemaNames = new Map<string, string>([
  ['ContactRecord', 'Contact'],
  ['ServiceRecord', 'Service'],
  ['StoredContractRecord', 'ContractSummary'],
  ['SignatureRecord', 'Signature'],
  ['ContractCopyRecord', 'ContractCopy'],
  ['StudioRecord', 'Studio'],
  ['WebhookRecord', 'Webhook'],
  ['DeliveryRecordSchema', 'WebhookDelivery'],
  ['StoredSigningSessionRecord', 'SigningSession'],
  // Projections rather than items, each with its own test below.
  ['ContractContentRecord', 'the document hash'],
  ['StudioCopyRecord', 'the studio copy'],
]);

it('covers every record mapping a store uses (a new one fails here until it is added to this file)', () => {
  const uncovered = schemaNamesOfMappings().filter((name) => !coveredSchemaNames.has(name));
  expect(uncovered).toEqual([]);
});

const document = buildOpenApiDocument() as { components: { schemas: Record<string, { properties?: AnyRecord }> } };

describe('every field of a record schema reaches every place a record goes', () => {
  for (const { name, schema, toItem, fromItem } of mappings) {
    const fields = Object.keys(schema.entries);

    it(`stores and reads back every field of ${name}, and nothing else`, () => {
      const record = sentinelRecord(schema as never);
      const expected = { ...record, ...pinnedFields[name] };

      const readBack = fromItem({ ...toItem(record), strayAttribute: 'from another area' });

      expect(readBack).toEqual(expected);
      expect(Object.keys(readBack).sort()).toEqual([...fields].sort());
    });

    it(`reads a field missing from an older ${name} item as null`, () => {
      const readBack = fromItem({}) as AnyRecord;

      for (const field of fields) expect(readBack[field], field).toBeNull();
    });

    if (storedOnly.has(name)) continue;

    it(`documents every field of ${name} in the OpenAPI document`, () => {
      const documented = Object.keys(document.components.schemas[name]?.properties ?? {});

      expect(documented).toEqual(expect.arrayContaining(fields));
    });
  }

  it('covers every field of the agreed content by the document hash', () => {
    const content = sentinelRecord(ContractContentRecord as never);
    const hash = documentHash(content as never);

    for (const field of Object.keys(ContractContentRecord.entries)) {
      expect(documentHash({ ...content, [field]: 'changed' } as never), field).not.toBe(hash);
    }
    // What is not agreed content (status, version) never changes the hash.
    expect(documentHash({ ...content, status: 'signed', version: 7 } as never)).toBe(hash);
  });

  it('copies every field of the studio copy from the studio profile, and nothing else', () => {
    const studio = sentinelRecord(StudioRecord as never);
    const copy = studioCopy(studio as never) as AnyRecord;

    expect(Object.keys(copy).sort()).toEqual(Object.keys(StudioCopyRecord.entries).sort());
    for (const field of Object.keys(StudioCopyRecord.entries)) expect(copy[field], field).toBe(`value of ${field}`);
  });
});
