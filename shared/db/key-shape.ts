import { ulidPattern } from '../http/ids.ts';

/**
 * What the key of one kind of item looks like: its table key and the sort key
 * of the index a list reads. A list's cursor must have exactly this shape, so
 * a cursor carrying another item's key (an idempotency record's, a contract's
 * in a contacts list) is refused, not paged on from.
 *
 * A part named `id` (see `itemId`) must name the same id wherever it occurs.
 */
export interface KeyShape {
  readonly pk: RegExp;
  readonly sk: RegExp;
  readonly indexSort: RegExp;
}

const escapeText = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const unanchored = (pattern: RegExp) => pattern.source.replace(/^\^/, '').replace(/\$$/, '');

/** One of our ids in a key (a ULID). */
export const anyId: RegExp = new RegExp(unanchored(ulidPattern));
/** The id of the item itself: every attribute naming it must name the same one. */
export const itemId: RegExp = new RegExp(`(?<id>${anyId.source})`);
/** Text without the separator U+0001 that joins the parts of our sort keys (names, words). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+0001 is the separator, refused in user text.
export const keyText: RegExp = /[^\u0001]+/;
const partSource = (part: string | RegExp) => (typeof part === 'string' ? escapeText(part) : part.source);
/** Any one of these parts (literal text or patterns). */
export const oneOf = (parts: ReadonlyArray<string | RegExp>): RegExp =>
  new RegExp(`(?:${parts.map(partSource).join('|')})`);

/** An attribute made of literal text (strings) and variable parts (patterns), matched whole. */
export const keyPattern = (...parts: ReadonlyArray<string | RegExp>): RegExp =>
  new RegExp(`^${parts.map(partSource).join('')}$`);

/** True when each named attribute matches its pattern and those naming the item's id name the same one. */
export const matchesKeyPatterns = (
  patterns: Readonly<Record<string, RegExp>>,
  key: Readonly<Record<string, string>>,
): boolean => {
  const ids = new Set<string>();
  for (const [name, pattern] of Object.entries(patterns)) {
    const match = pattern.exec(key[name] ?? '');
    if (!match) return false;
    if (match.groups?.id) ids.add(match.groups.id);
  }
  return ids.size <= 1;
};
