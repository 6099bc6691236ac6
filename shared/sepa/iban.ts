import { countrySpecs, isSEPACountry, isValidIBAN } from 'ibantools';

/**
 * An IBAN as it is stored and sent: no spaces, upper case (`de89 3704…` → `DE893704…`). Only
 * white space is dropped: other punctuation is refused rather than guessed away.
 */
export const normaliseIban = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

/** `structure`: the length fits but the BBAN does not have its country's shape (letters where digits belong). */
export type IbanProblem = 'format' | 'country' | 'length' | 'checksum' | 'structure';

const ibanShape = /^([A-Z]{2})(\d{2})([A-Z0-9]+)$/;

/**
 * Why a normalised IBAN is not one a SEPA direct debit can use, or null. ibantools knows each
 * country's length and BBAN structure from SWIFT's IBAN registry and its SEPA flag; the MOD 97
 * check (ISO 7064, ISO 13616) is computed here as well, so that a wrong check digit is named as such.
 */
export const ibanProblem = (iban: string): IbanProblem | null => {
  const shape = ibanShape.exec(iban);
  if (!shape || iban.length > 34) return 'format';
  const country = shape[1] as string;
  if (!isSEPACountry(country)) return 'country';
  if (iban.length !== countrySpecs[country]?.chars) return 'length';
  if (ibanMod97(iban) !== 1) return 'checksum';
  if (!isValidIBAN(iban)) return 'structure';
  return null;
};

/**
 * ISO 7064 MOD 97-10 of an alphanumeric string: letters count as 10–35, the number is taken
 * modulo 97 piece by piece (an IBAN's number has up to 68 digits, more than a double holds).
 */
export const mod97 = (alphanumeric: string): number => {
  let remainder = 0;
  for (const character of alphanumeric) {
    const digits = /\d/.test(character) ? character : String(character.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
};

/** The IBAN's MOD 97 remainder with its first four characters moved to the end: 1 when the check digits fit. */
export const ibanMod97 = (iban: string): number => mod97(iban.slice(4) + iban.slice(0, 4));

/** True for a normalised IBAN of a SEPA country that passes its country's length and structure and MOD 97. */
export const isSepaIban = (iban: string): boolean => ibanProblem(iban) === null;
