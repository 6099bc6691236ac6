/**
 * The SEPA character set (EPC's Latin set, which German banks accept in every text field):
 * `a–z A–Z 0–9 / - ? : ( ) . , ' +` and space. Anything else may be refused or garbled by the
 * debtor's bank, so names and remittance texts are transliterated before they go into a file.
 */
export const sepaTextPattern = /^[A-Za-z0-9/?:().,'+ -]*$/;

const replacements: Readonly<Record<string, string>> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'Th',
  ı: 'i',
  '&': '+',
  '–': '-',
  '—': '-',
  '‐': '-',
  '‑': '-',
  '‘': "'",
  '’': "'",
  '‚': "'",
  '"': "'",
  '“': "'",
  '”': "'",
  '„': "'",
  '«': "'",
  '»': "'",
  _: '-',
  '[': '(',
  ']': ')',
  '{': '(',
  '}': ')',
};

const combiningMarks = /\p{M}+/gu;
const outsideTheSet = /[^A-Za-z0-9/?:().,'+ -]/g;

/**
 * A text in the SEPA character set: umlauts and ß written out (ä → ae, ß → ss), other accented
 * letters without their accents (é → e), dashes and quotes as their ASCII forms, `&` as `+`;
 * every other character (control characters, symbols, other scripts) becomes a space, and runs of
 * spaces collapse so that what a bank prints stays readable. Cut to `maxLength` after that, as the
 * written-out umlauts lengthen the text.
 */
export const toSepaText = (value: string, maxLength = Number.POSITIVE_INFINITY): string => {
  let written = '';
  for (const character of value) {
    written += replacements[character] ?? character.normalize('NFD').replace(combiningMarks, '');
  }
  return written.replace(outsideTheSet, ' ').replace(/ {2,}/g, ' ').trim().slice(0, maxLength).trimEnd();
};

export const isSepaText = (value: string): boolean => sepaTextPattern.test(value);

/**
 * An identifier a bank passes on unchanged (mandate reference, end-to-end id, message id): 1–35
 * characters of the SEPA set; EPC's rules also forbid a leading or trailing `/` and `//` inside.
 * Identifiers are never transliterated: a changed reference would no longer match its mandate.
 */
export const isSepaIdentifier = (value: string): boolean =>
  value.length >= 1 &&
  value.length <= 35 &&
  sepaTextPattern.test(value) &&
  !value.startsWith('/') &&
  !value.endsWith('/') &&
  !value.includes('//') &&
  value.trim() === value;
