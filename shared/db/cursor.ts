import { InvalidCursor } from './errors.ts';
import { matchesKeyPatterns } from './key-shape.ts';

export type PageKey = Record<string, string>;

/**
 * A cursor is the last returned item's key, base64url-encoded. It is only
 * accepted back for the same list: the key must have exactly the attributes of
 * that index, lie inside the queried partition and prefix, and have the shape
 * of the listed items' keys (see key-shape.ts). A cursor that passes can at most
 * move the start of the page, never leave the list.
 */
export const encodeCursor = (key: PageKey): string => Buffer.from(JSON.stringify(key)).toString('base64url');

export const invalidCursor = () => new InvalidCursor();

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    throw invalidCursor();
  }
};

export const decodeCursor = (
  cursor: string,
  expected: {
    attributes: readonly string[];
    partition: [name: string, value: string];
    sortPrefix?: [string, string];
    /** The pattern of each key attribute of the listed items. */
    shape: Readonly<Record<string, RegExp>>;
  },
): PageKey => {
  if (!/^[A-Za-z0-9_-]{1,1024}$/.test(cursor)) throw invalidCursor();
  const key = parseJson(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (typeof key !== 'object' || key === null || Array.isArray(key)) throw invalidCursor();
  const entries = Object.entries(key);
  const hasExactAttributes =
    entries.length === expected.attributes.length &&
    entries.every(
      ([name, value]) => expected.attributes.includes(name) && typeof value === 'string' && value.length > 0,
    );
  if (!hasExactAttributes) throw invalidCursor();
  const pageKey = key as PageKey;
  const [partitionName, partitionValue] = expected.partition;
  if (pageKey[partitionName] !== partitionValue) throw invalidCursor();
  if (expected.sortPrefix && !pageKey[expected.sortPrefix[0]]?.startsWith(expected.sortPrefix[1]))
    throw invalidCursor();
  if (!matchesKeyPatterns(expected.shape, pageKey)) throw invalidCursor();
  return pageKey;
};
