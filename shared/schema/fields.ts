import * as v from 'valibot';

// Control characters have no place in names or addresses, and excluding them
// keeps the separator of our sort keys (U+0001) out of user data.
const noControlCharacters = v.regex(/^[^\p{Cc}]*$/u, 'Must not contain control characters');

/** A required string: trimmed, and empty after trimming counts as missing. */
export const requiredText = (maxLength: number) =>
  v.pipe(
    v.string('Must be a string'),
    v.trim(),
    v.nonEmpty('Required'),
    v.maxLength(maxLength, `Must be at most ${maxLength} characters`),
    noControlCharacters,
  );

const blankToNull = (value: string | null): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** An optional string: absent, `null` and blank all become `null`. */
export const optionalString = <Inner extends v.GenericSchema<string, string>>(inner: Inner) =>
  v.pipe(v.optional(v.nullable(v.string('Must be a string')), null), v.transform(blankToNull), v.nullable(inner));

export const optionalText = (maxLength: number) =>
  optionalString(v.pipe(v.string(), v.maxLength(maxLength, `Must be at most ${maxLength} characters`)));

/** Parses `YYYY-MM-DD` and checks that the day exists in the calendar. */
export const isRealCalendarDate = (value: string): boolean => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

export const calendarDate = () =>
  v.pipe(
    v.string('Must be a date string'),
    v.trim(),
    v.isoDate('Must be a date in the format YYYY-MM-DD'),
    v.check(isRealCalendarDate, 'Must be a real calendar date'),
  );

export const todayUtc = (): string => new Date().toISOString().slice(0, 10);

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

export const countryCode = () =>
  v.pipe(
    v.string('Must be a string'),
    v.trim(),
    v.toUpperCase(),
    v.check(isCountryCode, 'Must be an ISO 3166-1 alpha-2 country code'),
  );

const currencies = new Set(Intl.supportedValuesOf('currency'));
/** True for an ISO 4217 code the runtime knows; the document's `enum` of currencies is derived from it. */
export const isCurrencyCode = (code: string): boolean => currencies.has(code);
export const currencyCode = () =>
  v.pipe(
    v.string('Must be a string'),
    v.trim(),
    v.toUpperCase(),
    v.check(isCurrencyCode, 'Must be an ISO 4217 currency code'),
  );

/** Money in integer minor units (cents), never floats. */
export const money = () =>
  v.strictObject({
    amount: v.pipe(
      v.number('Must be a number'),
      v.integer('Must be an integer amount in minor units (e.g. cents)'),
      v.minValue(0, 'Must not be negative'),
      v.maxValue(100_000_000_00, 'Must be at most 10000000000'),
    ),
    currency: currencyCode(),
  });

export type Money = v.InferOutput<ReturnType<typeof money>>;
