import { tableDesign } from '#shared/db/table-design.ts';

type Item = Record<string, unknown>;

const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

/** DynamoDB's size of a value: strings and binary by bytes, numbers by significant digits, containers with overhead. */
const valueSize = (value: unknown): number => {
  if (typeof value === 'string') return utf8(value);
  if (typeof value === 'number') {
    const digits = String(Math.abs(value)).replace(/e.*$/, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
    return Math.ceil(Math.max(digits.length, 1) / 2) + 1;
  }
  if (typeof value === 'boolean' || value === null || value === undefined) return 1;
  if (ArrayBuffer.isView(value)) return value.byteLength;
  if (value instanceof Set) return [...value].reduce((sum: number, entry) => sum + valueSize(entry), 0);
  if (Array.isArray(value)) return 3 + value.reduce((sum: number, entry) => sum + 1 + valueSize(entry), 0);
  return 3 + Object.entries(value as Item).reduce((sum, [name, entry]) => sum + 1 + utf8(name) + valueSize(entry), 0);
};

/** The size DynamoDB bills an item by: attribute names and values. */
export const itemSize = (item: Item): number =>
  Object.entries(item).reduce((sum, [name, value]) => sum + utf8(name) + valueSize(value), 0);

// A transactional write costs 2 WCU per started KB of each item; its index writes are doubled alike.
const transactionalUnits = (bytes: number) => 2 * Math.max(1, Math.ceil(bytes / 1024));

export interface ItemWrite {
  /** The item's `entity` attribute (`contact`, `contactEmail`, …), or its sort key. */
  item: string;
  action: string;
  bytes: number;
  tableUnits: number;
  indexUnits: number;
}

const indexKey = (item: Item | undefined, partitionKey: string, sortKey: string) =>
  item?.[partitionKey] !== undefined && item[sortKey] !== undefined
    ? `${item[partitionKey]}|${item[sortKey]}`
    : undefined;

/**
 * What one item of a transaction costs, by AWS's rules for the item as it was
 * before and is after the transaction: the larger of the two sizes for the
 * table; for each index (projecting all attributes) a write where the item
 * enters, stays or leaves, two where its index key moves.
 */
export const itemWrite = (action: string, before: Item | undefined, after: Item | undefined): ItemWrite => {
  const image = after ?? before ?? {};
  const bytes = Math.max(before ? itemSize(before) : 0, after ? itemSize(after) : 0);
  let indexUnits = 0;
  if (action !== 'ConditionCheck') {
    for (const { partitionKey, sortKey } of tableDesign.globalSecondaryIndexes) {
      const old = indexKey(before, partitionKey, sortKey);
      const next = indexKey(after, partitionKey, sortKey);
      if (old && next && old !== next)
        indexUnits += transactionalUnits(itemSize(before ?? {})) + transactionalUnits(itemSize(after ?? {}));
      else if (old || next) indexUnits += transactionalUnits(bytes);
    }
  }
  return {
    item: String(image.entity ?? image[tableDesign.sortKey] ?? '?'),
    action,
    bytes,
    tableUnits: transactionalUnits(bytes),
    indexUnits,
  };
};
