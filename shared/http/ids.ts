import { randomBytes } from 'node:crypto';

// Crockford base32, 26 characters: anything else cannot be one of our ids.
export const ulidPattern = /^[0-9A-HJKMNP-TV-Z]{26}$/;

const crockford = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * Server-assigned, opaque and time-ordered (ULID: 48 bits of milliseconds,
 * then 80 random bits, in Crockford base32), so ids sort by creation. Written
 * here rather than imported: the `ulid` package is 1.9 KB of every bundle for
 * these few lines.
 */
export const newId = (now = Date.now()): string => {
  let time = '';
  for (let rest = now, i = 0; i < 10; i++, rest = Math.floor(rest / 32)) time = crockford[rest % 32] + time;
  const random = randomBytes(16);
  let tail = '';
  for (let i = 0; i < 16; i++) tail += crockford[(random[i] as number) % 32];
  return time + tail;
};

export const isWellFormedId = (value: string): boolean => ulidPattern.test(value);
