import * as v from 'valibot';

/**
 * The published documentation attaches its prose (valibot `description` and
 * `examples` actions) to the very schemas that validate, in copies made here:
 * the handlers' bundles stay free of documentation text, and what a field
 * accepts still comes only from the schema that checks it.
 */

/** A field's description; for an object field (also inside optional, nullable or array) its own fields too. */
export type FieldDoc =
  | string
  | {
      readonly text: string;
      /** The fields of the object inside this field. */
      readonly fields?: FieldDocs;
      /** A documented component that stands for the object inside this field (becomes a `$ref`). */
      readonly ref?: v.GenericSchema;
      /**
       * What the handler checks beyond the body schema (a data URL's syntax and size), stated in place
       * of the field's own schema; it must refuse whatever the body schema refuses.
       */
      readonly checkedByHandler?: v.GenericSchema;
    };
export type FieldDocs = { readonly [field: string]: FieldDoc };

/** The documentation of every field of an object schema, checked by the compiler against its entries. */
export type EntryDocs<Schema extends ObjectLike> = { readonly [Key in keyof Schema['entries']]: FieldDoc };

export interface ObjectLike {
  readonly type: string;
  readonly entries: v.ObjectEntries;
}

interface AnySchema {
  readonly kind: string;
  readonly type: string;
  readonly pipe?: readonly AnySchema[];
  readonly wrapped?: AnySchema;
  readonly default?: unknown;
  readonly item?: AnySchema;
  readonly entries?: v.ObjectEntries;
  readonly key?: string;
  readonly options?: readonly AnySchema[];
  readonly message?: unknown;
}

// valibot's own signatures spell out every pipe length; these copies take any.
const pipeOf = v.pipe as unknown as (...items: readonly unknown[]) => v.GenericSchema;
const objectOf = {
  object: v.object,
  strict_object: v.strictObject,
  loose_object: v.looseObject,
} as unknown as Record<string, (entries: v.ObjectEntries) => v.GenericSchema>;
const wrapperOf = { optional: v.optional, nullable: v.nullable, nullish: v.nullish } as unknown as Record<
  string,
  (wrapped: unknown, fallback?: unknown) => v.GenericSchema
>;

// A variant's options are all objects (valibot's own signature asks for the tuple it was built with).
const variantOf = v.variant as unknown as (
  key: string,
  options: readonly unknown[],
  message?: unknown,
) => v.GenericSchema;

/**
 * The schema with the object inside it replaced: through pipes, optional, nullable, nullish and arrays.
 * In a variant (`oneOf` in the document, e.g. a notice period with one maximum per unit) each option's
 * object is replaced, so every option carries the same field descriptions.
 */
const replaceObject = (schema: AnySchema, replace: (object: AnySchema) => v.GenericSchema): v.GenericSchema => {
  if (schema.pipe) {
    // The last schema of a pipe is what the documentation shows (output mode).
    const index = schema.pipe.findLastIndex((item) => item.kind === 'schema');
    return pipeOf(...schema.pipe.map((item, at) => (at === index ? replaceObject(item, replace) : item)));
  }
  const wrap = wrapperOf[schema.type];
  if (wrap && schema.wrapped) {
    const inner = replaceObject(schema.wrapped, replace);
    return schema.default === undefined ? wrap(inner) : wrap(inner, schema.default);
  }
  if (schema.type === 'array' && schema.item) return v.array(replaceObject(schema.item, replace));
  if (schema.type === 'variant' && schema.key && schema.options) {
    return variantOf(
      schema.key,
      schema.options.map((option) => replaceObject(option, replace)),
      schema.message,
    );
  }
  if (schema.entries && objectOf[schema.type]) return replace(schema);
  throw new Error(`There is no object inside a ${schema.type} schema`);
};

const documentEntries = (entries: v.ObjectEntries, docs: FieldDocs, where: string): v.ObjectEntries => {
  for (const key of Object.keys(docs)) {
    if (!(key in entries)) throw new Error(`${where}.${key} is documented but not in the schema`);
  }
  return Object.fromEntries(
    Object.entries(entries).map(([key, schema]) => {
      const doc = docs[key];
      if (doc === undefined) throw new Error(`${where}.${key} has no description`);
      return [key, documentField(schema, doc, `${where}.${key}`)];
    }),
  );
};

const rebuildObject = (object: AnySchema, docs: FieldDocs, where: string): v.GenericSchema => {
  const build = objectOf[object.type];
  if (!build) throw new Error(`${where} is a ${object.type} schema, not an object`);
  return build(documentEntries(object.entries ?? {}, docs, where));
};

/** A field's schema with its description, and its nested object documented or replaced by a component. */
export const documentField = (schema: v.GenericSchema, doc: FieldDoc, where: string): v.GenericSchema => {
  const { text, fields, ref, checkedByHandler } = typeof doc === 'string' ? { text: doc } : doc;
  let documented: v.GenericSchema = checkedByHandler ?? schema;
  if (ref) documented = replaceObject(schema as AnySchema, () => ref);
  else if (fields) documented = replaceObject(schema as AnySchema, (object) => rebuildObject(object, fields, where));
  return pipeOf(documented, v.description(text));
};

/** An object schema (or a pipe around one) with every field documented, plus its own description and examples. */
export const documentObject = <Schema extends ObjectLike>(
  schema: Schema,
  name: string,
  docs: EntryDocs<Schema>,
  about: { readonly text: string; readonly examples?: readonly unknown[] },
): v.GenericSchema =>
  pipeOf(
    replaceObject(schema as unknown as AnySchema, (object) => rebuildObject(object, docs, name)),
    v.description(about.text),
    ...(about.examples ? [v.examples(about.examples)] : []),
  );

/**
 * A variant (`oneOf`, one object per value of its key) with every field of every option documented: `docs`
 * covers the fields of all options, each option takes its own, and a documented field no option has fails.
 */
export const documentVariant = (
  schema: v.GenericSchema,
  name: string,
  docs: FieldDocs,
  about: { readonly text: string; readonly examples?: readonly unknown[] },
): v.GenericSchema => {
  const options = (schema as unknown as AnySchema).options ?? [];
  const optionEntries = (option: AnySchema): v.ObjectEntries =>
    option.entries ?? (option.pipe ? optionEntries(option.pipe[0] as AnySchema) : {});
  const every = new Set(options.flatMap((option) => Object.keys(optionEntries(option))));
  for (const key of Object.keys(docs)) {
    if (!every.has(key)) throw new Error(`${name}.${key} is documented but in no option of the schema`);
  }
  // The entries of the object inside a field (through pipes, wrappers and arrays), or undefined without one.
  const entriesInside = (field: AnySchema | undefined): v.ObjectEntries | undefined => {
    if (!field) return undefined;
    if (field.entries) return field.entries;
    if (field.pipe) return entriesInside(field.pipe[0] as AnySchema);
    return entriesInside(field.wrapped ?? field.item);
  };
  // An option takes the docs of its own fields, and of a nested object's fields only those it has.
  const docsOf = (entries: v.ObjectEntries, fieldDocs: FieldDocs): FieldDocs =>
    Object.fromEntries(
      Object.entries(fieldDocs)
        .filter(([key]) => key in entries)
        .map(([key, doc]) => {
          const inner = entriesInside(entries[key] as unknown as AnySchema);
          return typeof doc === 'object' && doc.fields && inner
            ? [key, { ...doc, fields: docsOf(inner, doc.fields) }]
            : [key, doc];
        }),
    );
  return pipeOf(
    replaceObject(schema as unknown as AnySchema, (object) =>
      rebuildObject(object, docsOf(object.entries ?? {}, docs), name),
    ),
    v.description(about.text),
    ...(about.examples ? [v.examples(about.examples)] : []),
  );
};
