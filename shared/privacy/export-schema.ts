import * as v from 'valibot';
import { recordId, timestamp } from '../schema/record.ts';

const declared = {
  category: v.string(),
  /** False for a category that names the person by ids only (events, signing sessions). */
  personalData: v.boolean(),
  purpose: v.string(),
  retention: v.string(),
};

/** `GET /api/contacts/{id}/export`: everything the service holds about the person (Art. 15, 20 GDPR). */
export const PersonalDataExport = v.object({
  contactId: recordId(),
  exportedAt: timestamp(),
  /** Each category with its items as stored, without the table's keys; bytes (signature images) in base64. */
  categories: v.array(v.object({ ...declared, items: v.array(v.record(v.string(), v.unknown())) })),
  /** What the service holds besides, that cannot be found from a person: why, and how long it stays. */
  notFromThePerson: v.array(v.object({ ...declared, because: v.string() })),
});
export type PersonalDataExport = v.InferOutput<typeof PersonalDataExport>;
