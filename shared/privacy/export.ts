import { now } from '../clock.ts';
import { listContractDues } from '../contracts/dues/contract-dues.ts';
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

type ItemKind = (typeof inventory)[number];

const unique = (texts: readonly string[]): string[] => [...new Set(texts)];

/** Item kinds of one category together, in the inventory's order: a category is named once. */
const byCategory = (itemKinds: readonly ItemKind[]) =>
  unique(itemKinds.map(({ category }) => category)).map((category) => {
    const kinds = itemKinds.filter((kind) => kind.category === category);
    return {
      category,
      personalData: kinds.some((kind) => kind.personalData),
      purpose: unique(kinds.map((kind) => kind.purpose)).join(' '),
      retention: unique(kinds.map((kind) => kind.retention)).join(' '),
      kinds,
    };
  });

/**
 * The contracts' dues not collected yet, as `GET /api/contracts/{id}/dues` shows them (computed on every read,
 * never stored): what the person is to pay is data about them too. Collected ones are the stored dues.
 */
const plannedDuesOf = async (contractIds: readonly string[]): Promise<Item[]> =>
  (
    await Promise.all(
      contractIds.map(async (contractId) =>
        (
          await listContractDues(contractId, {})
        ).items
          .filter((due) => due.status === 'planned')
          .map((due) => ({ contractId, ...due })),
      ),
    )
  ).flat();

/**
 * Everything the service holds about the contact, by category in the order of the inventory: each
 * category the person can be found in (empty ones too, so the answer says what is not held), then
 * those that cannot be found from a person, with why. Derived from the inventory alone.
 */
export const exportPersonalData = async (contactId: string): Promise<PersonalDataExport> => {
  const person = await readPersonItems(contactId);
  if (!person) throw new NotFound('contact');
  const reachable = inventory.filter((kind) => kind.reach.from !== 'nowhere');
  const planned = await plannedDuesOf(person.contractIds);
  const categories = byCategory(reachable).map(({ kinds, ...category }) => ({
    ...category,
    items: [
      ...person.items.filter(({ kind }) => kind.category === category.category).map(({ item }) => exportedItem(item)),
      ...(kinds.some(({ entity }) => entity === 'due') ? planned : []),
    ],
  }));
  // A category found from the person is listed once, above, even when one of its kinds cannot be found so.
  const listed = new Set(categories.map(({ category }) => category));
  const notFromThePerson = byCategory(
    inventory.filter(({ reach, category }) => reach.from === 'nowhere' && !listed.has(category)),
  ).map(({ kinds, ...category }) => ({
    ...category,
    because: unique(kinds.map(({ reach }) => (reach.from === 'nowhere' ? reach.because : ''))).join('; '),
  }));
  return { contactId, exportedAt: now().toISOString(), categories, notFromThePerson };
};
