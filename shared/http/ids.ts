import { ulid } from 'ulid';

// Crockford base32, 26 characters: anything else cannot be one of our ids.
export const ulidPattern = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** Server-assigned, opaque and time-ordered (ULID), so ids sort by creation. */
export const newId = (): string => ulid();

export const isWellFormedId = (value: string): boolean => ulidPattern.test(value);
