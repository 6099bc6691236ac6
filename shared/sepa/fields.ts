import * as v from 'valibot';
import { printedName } from '../schema/fields.ts';
import { isBic, normaliseBic } from './bic.ts';
import { isCreditorId, normaliseCreditorId } from './creditor-id.ts';
import { type IbanProblem, ibanProblem, normaliseIban } from './iban.ts';

/*
 * The SEPA fields of the studio's `sepa` and a contract's `directDebit` (docs/sepa.md), ready for
 * their schemas. Each takes its messages as a parameter so the schema that uses it can pass its
 * area's catalogue texts (`schemaMessage(...)`); the defaults are English.
 */

type Message = v.ErrorMessage<v.BaseIssue<unknown>>;

export const ibanMessages: Readonly<Record<IbanProblem | 'type', string>> = {
  type: 'Must be a string',
  format: 'Must be an IBAN: 2 letters of the country, 2 check digits, then letters and digits',
  country: 'Must be the IBAN of an account in a SEPA country',
  length: 'Has the wrong length for an IBAN of its country',
  checksum: 'Has wrong check digits: the IBAN is mistyped (MOD 97)',
  structure: "Does not have its country's IBAN structure",
};

/**
 * An IBAN for a SEPA direct debit, accepted with spaces and in lower case (as it is printed on a
 * card) and stored without spaces in upper case. Refused with the first problem found.
 */
export const sepaIban = (messages: Partial<Record<IbanProblem | 'type', Message>> = {}) => {
  const messageOf = (problem: IbanProblem | 'type') => messages[problem] ?? ibanMessages[problem];
  return v.pipe(
    v.string(messageOf('type')),
    v.transform(normaliseIban),
    // The document (in output mode) shows the rules of the schema after a transform.
    v.string(),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const problem = ibanProblem(dataset.value);
      if (problem) addIssue({ message: messageOf(problem) });
    }),
  );
};

/** A BIC of 8 or 11 characters, stored in upper case; `null` when not given (a missing BIC is `NOTPROVIDED` in the file). */
export const sepaBic = (message: Message = 'Must be a BIC of 8 or 11 characters (e.g. DEUTDEFF or DEUTDEFF500)') =>
  v.pipe(
    v.optional(v.nullable(v.string(message)), null),
    v.transform((value) => (value === null || value.trim() === '' ? null : normaliseBic(value))),
    v.nullable(v.string()),
    v.check((value) => value === null || isBic(value), message),
  );

/** A SEPA creditor identifier, stored without spaces in upper case; its check digits must fit. */
export const sepaCreditorId = (
  message: Message = 'Must be a SEPA creditor identifier with valid check digits (e.g. DE98ZZZ09999999999)',
) => v.pipe(v.string(message), v.transform(normaliseCreditorId), v.string(), v.check(isCreditorId, message));

/**
 * The account holder as the mandate names them: 1–70 characters (EPC's limit for a debtor's
 * name), one line, no control characters. Any script is accepted: the collection file carries it
 * transliterated to the SEPA character set.
 */
export const accountHolder = () => printedName(70);

export const preNotificationDays = (message: Message = 'Must be a whole number from 1 to 14') =>
  v.optional(v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(14, message)), 14);
