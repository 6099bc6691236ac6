import * as v from 'valibot';
import { requiredText } from '../schema/fields.ts';
import { timestamp } from '../schema/record.ts';

/** `POST /api/contacts/{id}/erasure`: why the person is erased (kept nowhere once the person is gone). */
export const ErasureInput = v.strictObject({ reason: requiredText(500) });

export const ErasureRecord = v.object({
  /** True when everything was erased now; false when the contact is restricted until `restrictedUntil`. */
  erased: v.boolean(),
  restrictedUntil: v.nullable(timestamp()),
});
