import * as v from 'valibot';
import { schemaMessage } from '../messages/index.ts';
import {
  atMostCharacters,
  calendarDate,
  countryCode,
  emailAddress,
  optionalString,
  optionalText,
  printedName,
  requiredText,
  todayUtc,
} from '../schema/fields.ts';
import { listQuery } from '../schema/list-query.ts';
import { listEnvelope, outputEntries, recordId, recordVersion, timestamp, userSub } from '../schema/record.ts';
import { contactTexts } from './texts.ts';

export const Address = v.strictObject({
  street: requiredText(200),
  postalCode: requiredText(20),
  city: requiredText(100),
  country: countryCode(),
});

/** The mutable fields of a contact: the body of create and of replace (PUT). */
export const ContactInput = v.strictObject({
  firstName: printedName(100),
  lastName: printedName(100),
  email: optionalString(emailAddress()),
  phone: optionalString(v.pipe(v.string(), v.regex(/^[0-9 +\-()/]{3,32}$/, contactTexts.schemaMessage('phone')))),
  dateOfBirth: optionalString(
    v.pipe(
      calendarDate(),
      v.check((date) => date <= todayUtc(), schemaMessage('field.notInFuture')),
    ),
  ),
  address: v.optional(v.nullable(Address), null),
  notes: optionalText(5000, { multiline: true }),
});

export type ContactInput = v.InferOutput<typeof ContactInput>;

/** A contact as the API returns it. */
export const ContactRecord = v.object({
  id: recordId(),
  ...outputEntries(ContactInput.entries),
  createdAt: timestamp(),
  /** Null on records written before sign-in existed. */
  createdBy: v.nullable(userSub()),
  updatedAt: timestamp(),
  updatedBy: v.nullable(userSub()),
  version: recordVersion(),
  /**
   * Kept only for the retention of its contracts' documents (Art. 18 GDPR, § 35 Abs. 3 BDSG): hidden from lists,
   * search and staff, no new contracts; purged once `restrictedUntil` has passed (docs/privacy.md).
   */
  /** Null on contacts stored before restriction existed: they are not restricted. */
  restricted: v.nullable(v.boolean()),
  restrictedUntil: v.nullable(timestamp()),
});
export type Contact = v.InferOutput<typeof ContactRecord>;

export const ContactList = listEnvelope(ContactRecord);

export const ContactListQuery = listQuery({
  search: v.optional(
    v.pipe(v.string(), v.trim(), v.nonEmpty(schemaMessage('field.mustNotBeEmpty')), atMostCharacters(254)),
  ),
});
