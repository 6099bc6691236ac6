import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';

/**
 * RFC 8785 canonical JSON (sorted keys, no whitespace): the same value always
 * gives the same bytes, years later and in any language. Contract hashes,
 * seals and idempotency fingerprints are computed over it.
 */
export const canonicalJson = (value: unknown): string => {
  const text = canonicalize(value);
  if (text === undefined) throw new Error('Value cannot be canonicalised');
  return text;
};

export const sha256Hex = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

/** `sha256:` and the hex SHA-256 of a value's canonical JSON: a contract's document hash, a mandate's hash. */
export const canonicalHash = (value: unknown): string => `sha256:${sha256Hex(canonicalJson(value))}`;
