import { type ConversionConfig, type JsonSchema, toJsonSchema, toJsonSchemaDefs } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { blankIsNull, isCountryCode, isCurrencyCode } from '#shared/schema/fields.ts';

/**
 * How valibot schemas become the JSON Schemas (2020-12, as OpenAPI 3.1 uses)
 * of the document. Any schema or action that cannot be converted throws, so
 * a new kind of rule cannot silently vanish from the docs; only these are
 * left out on purpose, and the field descriptions say what they check:
 */
const describedInProse = [
  'to_upper_case', // country and currency codes are upper-cased before they are checked
  'partial_check', // the contract's end date is not before its start date
];

/** Every code of `length` letters A–Z that `accepts` takes: an `enum` that cannot drift from the check. */
const codesAcceptedBy = (accepts: (code: string) => boolean, length: number): string[] => {
  let codes = [''];
  for (let position = 0; position < length; position++) {
    codes = codes.flatMap((prefix) => [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter) => prefix + letter));
  }
  return codes.filter(accepts);
};

// Checks that accept a finite list of codes become that list; other checks (real calendar dates, dates not
// in the future, invisible-only text that a pattern states as well) stay prose.
const enumerableChecks = new Map<unknown, () => string[]>([
  [isCountryCode, () => codesAcceptedBy(isCountryCode, 2)],
  [isCurrencyCode, () => codesAcceptedBy(isCurrencyCode, 3)],
]);
const enums = new Map<unknown, string[]>();
const enumOf = (check: unknown): string[] | undefined => {
  const list = enums.get(check) ?? enumerableChecks.get(check)?.();
  if (list) enums.set(check, list);
  return list;
};

// The server trims a string before it checks its length, so a blank one is refused as empty: the
// document says so with a pattern that asks for one character that is not white space. The mark is a
// symbol, so it never reaches the JSON.
const trimmed = Symbol('trimmed');
const nonBlank = '\\S';
type Marked = JsonSchema & { [trimmed]?: true };

const requirementOf = (action: unknown): unknown => (action as { requirement?: unknown }).requirement;

const overrideAction: ConversionConfig['overrideAction'] = ({ valibotAction, jsonSchema, errors }) => {
  const schema = jsonSchema as Marked;
  switch (valibotAction.type) {
    case 'trim':
      return { ...schema, [trimmed]: true } as JsonSchema;
    case 'non_empty':
    case 'min_length':
      return schema[trimmed] && schema.type === 'string' && !schema.pattern && !errors
        ? { ...schema, pattern: nonBlank }
        : null;
    case 'regex': {
      const { source, flags } = requirementOf(valibotAction) as RegExp;
      // `u` only lets a pattern name Unicode classes (`\p{Cc}`), and JSON Schema patterns are ECMA-262 with
      // Unicode: such a pattern is kept rather than refused. Any other flag, or a second pattern, throws.
      if (!['', 'u'].includes(flags) || (schema.pattern && schema.pattern !== nonBlank && schema.pattern !== source)) {
        return null;
      }
      // The non-blank pattern gives way to the field's own; if that takes a blank string, both must hold.
      const own = new RegExp(source, flags);
      const takesBlank = own.test('') || own.test(' ');
      return schema.pattern === nonBlank && takesBlank
        ? { ...schema, pattern: source, allOf: [{ pattern: nonBlank }] }
        : { ...schema, pattern: source };
    }
    case 'metadata': {
      // An optional string takes a blank as missing: the document accepts a blank string too, besides
      // the field's rules and null, so it refuses no value the server accepts.
      const { [blankIsNull]: blank, ...rest } = schema as JsonSchema & { [blankIsNull]?: string };
      if (typeof blank !== 'string') return null;
      if (!rest.anyOf) throw new Error('A blank-is-null mark belongs after a nullable schema');
      return { ...rest, anyOf: [...rest.anyOf, { type: 'string', pattern: blank }] } as JsonSchema;
    }
    // A raw check names its problem in its message (an IBAN's check digits, its country): prose.
    case 'raw_check':
      return schema;
    case 'check': {
      const codes = enumOf(requirementOf(valibotAction));
      return codes ? { ...schema, enum: codes } : schema;
    }
    default:
      return null;
  }
};

const base: ConversionConfig = {
  target: 'draft-2020-12',
  errorMode: 'throw',
  ignoreActions: describedInProse,
  overrideAction,
};

/**
 * Bodies and records in output mode: our fields normalise first (trim, blank →
 * null) and validate after, so only the output end of each pipe carries the
 * limits (input mode would stop at the first transform and drop `maxLength`,
 * `format` and `pattern` of every optional string). Defaults are kept.
 */
export const bodyConfig: ConversionConfig = { ...base, typeMode: 'output' };

/** Query parameters in input mode: they arrive as strings. */
export const queryConfig: ConversionConfig = { ...base, typeMode: 'input' };

const withoutDialect = ({ $schema: _, ...schema }: JsonSchema): JsonSchema => schema;

export const componentRef = (name: string) => `#/components/schemas/${name}`;

/** The named schemas of `components.schemas`; a named schema inside another becomes a `$ref` to it. */
export const toComponentSchemas = (components: Record<string, v.GenericSchema>): Record<string, JsonSchema> =>
  toJsonSchemaDefs(components, { ...bodyConfig, overrideRef: ({ referenceId }) => componentRef(referenceId) });

/** One schema on its own, such as a parameter's or a header's. */
export const toInlineSchema = (schema: v.GenericSchema, config: ConversionConfig = bodyConfig): JsonSchema =>
  withoutDialect(toJsonSchema(schema, config));

interface PipeItem {
  readonly kind: string;
  readonly type: string;
  readonly requirement?: unknown;
  readonly default?: unknown;
}

// valibot's own signature spells out every pipe length; this copy takes any.
const pipeOf = v.pipe as unknown as (...items: readonly unknown[]) => v.GenericSchema;

/**
 * A query parameter as the value the handler works with. One that arrives as
 * digits and is transformed to a number (`limit`) is the integer it becomes,
 * with the bounds checked after the transform and its default as a number;
 * a client then sends `limit=10`, exactly as it would any integer parameter.
 */
export const toQueryParameterSchema = (schema: v.GenericSchema): JsonSchema => {
  const pipe = (schema as { pipe?: readonly PipeItem[] }).pipe;
  const at = pipe?.findIndex((item) => item.type === 'transform') ?? -1;
  if (!pipe || at < 0) return toInlineSchema(schema, queryConfig);
  const digitsOnly = pipe
    .slice(1, at)
    .some((item) => item.type === 'regex' && /^\^\\d(\{[\d,]+\}|\+)\$$/.test((item.requirement as RegExp).source));
  if (!digitsOnly) throw new Error('A transformed query parameter must be digits only to be documented as an integer');
  const [head] = pipe;
  const fallback = head?.type === 'optional' && head.default !== undefined ? Number(head.default) : undefined;
  const integer = toInlineSchema(pipeOf(v.number(), v.integer(), ...pipe.slice(at + 1)));
  return fallback === undefined ? integer : { ...integer, default: fallback };
};
