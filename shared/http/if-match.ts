/** Tells whether the record's current version satisfies the request's `If-Match`. */
export type VersionPrecondition = (currentVersion: number) => boolean;

/**
 * Reads `If-Match` as RFC 9110 defines it: `*` or a list of entity tags.
 * Our ETags are strong (`"3"`); a weak tag never matches a strong comparison.
 */
export const parseIfMatch = (header: string | undefined): VersionPrecondition | undefined => {
  if (header === undefined) return undefined;
  const tags = header.split(',').map((tag) => tag.trim());
  if (tags.includes('*')) return () => true;
  const versions = new Set(
    tags.flatMap((tag) => {
      const match = /^"(\d{1,15})"$/.exec(tag);
      return match?.[1] ? [Number(match[1])] : [];
    }),
  );
  return (currentVersion) => versions.has(currentVersion);
};
