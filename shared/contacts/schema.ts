import * as v from 'valibot';
import { calendarDate, countryCode, optionalString, optionalText, requiredText, todayUtc } from '../schema/fields.ts';
import { listQuery } from '../schema/list-query.ts';

export const Address = v.strictObject({
  street: requiredText(200),
  postalCode: requiredText(20),
  city: requiredText(100),
  country: countryCode(),
});

/** The mutable fields of a contact: the body of create and of replace (PUT). */
export const ContactInput = v.strictObject({
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: optionalString(
    v.pipe(v.string(), v.maxLength(254, 'Must be at most 254 characters'), v.email('Must be a valid email address')),
  ),
  phone: optionalString(
    v.pipe(v.string(), v.regex(/^[0-9 +\-()/]{3,32}$/, 'Must be 3 to 32 digits, spaces or + - ( ) /')),
  ),
  dateOfBirth: optionalString(
    v.pipe(
      calendarDate(),
      v.check((date) => date <= todayUtc(), 'Must not be in the future'),
    ),
  ),
  address: v.optional(v.nullable(Address), null),
  notes: optionalText(5000),
});

export type ContactInput = v.InferOutput<typeof ContactInput>;

export interface Contact extends ContactInput {
  id: string;
  createdAt: string;
  /** The `sub` of the user who created the record; null on records written before sign-in existed. */
  createdBy: string | null;
  updatedAt: string;
  /** The `sub` of the user who made the latest change. */
  updatedBy: string | null;
  version: number;
}

export const ContactListQuery = listQuery({
  search: v.optional(
    v.pipe(v.string(), v.trim(), v.nonEmpty('Must not be empty'), v.maxLength(254, 'Must be at most 254 characters')),
  ),
});
