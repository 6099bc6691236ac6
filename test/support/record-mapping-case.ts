import type * as v from 'valibot';

export type AnyRecord = Record<string, unknown>;

/**
 * How a store maps one record to its item and back, as test/db/record-fields.test.ts checks it. Each area
 * lists its cases in `test/<area>/record-mappings.ts` (exported as `recordMappings`), so a new area's
 * cases live in its own test folder.
 */
export interface RecordMappingCase {
  /** The record's name in the OpenAPI document's components. */
  readonly name: string;
  /** The name the stores give the schema in `recordMapping(<name>)`, aliases included. */
  readonly mappedAs: readonly string[];
  readonly schema: v.ObjectSchema<v.ObjectEntries, undefined>;
  readonly toItem: (record: AnyRecord) => AnyRecord;
  readonly fromItem: (item: AnyRecord) => AnyRecord;
  /** Fields the mapping's caller sets itself, whatever the record says. */
  readonly pinned?: AnyRecord;
  /** The API never answers the record as such, so the document does not describe it. */
  readonly storedOnly?: boolean;
}
