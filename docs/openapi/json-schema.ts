import { type ConversionConfig, type JsonSchema, toJsonSchema, toJsonSchemaDefs } from '@valibot/to-json-schema';
import type * as v from 'valibot';

/**
 * How valibot schemas become the JSON Schemas (2020-12, as OpenAPI 3.1 uses)
 * of the document. Any schema or action that cannot be converted throws, so
 * a new kind of rule cannot silently vanish from the docs; only these are
 * left out on purpose, and the field descriptions say what they check:
 */
const describedInProse = [
  'trim', // strings are trimmed before they are checked
  'to_upper_case', // country and currency codes are upper-cased before they are checked
  'check', // real calendar dates, ISO 3166-1 countries, ISO 4217 currencies, dates not in the future
  'partial_check', // the contract's end date is not before its start date
];

const base: ConversionConfig = {
  target: 'draft-2020-12',
  errorMode: 'throw',
  ignoreActions: describedInProse,
  // `u` only lets a pattern name Unicode classes (`\p{Cc}`), and JSON Schema patterns are ECMA-262 with
  // Unicode: such a pattern is kept (the converter has already set it) rather than refused.
  overrideAction: ({ valibotAction, jsonSchema, errors }) => {
    const flags = valibotAction.type === 'regex' ? (valibotAction as { requirement?: RegExp }).requirement?.flags : '';
    return flags === 'u' && errors?.length === 1 ? jsonSchema : null;
  },
};

/**
 * Bodies and records in output mode: our fields normalise first (trim, blank →
 * null) and validate after, so only the output end of each pipe carries the
 * limits (input mode would stop at the first transform and drop `maxLength`,
 * `format` and `pattern` of every optional string). Defaults are kept.
 */
export const bodyConfig: ConversionConfig = { ...base, typeMode: 'output' };

/** Query parameters in input mode: they arrive as strings, `limit` only becomes a number after its transform. */
export const queryConfig: ConversionConfig = { ...base, typeMode: 'input' };

const withoutDialect = ({ $schema: _, ...schema }: JsonSchema): JsonSchema => schema;

export const componentRef = (name: string) => `#/components/schemas/${name}`;

/** The named schemas of `components.schemas`; a named schema inside another becomes a `$ref` to it. */
export const toComponentSchemas = (components: Record<string, v.GenericSchema>): Record<string, JsonSchema> =>
  toJsonSchemaDefs(components, { ...bodyConfig, overrideRef: ({ referenceId }) => componentRef(referenceId) });

/** One schema on its own, such as a parameter's or a header's. */
export const toInlineSchema = (schema: v.GenericSchema, config: ConversionConfig = bodyConfig): JsonSchema =>
  withoutDialect(toJsonSchema(schema, config));
