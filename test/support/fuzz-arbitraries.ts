import fc from 'fast-check';
import type * as v from 'valibot';
import { type AreaDefinition, areas } from '#shared/areas.ts';
import { type RouteName, routes } from '#shared/routes.ts';
import { operationDocs } from '../../docs/openapi/operations.ts';
import { sampleRequestOf } from '../../infra/local/sample-events.ts';

/**
 * Generators of hostile requests for the property tests in `fuzz.test.ts`:
 * bodies, query strings, path ids and header values a careless or malicious
 * client could send. Every value is one that `fetch` can put on the wire, so
 * a failure is always the server's answer, never the client refusing to send.
 */

// A real 1×1 PNG, as a signature pad would send (only much smaller).
export const pngDataUrl =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** Records that exist in the table under test, so that some requests get past the 404. */
export interface FuzzFixtures {
  contactId: string;
  serviceId: string;
  contractId: string;
  documentHash: string;
}

/** Strings that have broken parsers, sort keys and databases before. */
const trickyText = [
  '',
  ' ',
  '\t\n',
  '\u0000',
  'a\u0000b',
  '\u0001',
  '\u007f',
  '\ud800',
  '\udfff',
  'x\ud83dy',
  '\ufeff',
  '\u202eevil',
  '\u200b',
  'İstanbul',
  'ß',
  'e\u0301',
  'é',
  '👩‍👩‍👧‍👦',
  '😀'.repeat(100),
  '%00',
  '%',
  '..',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '\u0024{jndi:ldap://x}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e400',
  '2026-02-30',
  '9999-12-31',
  '0000-01-01',
  'sha256:',
  'data:image/png;base64,',
  'data:image/svg+xml;base64,PHN2Zz48c2NyaXB0Lz48L3N2Zz4=',
  '01JD0000000000000000000000',
  '01JD000000000000000000000!',
];

// Lone surrogates cannot be percent-encoded as UTF-8; `fetch` would send U+FFFD for them anyway.
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `encodeURIComponent` that never throws: a lone surrogate goes out as its (invalid) UTF-8 bytes. */
export const encodeComponent = (text: string): string =>
  text.split(loneSurrogate).map(encodeURIComponent).join('%ED%A0%80');

/** Text of any kind: full Unicode, lone surrogates, control characters, and the classics above. */
export const anyText = (maxLength = 40): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...trickyText) },
    { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: fc.integer({ min: 0xd800, max: 0xdfff }).map(String.fromCharCode) }) },
    { weight: 1, arbitrary: fc.string({ unit: fc.integer({ min: 0, max: 0x1f }).map(String.fromCharCode) }) },
  );

/** Strings around and far beyond the length limits of our fields (100, 200, 254, 5000, 20000). */
const longText = fc
  .tuple(
    fc.constantFrom('x', 'é', '😀', ' ', '\u0000', 'a b'),
    fc.constantFrom(99, 100, 101, 200, 201, 254, 255, 2000, 2001, 5000, 5001, 20_000, 20_001, 100_000),
  )
  .map(([unit, count]) => unit.repeat(count));

const hugeNumbers = fc.constantFrom(
  0,
  -0,
  -1,
  0.5,
  1e-7,
  2 ** 31,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  1e21,
  100_000_000_01,
);

/** A nested value of every JSON type, objects with the names our schemas use among its keys. */
const nestedJunk: fc.Arbitrary<unknown> = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    hugeNumbers,
    fc.double(),
    anyText(),
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(anyText(8), fc.constantFrom('amount', 'currency', 'id', '__proto__')), tie('node'), {
      maxKeys: 4,
    }),
  ),
})).node;

/** A value of the wrong type, the wrong size or the wrong content, for any field. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.boolean(),
  hugeNumbers,
  fc.double(),
  fc.integer(),
  anyText(),
  longText,
  fc.constant({}),
  fc.constant([]),
  nestedJunk,
);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path into a JSON value, for picking the field a mutation breaks. */
const pathsOf = (value: unknown, prefix: (string | number)[] = []): (string | number)[][] => {
  if (Array.isArray(value))
    return value.flatMap((item, index) => [[...prefix, index], ...pathsOf(item, [...prefix, index])]);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => [[...prefix, key], ...pathsOf(item, [...prefix, key])]);
  }
  return [];
};

type Mutation =
  | { kind: 'set'; path: (string | number)[]; value: unknown }
  | { kind: 'delete' | 'unknown-key'; path: (string | number)[] };

const applyMutation = (body: unknown, mutation: Mutation): unknown => {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  const parentPath = mutation.path.slice(0, -1);
  const last = mutation.path.at(-1);
  let parent: unknown = copy;
  for (const step of parentPath) parent = (parent as Record<string | number, unknown> | undefined)?.[step];
  if (!parent || typeof parent !== 'object' || last === undefined) return copy;
  const target = parent as Record<string | number, unknown>;
  if (mutation.kind === 'set') target[last] = mutation.value;
  if (mutation.kind === 'delete') delete target[last];
  if (mutation.kind === 'unknown-key') target[`${String(last)}_typo`] = target[last];
  return copy;
};

/**
 * Near-valid bodies: a valid example with one to three fields replaced by
 * junk, removed, or joined by a misspelt twin. These get past the JSON parser
 * and test the schema and everything behind it, field by real field.
 */
export const nearValidBody = (example: Json): fc.Arbitrary<unknown> => {
  const paths = pathsOf(example);
  if (paths.length === 0) return fc.dictionary(anyText(10), junkValue, { maxKeys: 3 });
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({ kind: fc.constant('set' as const), path: fc.constantFrom(...paths), value: junkValue }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), path: fc.constantFrom(...paths) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('unknown-key' as const), path: fc.constantFrom(...paths) }) },
  );
  return fc
    .array(mutation, { minLength: 0, maxLength: 3 })
    .map((mutations) => mutations.reduce<unknown>(applyMutation, example));
};

/** Text that is not JSON, or JSON with something wrong around it. */
const notJson = (example: Json): fc.Arbitrary<string> => {
  const json = JSON.stringify(example);
  return fc.oneof(
    anyText(200),
    fc.nat({ max: Math.max(0, json.length - 1) }).map((end) => json.slice(0, end)),
    fc.constantFrom(
      '',
      `\ufeff${json}`,
      `${json}${json}`,
      `${json},`,
      `${json} trailing`,
      json.replaceAll('"', "'"),
      'undefined',
      'NaN',
      '{"a":1,}',
      '{"a":01}',
      '[',
      '"unterminated',
      '\u0000',
    ),
  );
};

/** `[[[…]]]` and `{"a":{"a":…}}` deep enough to exhaust any recursive walk of the parsed body. */
const deeplyNested = fc
  .tuple(fc.constantFrom(100, 1_000, 5_000, 50_000), fc.constantFrom('array', 'object', 'in-field'))
  .map(([depth, shape]) => {
    if (shape === 'array') return `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const nested = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    return shape === 'object' ? nested : `{"notes":${nested},"name":${nested}}`;
  });

/** Just over the 1 MiB body limit. */
const oversized = fc.constantFrom('x', 'é').map((unit) => JSON.stringify({ notes: unit.repeat(1024 * 1024) }));

/** The raw bytes of a request body: arbitrary JSON, near-valid objects, non-JSON text, extremes. */
export const bodyText = (example: Json): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
    { weight: 8, arbitrary: nearValidBody(example).map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 2, arbitrary: notJson(example) },
    { weight: 1, arbitrary: fc.oneof(deeplyNested, deeplyNested, oversized) },
  );

/** `Content-Type` values: absent (undefined), JSON in its variants, other types, garbage. */
export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      undefined,
      '',
      'application/json; charset=utf-8',
      'application/json;charset=UTF-16',
      'application/json; charset=latin1; x=y',
      'APPLICATION/JSON',
      'application/problem+json',
      'application/vnd.studio+json; version=2',
      'application/jsonp',
      'application/json-patch+json',
      'text/plain',
      'text/json',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=----x',
      'application/octet-stream',
      'image/png',
      'application/xml',
      '*/*',
      'application/',
      ';',
    ),
  },
  { weight: 1, arbitrary: headerValue(60) },
);

/** A header value `fetch` will send and Node's HTTP parser will read: visible ASCII, space, tab and Latin-1. */
export function headerValue(maxLength: number, minLength = 0): fc.Arbitrary<string> {
  const unit = fc.oneof(
    { weight: 10, arbitrary: fc.integer({ min: 0x21, max: 0x7e }) },
    { weight: 1, arbitrary: fc.constantFrom(0x20, 0x09) },
    { weight: 1, arbitrary: fc.integer({ min: 0x80, max: 0xff }) },
  );
  return fc.string({ unit: unit.map((code) => String.fromCharCode(code)), minLength, maxLength });
}

/** `If-Match`: absent, wildcards, strong, weak and broken entity tags, lists, garbage. */
export const ifMatch: fc.Arbitrary<string | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom('*', '"1"', '"2"', 'W/"1"', '"0"', '"-1"', '"1.0"', '""', '"', '1', '"1", "2"', '"x", *', ','),
  fc.constantFrom('"999999999999999"', '"9999999999999999999999"', `"${'9'.repeat(400)}"`),
  fc.integer().map((version) => `"${version}"`),
  headerValue(40),
);

/** `Idempotency-Key`: absent, empty, every length up to 300 (the limit is 255), edge lengths. */
export const idempotencyKey: fc.Arbitrary<string | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(0, 1, 254, 255, 256, 300).chain((length) => headerValue(length, length)),
  headerValue(300, 1),
);

/**
 * A path segment for `{id}`: our ids, ids one character off, random and
 * hostile strings, encoded or as raw as `fetch` allows (it still escapes what
 * it must, and resolves `.` and `..` segments the way any client would).
 */
export const idSegment = (realIds: readonly string[], realWeight = 1): fc.Arbitrary<string> => {
  const raw = fc.oneof(
    fc.ulid(),
    fc.ulid().map((id) => id.toLowerCase()),
    fc.ulid().map((id) => `${id}0`),
    fc.ulid().map((id) => id.slice(1)),
    fc.uuid(),
    anyText(30),
    fc.constantFrom('%00', '..', '.', '%2e%2e', '%2F', '%', '%zz', '%C0%AF', '%ff', 'a%00b', '?', '#', ';x=1'),
    fc.tuple(fc.constantFrom('x', '0', 'A'), fc.constantFrom(27, 256, 1_000, 2_000)).map(([unit, n]) => unit.repeat(n)),
    fc.tuple(fc.constantFrom('😀', 'é', '\u0000'), fc.constantFrom(26, 100, 300)).map(([unit, n]) => unit.repeat(n)),
  );
  const encoded = fc.oneof(
    raw.map(encodeComponent),
    // Raw, but `/`, `?` and `#` would leave the segment: only these are escaped.
    raw.map((id) => id.replaceAll('/', '%2F').replaceAll('?', '%3F').replaceAll('#', '%23')),
    // Already an escape sequence: sent as it is.
    fc.constantFrom('%00', '..', '%2e%2e', '%2F', '%', '%zz', '%C0%AF', '%ff', 'a%00b', '%252e'),
  );
  if (realIds.length === 0) return encoded;
  return fc.oneof({ weight: realWeight, arbitrary: fc.constantFrom(...realIds) }, { weight: 3, arbitrary: encoded });
};

/** Names that trip up object handling: prototype keys, array syntax, blanks. */
const hostileParameters = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype', 'limit[]', '', ' '];

const limitValues = fc.oneof(
  fc.constantFrom(
    '',
    '0',
    '1',
    '25',
    '100',
    '101',
    '-1',
    '1e2',
    '0x10',
    ' 5',
    '5 ',
    '5.0',
    '05',
    '001',
    '1000',
    'NaN',
    'Infinity',
  ),
  fc.integer().map(String),
  fc.constant('9'.repeat(40)),
);

/** Cursors: the shape of a real one with its values changed, random base64url, random text. */
export const cursorValues = (realCursors: readonly string[]): fc.Arbitrary<string> => {
  const tampered = realCursors.length
    ? fc
        .tuple(
          fc.constantFrom(...realCursors),
          fc.array(
            fc.tuple(fc.nat(), fc.oneof(fc.constantFrom('', ' ', '\u0000', 'x'.repeat(700)), anyText(20), junkValue)),
            {
              minLength: 1,
              maxLength: 3,
            },
          ),
        )
        .map(([cursor, changes]) => {
          const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
          const names = Object.keys(key);
          for (const [index, value] of changes) {
            const name = names[index % names.length];
            if (name !== undefined) key[name] = value;
          }
          return Buffer.from(JSON.stringify(key) ?? '').toString('base64url');
        })
    : fc.constant('e30');
  return fc.oneof(
    tampered,
    realCursors.length ? fc.constantFrom(...realCursors) : fc.constant('e30'),
    fc
      .base64String({ maxLength: 200 })
      .map((text) => text.replaceAll('+', '-').replaceAll('/', '_').replaceAll('=', '')),
    fc.jsonValue({ maxDepth: 2 }).map((value) => Buffer.from(JSON.stringify(value)).toString('base64url')),
    anyText(40),
    fc.constantFrom('', 'e30', 'bnVsbA', 'W10', 'IiI', 'x'.repeat(1024), 'x'.repeat(1025), 'A'.repeat(5000)),
  );
};

/**
 * A query string: the parameters of our lists with plausible and bad values
 * (limits, cursors, filters), hostile and random names, repeated names,
 * encoded properly or left raw.
 */
export const queryString = (realCursors: readonly string[], realIds: readonly string[]): fc.Arbitrary<string> => {
  const anyValue = fc.oneof(limitValues, cursorValues(realCursors), anyText(40));
  const idValue = fc.oneof(realIds.length ? fc.constantFrom(...realIds) : fc.ulid(), fc.ulid(), anyText(30));
  const pair = fc.oneof(
    { weight: 3, arbitrary: fc.tuple(fc.constant('limit'), limitValues) },
    { weight: 3, arbitrary: fc.tuple(fc.constant('cursor'), cursorValues(realCursors)) },
    { weight: 2, arbitrary: fc.tuple(fc.constant('search'), fc.oneof(fc.constantFrom('Fuzz', 'a@b.c'), anyText(40))) },
    { weight: 2, arbitrary: fc.tuple(fc.constant('active'), fc.oneof(fc.constantFrom('true', 'false'), anyText(8))) },
    { weight: 2, arbitrary: fc.tuple(fc.constant('contactId'), idValue) },
    {
      weight: 2,
      arbitrary: fc.tuple(
        fc.constant('status'),
        fc.oneof(fc.constantFrom('pending', 'signed', 'cancelled'), anyText(8)),
      ),
    },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...hostileParameters), anyValue) },
    { weight: 1, arbitrary: fc.tuple(anyText(12), anyValue) },
  );
  const encoded = fc
    .tuple(pair, fc.boolean())
    .map(([[key, text], encode]) =>
      encode
        ? `${encodeComponent(key)}=${encodeComponent(text)}`
        : `${key.replaceAll('#', '%23').replaceAll('&', '%26')}=${text.replaceAll('#', '%23').replaceAll('&', '%26')}`,
    );
  return fc.oneof(
    // Cut at 6000 characters: API Gateway (and Node, locally) refuse request lines and headers over ~10 KB themselves.
    { weight: 8, arbitrary: fc.array(encoded, { maxLength: 4 }).map((pairs) => pairs.join('&').slice(0, 6000)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        '&',
        '&&',
        '=',
        'limit',
        'limit=',
        'cursor',
        '?',
        'a=1&a=2',
        'limit=1&limit=2',
        'limit=%',
      ),
    },
  );
};

/** A valid body of each route that takes one, built from fixtures; `schema` is what the route validates with. */
export interface BodyExample {
  schema: v.GenericSchema;
  example: (fixtures: FuzzFixtures) => Json;
}

/** The fixture that stands for the records a sample id names (the areas' `sampleIds`, by the path before `{id}`). */
const fixtureFor: Readonly<Record<string, keyof FuzzFixtures>> = {
  '/api/contacts': 'contactId',
  '/api/services': 'serviceId',
  '/api/contracts': 'contractId',
};
const fixtureOfSampleId: ReadonlyMap<string, keyof FuzzFixtures> = new Map(
  (areas as readonly AreaDefinition[]).flatMap((area) =>
    Object.entries(area.sampleIds).flatMap(([path, id]) => {
      const fixture = fixtureFor[path];
      return fixture ? [[id, fixture] as const] : [];
    }),
  ),
);

/** A sample body with the records it names made the fixtures' (its ids, the hash of the contract it signs). */
const withFixtures = (value: unknown, fixtures: FuzzFixtures, key?: string): Json => {
  if (Array.isArray(value)) return value.map((item) => withFixtures(item, fixtures));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([name, inner]) => [name, withFixtures(inner, fixtures, name)]),
    );
  }
  if (key === 'documentHash') return fixtures.documentHash;
  const fixture = typeof value === 'string' ? fixtureOfSampleId.get(value) : undefined;
  return fixture ? fixtures[fixture] : (value as Json);
};

/**
 * The body schemas of the routes, with a valid example each: every route its documentation gives a body, its
 * schema from there and its example from its area's `sampleRequests` (the sample events' body; test/infra/areas.test.ts
 * requires one for every route with a body).
 */
export const bodyExamples: Partial<Record<RouteName, BodyExample>> = Object.fromEntries(
  routes.flatMap((route) => {
    const body = operationDocs[route.name].body;
    const sample = sampleRequestOf(route).body;
    return body
      ? [[route.name, { schema: body.validates, example: (fixtures: FuzzFixtures) => withFixtures(sample, fixtures) }]]
      : [];
  }),
);
