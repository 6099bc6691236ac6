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
import { studioFromItem, studioItem } from '#shared/studio/entity.ts';
import { StudioRecord } from '#shared/studio/schema.ts';
import { buildOpenApiDocument } from '../../docs/openapi/document.ts';

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
] as const;

const document = buildOpenApiDocument() as { components: { schemas: Record<string, { properties?: AnyRecord }> } };

describe('every field of a record schema reaches every place a record goes', () => {
  for (const { name, schema, toItem, fromItem } of mappings) {
    const fields = Object.keys(schema.entries);

    it(`stores and reads back every field of ${name}, and nothing else`, () => {
      const record = sentinelRecord(schema as never);
      const pinned = name === 'Service' ? { active: true } : name === 'ContractSummary' ? { status: 'pending' } : {};
      const expected = { ...record, ...pinned, ...(name === 'Signature' ? { role: 'customer' } : {}) };

      const readBack = fromItem({ ...toItem(record), strayAttribute: 'from another area' });

      expect(readBack).toEqual(expected);
      expect(Object.keys(readBack).sort()).toEqual([...fields].sort());
    });

    it(`reads a field missing from an older ${name} item as null`, () => {
      const readBack = fromItem({}) as AnyRecord;

      for (const field of fields) expect(readBack[field], field).toBeNull();
    });

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
});
