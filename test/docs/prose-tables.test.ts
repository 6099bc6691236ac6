import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tableDesign } from '#shared/db/table-design.ts';
import { eventTypes } from '#shared/outbox/event-types.ts';
import { repositoryRoot } from '../../infra/local/handler-loader.ts';

// Tables the docs keep by hand, held to what the code says: a row goes stale, a test names it.
const doc = (file: string) => readFileSync(join(repositoryRoot, 'docs', file), 'utf8');

/** The rows of the first Markdown table after `heading`, as cells (header and separator left out). */
const tableAfter = (text: string, heading: string): string[][] => {
  const from = text.indexOf(heading);
  expect(from, `the document has lost "${heading}"`).toBeGreaterThanOrEqual(0);
  const lines = text.slice(from).split('\n');
  const start = lines.findIndex((line) => line.startsWith('|'));
  const end = lines.findIndex((line, at) => at > start && !line.startsWith('|'));
  return lines.slice(start + 2, end).map((line) =>
    line
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((cell) => cell.trim()),
  );
};

/** Every string literal of the TypeScript files under shared/, as written. */
const sharedSource = readdirSync(join(repositoryRoot, 'shared'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts'))
  .map((file) => readFileSync(join(repositoryRoot, 'shared', file), 'utf8'))
  .join('\n');

describe('docs/events-and-webhooks.md', () => {
  it('lists exactly the areas’ event types, in the catalogue’s order', () => {
    const rows = tableAfter(doc('events-and-webhooks.md'), '| type | written by |');
    const listed = rows.flatMap(([types = '']) =>
      [...types.matchAll(/`([a-z_]+\.[a-z_-]+)`/g)].map(([, type]) => type),
    );

    expect(listed).toEqual([...eventTypes]);
  });
});

describe('the access patterns of docs/architecture.md', () => {
  const rows = tableAfter(doc('architecture.md'), '## Access patterns');
  const indexes = tableDesign.globalSecondaryIndexes.map(({ indexName }) => indexName);
  const keyAttributes: readonly string[] = [
    tableDesign.partitionKey,
    tableDesign.sortKey,
    ...tableDesign.globalSecondaryIndexes.flatMap(({ partitionKey, sortKey }) => [partitionKey, sortKey]),
  ];

  it('read the table or an index of shared/db/table-design.ts, and every index has a pattern', () => {
    const named = rows.map(([pattern = '', where = '']) => ({ pattern, used: where.split(/,\s*/) }));

    expect(
      named.filter(({ used }) => used.some((place) => place !== 'table' && !indexes.includes(place as never))),
    ).toEqual([]);
    expect(indexes.filter((index) => !named.some(({ used }) => used.includes(index)))).toEqual([]);
  });

  it('name only key attributes the table design has', () => {
    const unknown = rows.flatMap(([pattern = '', , condition = '']) =>
      [...condition.matchAll(/`(\w+(?:pk|sk)) (?:=|<|BETWEEN)/g)]
        .map(([, attribute]) => attribute as string)
        .filter((attribute) => !keyAttributes.includes(attribute))
        .map((attribute) => `${pattern}: ${attribute}`),
    );

    expect(unknown).toEqual([]);
  });

  it('name only key prefixes the code writes', () => {
    const unknown = rows.flatMap(([pattern = '', , condition = '']) =>
      [...condition.matchAll(/\b(?:pk|sk|gsi\dpk) = ([A-Z][A-Z_]+)(#?)/g)]
        .filter(([, prefix, hash]) => !sharedSource.includes(`${prefix}${hash}`))
        .map(([, prefix]) => `${pattern}: ${prefix}`),
    );

    expect(unknown).toEqual([]);
  });
});
