import * as v from 'valibot';
import { now } from '../clock.ts';
import { schemaMessage } from '../messages/index.ts';

/*
 * Text fields. Lengths count Unicode code points, as JSON Schema's `maxLength`
 * does, so the document and the server agree on "at most 100 characters"
 * whatever the script (60 emoji are 120 UTF-16 units, but 60 characters).
 *
 * Each rule is stated once, as a pattern without flags, so that the same
 * source checks the request here and becomes the field's `pattern` in the
 * document (a JSON Schema pattern has no flags; these need none, every range
 * is in the Basic Multilingual Plane).
 */

// Characters that show nothing on their own: soft hyphen, combining grapheme joiner, fillers, zero-width
// space and joiners, word joiner and invisible operators, variation selectors, the byte order mark, and
// the bidi marks, embeddings, overrides and isolates. A value of only these (and spaces) looks empty.
const invisibleCharacters =
  '\\u00ad\\u034f\\u061c\\u115f\\u1160\\u17b4\\u17b5\\u180b-\\u180f\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u206f\\u2800\\u3164\\ufe00-\\ufe0f\\ufeff\\uffa0';
// \p{Cc}: C0, DEL and C1. Excluding them also keeps the separator of our sort keys (U+0001) out of user data.
const controlCharacters = '\\u0000-\\u001f\\u007f-\\u009f';
// The same without tab (U+0009) and line feed (U+000A); a carriage return is allowed only before a line feed.
const controlCharactersButLineBreaks = '\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f';
// Inside a one-line name these make it read as other text than was stored (a right-to-left override in a
// sealed name) or hide something in it: the bidi embeddings, overrides, isolates and marks, and the invisible
// spaces (zero-width space, word joiner, byte order mark). The joiners U+200C/U+200D stay allowed: Persian and
// Indic names need them.
const nameControls = '\\u200b\\u200e\\u200f\\u202a-\\u202e\\u2060\\u2066-\\u2069\\ufeff';

const blank = new RegExp(`^[\\s${invisibleCharacters}]*$`);
// At least one character that shows: linear, as the two classes are complements.
const somethingVisible = `(?=[\\s${invisibleCharacters}]*[^\\s${invisibleCharacters}])`;
const nameControl = new RegExp(`[${nameControls}]`);

type Lines = 'single' | 'multiple';
const contentPattern = (lines: Lines, name: boolean): string => {
  const refused = name ? `${controlCharacters}${nameControls}` : controlCharacters;
  return lines === 'multiple' ? `(?:[^${controlCharactersButLineBreaks}]|\\r\\n)*` : `[^${refused}]*`;
};

/** True when the value shows nothing: empty, or only spaces and invisible characters. */
export const isBlank = (value: string): boolean => blank.test(value);

/** The number of Unicode code points, the length JSON Schema's `maxLength` counts. */
export const codePointLength = (value: string): number => v._getCodePointCount(value);

/**
 * At most `requirement` code points. valibot's own `maxLength` counts UTF-16
 * units; this is its code point check under the `max_length` type, so the
 * JSON Schema converter states it as `maxLength`, which counts code points.
 */
export const atMostCharacters = <const Requirement extends number>(
  requirement: Requirement,
  message: v.ErrorMessage<v.MaxCodePointsIssue<string, Requirement>> = schemaMessage('field.tooLong', requirement),
) => ({
  ...v.maxCodePoints(requirement, message),
  type: 'max_length' as const,
});

const controlMessage = (lines: Lines) =>
  schemaMessage(lines === 'multiple' ? 'field.controlCharactersButLineBreaks' : 'field.controlCharacters');
const mustBeString = schemaMessage('field.mustBeString');
const required = schemaMessage('field.required');

interface TextOptions {
  /** Notes, terms and descriptions keep line breaks and tabs; every other text is one line. */
  multiline?: boolean;
}

const requiredPipe = (maxLengthOfText: number, lines: Lines, name: boolean) =>
  v.pipe(
    v.string(mustBeString),
    v.trim(),
    v.nonEmpty(required),
    v.check((value) => !isBlank(value), required),
    atMostCharacters(maxLengthOfText),
    v.check((value) => !name || !nameControl.test(value), schemaMessage('field.bidiControls')),
    v.regex(new RegExp(`^${somethingVisible}${contentPattern(lines, name)}$`), controlMessage(lines)),
  );

/** A required string: trimmed, and empty or invisible after trimming counts as missing. */
export const requiredText = (maxLengthOfText: number, options: TextOptions = {}) =>
  requiredPipe(maxLengthOfText, options.multiline ? 'multiple' : 'single', false);

/**
 * A person's or company's name, printed on documents and sealed into
 * signatures (`firstName`, `lastName`, `signerName`, `legalName`; every name
 * field is made here): a required line of text that also refuses bidi
 * controls and invisible spaces (`nameControls`), which could make a sealed
 * name read as another. The document's pattern refuses the same.
 */
export const printedName = (maxLengthOfName: number) => requiredPipe(maxLengthOfName, 'single', true);

const blankToNull = (value: string | null): string | null => {
  const trimmed = value?.trim();
  return trimmed && !isBlank(trimmed) ? trimmed : null;
};

/**
 * The metadata key that tells the document a blank string is taken as `null` (its value is the pattern
 * of a blank string): the document shows a field's rules after the transform, where a blank is already gone.
 */
export const blankIsNull = 'blankIsNull';

/** An optional string: absent, `null`, blank and invisible all become `null`. */
export const optionalString = <Inner extends v.GenericSchema<string, string>>(inner: Inner) =>
  v.pipe(
    v.optional(v.nullable(v.string(mustBeString)), null),
    v.transform(blankToNull),
    v.nullable(inner),
    v.metadata({ [blankIsNull]: blank.source }),
  );

/** An optional name (`representedBy`): `null` when absent or blank, otherwise the rules of `printedName`. */
export const optionalPrintedName = (maxLengthOfName: number) =>
  optionalString(
    v.pipe(
      v.string(mustBeString),
      atMostCharacters(maxLengthOfName),
      // Before the pattern, which refuses the same, so that the message says what is wrong.
      v.check((value) => !nameControl.test(value), schemaMessage('field.bidiControls')),
      v.regex(new RegExp(`^${contentPattern('single', true)}$`), controlMessage('single')),
    ),
  );

/**
 * Optional free text. Notes, terms and descriptions are its uses, so it keeps
 * line breaks and tabs unless `multiline: false` says it is one line.
 */
export const optionalText = (maxLengthOfText: number, options: TextOptions = {}) => {
  const lines: Lines = options.multiline === false ? 'single' : 'multiple';
  return optionalString(
    v.pipe(
      v.string(mustBeString),
      atMostCharacters(maxLengthOfText),
      v.regex(new RegExp(`^${contentPattern(lines, false)}$`), controlMessage(lines)),
    ),
  );
};

// RFC 5322 dot-atoms before the @, a domain of at least two labels of at most 63 letters, digits and
// hyphens after it, the last one starting with a letter (RFC 3696 §2: no all-numeric top-level domain),
// and at most 64 characters before the @ (RFC 5321 §4.5.3.1.1). Every address this accepts is also an
// `email` to ajv-formats (the format check most JSON Schema validators use) and to valibot's RFC check;
// quoted local parts, IP literals and non-ASCII addresses (RFC 6531) are not accepted.
const atext = "A-Za-z0-9!#$%&'*+/=?^_`{|}~-";
const domainLabel = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const topLevelLabel = '[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
export const emailPattern = new RegExp(
  `^(?=[^@]{1,64}@)[${atext}]+(?:\\.[${atext}]+)*@(?:${domainLabel}\\.)+${topLevelLabel}$`,
);

/** An email address as RFC 5321 allows it in a mailbox (`o'brien@example.com`, `anna+studio@example.com`). */
export const emailAddress = () =>
  v.pipe(
    v.string(mustBeString),
    atMostCharacters(254),
    v.check((value) => value.indexOf('@') <= 64, schemaMessage('field.emailLocalPartTooLong')),
    // States `format: email` in the document; the pattern below narrows it to what the server accepts.
    v.rfcEmail(schemaMessage('field.email')),
    v.regex(emailPattern, schemaMessage('field.email')),
  );

/** Parses `YYYY-MM-DD` and checks that the day exists in the calendar. */
export const isRealCalendarDate = (value: string): boolean => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

export const calendarDate = () =>
  v.pipe(
    v.string(schemaMessage('field.mustBeDateString')),
    v.trim(),
    v.isoDate(schemaMessage('field.dateFormat')),
    v.check(isRealCalendarDate, schemaMessage('field.realCalendarDate')),
  );

export const todayUtc = (): string => now().toISOString().slice(0, 10);

// Intl knows every ISO 3166-1 alpha-2 region. The codes it also knows that are
// groupings or placeholders are excluded, and so are deprecated aliases that it
// canonicalises to another code (UK → GB).
// Made on first use: loading ICU's region names costs 10–50 ms, which every function bundling this
// module would pay at cold start, though only contact writes check a country.
let regionNames: Intl.DisplayNames | undefined;
const regionName = (code: string) => {
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  return regionNames.of(code);
};
const nonCountryRegions = new Set(['EU', 'EZ', 'UN', 'QO', 'ZZ']);
export const isCountryCode = (code: string): boolean =>
  /^[A-Z]{2}$/.test(code) &&
  !nonCountryRegions.has(code) &&
  regionName(code) !== code &&
  Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`;

/** ISO 3166-1 alpha-2 as the standard writes it, upper case (docs/decisions.md, "Text"): `de` is refused, as the document's enum does. */
export const countryCode = () =>
  v.pipe(v.string(mustBeString), v.trim(), v.check(isCountryCode, schemaMessage('field.countryCode')));

const currencies = new Set(Intl.supportedValuesOf('currency'));
/** True for an ISO 4217 code the runtime knows; the document's `enum` of currencies is derived from it. */
export const isCurrencyCode = (code: string): boolean => currencies.has(code);
export const currencyCode = () =>
  v.pipe(
    v.string(mustBeString),
    v.trim(),
    v.toUpperCase(),
    v.check(isCurrencyCode, schemaMessage('field.currencyCode')),
  );

/** Money in integer minor units (cents), never floats. */
export const money = () =>
  v.strictObject({
    amount: v.pipe(
      v.number(schemaMessage('field.mustBeNumber')),
      v.integer(schemaMessage('field.amountInMinorUnits')),
      v.minValue(0, schemaMessage('field.notNegative')),
      v.maxValue(100_000_000_00, schemaMessage('field.atMost', 100_000_000_00)),
    ),
    currency: currencyCode(),
  });

export type Money = v.InferOutput<ReturnType<typeof money>>;
