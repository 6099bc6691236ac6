import { isValidBIC } from 'ibantools';

/** A BIC as it is stored and sent: trimmed, upper case. */
export const normaliseBic = (value: string): string => value.trim().toUpperCase();

/**
 * True for a BIC (ISO 9362) of 8 or 11 characters: 4 letters of the institution, the ISO 3166
 * country of a known country (ibantools' list), 2 characters of the location, optionally 3 of
 * the branch.
 */
export const isBic = (bic: string): boolean => /^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(bic) && isValidBIC(bic);
