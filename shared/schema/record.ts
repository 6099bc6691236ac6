import * as v from 'valibot';
import { ulidPattern } from '../http/ids.ts';

/*
 * The parts of a response record that the server sets. Response schemas exist
 * for the published documentation and as the source of the record types;
 * handlers never parse their own responses with them. Every helper here is
 * marked free of side effects, so bundles that only need the types drop them.
 */

/** A server-assigned ULID. */
/* @__NO_SIDE_EFFECTS__ */
export function recordId() {
  return v.pipe(v.string(), v.regex(ulidPattern));
}

/** RFC 3339 UTC with milliseconds, set by the server. */
/* @__NO_SIDE_EFFECTS__ */
export function timestamp() {
  return v.pipe(v.string(), v.isoTimestamp());
}

/** 1 on create, +1 on each change; the strong ETag of the record. */
/* @__NO_SIDE_EFFECTS__ */
export function recordVersion() {
  return v.pipe(v.number(), v.integer(), v.minValue(1));
}

/** The `sub` of a user's token. */
/* @__NO_SIDE_EFFECTS__ */
export function userSub() {
  return v.string();
}

type OutputOf<S extends v.GenericSchema> = v.GenericSchema<v.InferOutput<S>, v.InferOutput<S>>;

// A defaulted `optional` is always present after parsing, and a pipe that
// normalises before it validates (blank → null) ends in the schema of its output.
const outputSchema = (schema: v.GenericSchema): v.GenericSchema => {
  if ('pipe' in schema) {
    const schemas = (schema.pipe as readonly { kind: string }[]).filter((item) => item.kind === 'schema');
    return schemas.length > 1 ? (schemas.at(-1) as v.GenericSchema) : schema;
  }
  const wrapper = schema as v.GenericSchema & { wrapped?: v.GenericSchema; default?: unknown };
  if (schema.type === 'optional' && wrapper.wrapped && wrapper.default !== undefined) return wrapper.wrapped;
  return schema;
};

/** The entries of an input object as a record holds them: every defaulted field present, in its output shape. */
/* @__NO_SIDE_EFFECTS__ */
export function outputEntries<Entries extends v.ObjectEntries>(
  entries: Entries,
): { [Key in keyof Entries]: OutputOf<Entries[Key]> } {
  return Object.fromEntries(Object.entries(entries).map(([key, schema]) => [key, outputSchema(schema)])) as {
    [Key in keyof Entries]: OutputOf<Entries[Key]>;
  };
}

/** The body of every list: one page of records and the cursor of the next page (null on the last page). */
/* @__NO_SIDE_EFFECTS__ */
export function listEnvelope<Item extends v.GenericSchema>(item: Item) {
  return v.object({ items: v.array(item), nextCursor: v.nullable(v.string()) });
}
