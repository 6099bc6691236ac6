import * as v from 'valibot';
import { accountHolder, sepaBic, sepaIban } from '../../sepa/fields.ts';
import { ibanFieldMessages, sepaTexts } from '../../sepa/texts.ts';

/*
 * The only module of the contracts area that imports the SEPA checks (and with them ibantools, about
 * 18 KB): the functions that take a new account carry it, contracts-create and contracts-add-mandate.
 */

/**
 * Who pays and from which account: the debtor of a SEPA mandate, who may differ from the contact.
 * `directDebit` of `POST /api/contracts`, and the body of `POST /api/contracts/:id/mandates`.
 */
export const DirectDebitInput = v.strictObject({
  accountHolder: accountHolder(),
  iban: sepaIban(ibanFieldMessages()),
  bic: sepaBic(sepaTexts.schemaMessage('bic')),
});
export type DirectDebitInput = v.InferOutput<typeof DirectDebitInput>;
