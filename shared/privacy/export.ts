import { now } from '../clock.ts';
import { NotFound } from '../db/errors.ts';
import { tableDesign } from '../db/table-design.ts';
import type { PersonalDataExport } from './export-schema.ts';
import { inventory } from './inventory.ts';
import { readPersonItems } from './person-items.ts';

type Item = Record<string, unknown>;

// The table's own attributes (keys, index keys, time to live) say nothing about the person.
const tableAttributes = new Set<string>([
  tableDesign.partitionKey,
  tableDesign.sortKey,
  tableDesign.timeToLiveAttribute,
  ...tableDesign.globalSecondaryIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
]);

const exported = (value: unknown): unknown => {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (value instanceof Set) return [...value].map(exported);
  if (Array.isArray(value)) return value.map(exported);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, exported(inner)]));
  return value;
};

const exportedItem = (item: Item): Item =>
  Object.fromEntries(
    Object.entries(item)
      .filter(([name]) => !tableAttributes.has(name))
      .map(([name, value]) => [name, exported(value)]),
  );

/**
 * Everything the service holds about the contact, by category in the order of the inventory: each
 * category the person can be found in (empty ones too, so the answer says what is not held), then
 * those that cannot be found from a person, with why. Derived from the inventory alone.
 */
export const exportPersonalData = async (contactId: string): Promise<PersonalDataExport> => {
  const person = await readPersonItems(contactId);
  if (!person) throw new NotFound('contact');
  const reachable = inventory.filter((kind) => kind.reach.from !== 'nowhere');
  const categories = [...new Set(reachable.map((kind) => kind.category))].map((category) => {
    const kinds = reachable.filter((kind) => kind.category === category);
    return {
      category,
      personalData: kinds.some((kind) => kind.personalData),
      purpose: [...new Set(kinds.map((kind) => kind.purpose))].join(' '),
      retention: [...new Set(kinds.map((kind) => kind.retention))].join(' '),
      items: person.items.filter(({ kind }) => kind.category === category).map(({ item }) => exportedItem(item)),
    };
  });
  const notFromThePerson = inventory.flatMap(({ entity: _entity, reach, ...listed }) =>
    reach.from === 'nowhere' ? [{ ...listed, because: reach.because }] : [],
  );
  return { contactId, exportedAt: now().toISOString(), categories, notFromThePerson };
};
