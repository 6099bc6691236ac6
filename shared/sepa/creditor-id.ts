import { isSEPACountry } from 'ibantools';
import { mod97 } from './iban.ts';

/** A creditor identifier as it is stored and sent: no spaces, upper case. */
export const normaliseCreditorId = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

const creditorIdShape = /^([A-Z]{2})(\d{2})([A-Z0-9]{3})([A-Z0-9]{1,28})$/;

/** National ids whose length a country's rules fix (the Bundesbank's Gläubiger-ID: 11 digits). */
const nationalIdShapes: Readonly<Record<string, RegExp>> = { DE: /^\d{11}$/ };

/**
 * The two check digits of a creditor identifier (EPC262-08): ISO 7064 MOD 97-10 over the national
 * id followed by the country code and `00`, as an IBAN's are computed; the 3-character business
 * code (`ZZZ` by default) is not part of the check, so a creditor may change it freely.
 */
export const creditorIdCheckDigits = (country: string, nationalId: string): string =>
  String(98 - mod97(`${nationalId}${country}00`)).padStart(2, '0');

/** True for a SEPA creditor identifier (Gläubiger-ID, e.g. `DE98ZZZ09999999999`) whose check digits fit. */
export const isCreditorId = (creditorId: string): boolean => {
  const shape = creditorIdShape.exec(creditorId);
  if (!shape || creditorId.length > 35) return false;
  const [, country, checkDigits, , nationalId] = shape as unknown as [string, string, string, string, string];
  if (!isSEPACountry(country)) return false;
  if (nationalIdShapes[country] && !nationalIdShapes[country].test(nationalId)) return false;
  return creditorIdCheckDigits(country, nationalId) === checkDigits;
};
