import * as v from 'valibot';
import { reminderFeeEuros } from '../accounts/schema.ts';
import { preNotificationDays, sepaBic, sepaCreditorId, sepaIban } from '../sepa/fields.ts';
import { ibanFieldMessages, sepaTexts } from '../sepa/texts.ts';
import { StudioPartyInput } from './schema.ts';

/*
 * The body of `PUT /api/studio`. Apart from schema.ts because the SEPA checks carry ibantools (its
 * IBAN registry, about 18 KB): only the function that sets the profile needs them.
 */

/** The studio as a SEPA creditor: its Gläubiger-ID, the account its collections are paid into, the pre-notification. */
export const StudioSepaInput = v.strictObject({
  creditorId: sepaCreditorId(sepaTexts.schemaMessage('creditorId')),
  iban: sepaIban(ibanFieldMessages()),
  bic: sepaBic(sepaTexts.schemaMessage('bic')),
  preNotificationDays: preNotificationDays(sepaTexts.schemaMessage('preNotificationDays')),
});

export const StudioInput = v.strictObject({
  ...StudioPartyInput.entries,
  sepa: v.optional(v.nullable(StudioSepaInput), null),
  /** What each reminder after the first books (docs/accounts.md, "Reminders"); none unless set. */
  reminderFee: v.optional(reminderFeeEuros(), { amount: 0, currency: 'EUR' }),
});
export type StudioInput = v.InferOutput<typeof StudioInput>;
