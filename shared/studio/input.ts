import * as v from 'valibot';
import { preNotificationDays, sepaBic, sepaCreditorId, sepaIban } from '../sepa/fields.ts';
import { StudioPartyInput } from './schema.ts';
import { studioTexts } from './texts.ts';

/*
 * The body of `PUT /api/studio`. Apart from schema.ts because the SEPA checks carry ibantools (its
 * IBAN registry, about 18 KB): only the function that sets the profile needs them.
 */

/** The studio as a SEPA creditor: its Gläubiger-ID, the account its collections are paid into, the pre-notification. */
export const StudioSepaInput = v.strictObject({
  creditorId: sepaCreditorId(studioTexts.schemaMessage('creditorId')),
  iban: sepaIban({
    type: studioTexts.schemaMessage('ibanType'),
    format: studioTexts.schemaMessage('ibanFormat'),
    country: studioTexts.schemaMessage('ibanCountry'),
    length: studioTexts.schemaMessage('ibanLength'),
    checksum: studioTexts.schemaMessage('ibanChecksum'),
    structure: studioTexts.schemaMessage('ibanStructure'),
  }),
  bic: sepaBic(studioTexts.schemaMessage('bic')),
  preNotificationDays: preNotificationDays(studioTexts.schemaMessage('preNotificationDays')),
});

export const StudioInput = v.strictObject({
  ...StudioPartyInput.entries,
  sepa: v.optional(v.nullable(StudioSepaInput), null),
});
export type StudioInput = v.InferOutput<typeof StudioInput>;
