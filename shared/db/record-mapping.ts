import type * as v from 'valibot';

type RecordSchema = v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>;

/**
 * Item ⇄ record mapping derived from a record schema, so a record's fields are
 * listed once: in its valibot schema. Only the schema's entries cross in either
 * direction (keys, index attributes and marks stay in the table), and an
 * attribute missing from an older item becomes `null`, never `undefined`.
 */
/* @__NO_SIDE_EFFECTS__ */
export function recordMapping<S extends RecordSchema>(schema: S) {
  const fields = Object.keys(schema.entries);
  return {
    fields,
    fromItem: (item: Record<string, unknown>): v.InferOutput<S> =>
      Object.fromEntries(fields.map((field) => [field, item[field] ?? null])) as v.InferOutput<S>,
    toItem: (record: v.InferOutput<S>): Record<string, unknown> =>
      Object.fromEntries(fields.map((field) => [field, (record as Record<string, unknown>)[field]])),
  };
}
