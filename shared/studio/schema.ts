import * as v from 'valibot';
import { Address } from '../contacts/schema.ts';
import { isTimeZone } from '../contracts/dates.ts';
import { schemaMessage } from '../messages/index.ts';
import {
  atMostCharacters,
  emailAddress,
  optionalPrintedName,
  optionalString,
  optionalText,
  printedName,
} from '../schema/fields.ts';
import { outputEntries, recordVersion, timestamp, userSub } from '../schema/record.ts';
import { studioTexts } from './texts.ts';

/** "Today" and the contract number's year are taken in this zone unless the profile names another. */
export const defaultTimeZone = 'Europe/Berlin';

const line = (limit: number) => optionalText(limit, { multiline: false });

/**
 * The studio's own identity as a contract party: the fields of `PUT /api/studio` that a contract
 * copies. Its `sepa` is checked apart (input.ts), so that the functions which only read a profile
 * or a contract do not carry the IBAN registry.
 */
export const StudioPartyInput = v.strictObject({
  // Printed on every contract and sealed into its document hash.
  legalName: printedName(200),
  address: Address,
  email: emailAddress(),
  phone: line(200),
  website: optionalString(
    v.pipe(
      v.string(schemaMessage('field.mustBeString')),
      atMostCharacters(200),
      v.regex(/^https:\/\/\S+$/, studioTexts.schemaMessage('httpsUrl')),
      v.url(studioTexts.schemaMessage('httpsUrl')),
    ),
  ),
  vatId: line(200),
  registerEntry: line(200),
  // A person's name, printed on every contract.
  representedBy: optionalPrintedName(200),
  timeZone: v.optional(
    v.pipe(
      v.string(schemaMessage('field.mustBeString')),
      v.trim(),
      v.check(isTimeZone, studioTexts.schemaMessage('timeZone')),
    ),
    defaultTimeZone,
  ),
});

/** The profile's own fields, as a contract copies them at creation. */
export const StudioCopyRecord = v.object(outputEntries(StudioPartyInput.entries));
export type StudioCopy = v.InferOutput<typeof StudioCopyRecord>;

/**
 * The studio as a SEPA creditor (docs/sepa.md): what its mandates name and its collections are paid
 * into. Not part of the contract's copy: the mandate names the creditor itself.
 */
export const StudioSepaRecord = v.object({
  creditorId: v.string(),
  iban: v.string(),
  bic: v.nullable(v.string()),
  preNotificationDays: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(14)),
});
export type StudioSepa = v.InferOutput<typeof StudioSepaRecord>;

/** The studio profile as the API returns it. There is one, so it has no id. */
export const StudioRecord = v.object({
  ...StudioCopyRecord.entries,
  sepa: v.nullable(StudioSepaRecord),
  /** Booked with each reminder after the first (docs/accounts.md); a profile set before it existed charges none. */
  reminderFee: v.optional(v.object({ amount: v.pipe(v.number(), v.integer()), currency: v.picklist(['EUR']) }), {
    amount: 0,
    currency: 'EUR',
  }),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  /** The `sub` of the owner who last set the profile. */
  updatedBy: userSub(),
  version: recordVersion(),
});
export type Studio = v.InferOutput<typeof StudioRecord>;
