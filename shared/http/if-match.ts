import { Problem } from './problem.ts';

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

export const assertPrecondition = (precondition: VersionPrecondition | undefined, currentVersion: number): void => {
  if (precondition && !precondition(currentVersion)) {
    throw new Problem('precondition-failed', `The current version is ${currentVersion}`, {
      headers: { etag: `"${currentVersion}"` },
    });
  }
};
