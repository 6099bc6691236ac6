/** Tells whether the record's current version satisfies the request's `If-Match`. */
export type VersionPrecondition = (currentVersion: number) => boolean;

/** The entity tag we send for a version: strong, the version's decimal digits. */
export const entityTag = (version: number): string => `"${version}"`;

/**
 * Reads `If-Match` as RFC 9110 defines it: `*` or a list of entity tags,
 * compared strongly (§ 8.8.3.2): character by character with the tag we send,
 * so `"01"`, `"1.0"` or `" 1"` are other tags than `"1"`, and a weak tag never matches.
 */
export const parseIfMatch = (header: string | undefined): VersionPrecondition | undefined => {
  if (header === undefined) return undefined;
  const tags = new Set(header.split(',').map((tag) => tag.trim()));
  if (tags.has('*')) return () => true;
  return (currentVersion) => tags.has(entityTag(currentVersion));
};
