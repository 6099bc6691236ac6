import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { areas } from '#shared/areas.ts';
import { documentHash } from '#shared/contracts/document/document-hash.ts';
import { ContractContentRecord } from '#shared/contracts/schema.ts';
import { studioCopy } from '#shared/studio/entity.ts';
import { StudioCopyRecord, StudioRecord } from '#shared/studio/schema.ts';
import { buildOpenApiDocument } from '../../docs/openapi/document.ts';
import { repositoryRoot } from '../../infra/local/handler-loader.ts';
import type { AnyRecord, RecordMappingCase } from '../support/record-mapping-case.ts';

/** A record whose every field holds a value that names the field, so a field mapped to the wrong place shows. */
const sentinelRecord = (schema: RecordMappingCase['schema']): AnyRecord =>
  Object.fromEntries(Object.keys(schema.entries).map((field) => [field, `value of ${field}`]));

// The item mappings of every area, as its stores use them: `test/<area>/record-mappings.ts`.
const mappings: readonly RecordMappingCase[] = (
  await Promise.all(
    areas
      .filter(({ name }) => existsSync(join(repositoryRoot, 'test', name, 'record-mappings.ts')))
      .map(
        async ({ name }) =>
          (
            (await import(/* @vite-ignore */ `../${name}/record-mappings.ts`)) as {
              recordMappings: RecordMappingCase[];
            }
          ).recordMappings,
      ),
  )
).flat();

/** Each schema a store maps items with (`recordMapping(<schema>)` in shared/), by the name the source gives it. */
const schemaNamesOfMappings = (): string[] =>
  readdirSync(join(repositoryRoot, 'shared'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .flatMap((file) =>
      [...readFileSync(join(repositoryRoot, 'shared', file), 'utf8').matchAll(/recordMapping\((\w+)\)/g)].map(
        (match) => match[1] as string,
      ),
    );

/** What the areas' cases cover, by the schema name the stores import (some under a local alias). */
const coveredSchemaNames = new Set([
  ...mappings.flatMap(({ mappedAs }) => mappedAs),
  // Projections rather than items, each with its own test below.
  'ContractContentRecord',
  'StudioCopyRecord',
]);

it('covers every record mapping a store uses (a new one fails here until test/<area>/record-mappings.ts has a case for it)', () => {
  const uncovered = schemaNamesOfMappings().filter((name) => !coveredSchemaNames.has(name));
  expect(uncovered).toEqual([]);
});

const document = buildOpenApiDocument() as { components: { schemas: Record<string, { properties?: AnyRecord }> } };

describe('every field of a record schema reaches every place a record goes', () => {
  for (const { name, schema, toItem, fromItem, pinned, storedOnly } of mappings) {
    const fields = Object.keys(schema.entries);

    it(`stores and reads back every field of ${name}, and nothing else`, () => {
      const record = sentinelRecord(schema);
      const expected = { ...record, ...pinned };

      const readBack = fromItem({ ...toItem(record), strayAttribute: 'from another area' });

      expect(readBack).toEqual(expected);
      expect(Object.keys(readBack).sort()).toEqual([...fields].sort());
    });

    it(`reads a field missing from an older ${name} item as null`, () => {
      const readBack = fromItem({}) as AnyRecord;

      for (const field of fields) expect(readBack[field], field).toBeNull();
    });

    if (storedOnly) continue;

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
