import { randomBytes } from 'node:crypto';

// Crockford base32, 26 characters: anything else cannot be one of our ids.
export const ulidPattern = /^[0-9A-HJKMNP-TV-Z]{26}$/;

const crockford = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const timePart = (now: number) => {
  let time = '';
  for (let rest = now, i = 0; i < 10; i++, rest = Math.floor(rest / 32)) time = crockford[rest % 32] + time;
  return time;
};

/**
 * Server-assigned, opaque and time-ordered (ULID: 48 bits of milliseconds,
 * then 80 random bits, in Crockford base32), so ids sort by creation. Written
 * here rather than imported: the `ulid` package is 1.9 KB of every bundle for
 * these few lines.
 */
export const newId = (now = Date.now()): string => {
  const random = randomBytes(16);
  let tail = '';
  for (let i = 0; i < 16; i++) tail += crockford[(random[i] as number) % 32];
  return timePart(now) + tail;
};

/**
 * Ids that sort in the order they were made even within one millisecond (or
 * when the clock steps back): the random tail of the previous id, plus one.
 * For a queue whose order is its ids' order.
 */
export const monotonicIds = (): ((now?: number) => string) => {
  let lastTime = -1;
  let lastTail = '';
  return (now = Date.now()) => {
    if (now <= lastTime) {
      lastTail = incremented(lastTail);
      return timePart(lastTime) + lastTail;
    }
    lastTime = now;
    lastTail = newId(now).slice(10);
    return timePart(now) + lastTail;
  };
};

const incremented = (tail: string): string => {
  const digits = [...tail];
  for (let i = digits.length - 1; i >= 0; i--) {
    const value = crockford.indexOf(digits[i] as string);
    if (value < 31) {
      digits[i] = crockford[value + 1] as string;
      return digits.join('');
    }
    digits[i] = '0';
  }
  throw new Error('More ids in one millisecond than the random part can order');
};

export const isWellFormedId = (value: string): boolean => ulidPattern.test(value);
