import * as v from 'valibot';
import { DirectDebitInput } from './mandates/direct-debit-input.ts';
import { ContractInputFields } from './schema.ts';
import { contractTexts } from './texts.ts';

/*
 * The body of `POST /api/contracts`. Apart from schema.ts because the direct debit's IBAN check
 * carries ibantools (its IBAN registry, about 18 KB): only the create function needs it, while
 * every contract function reads the records of schema.ts.
 */

export { DirectDebitInput };

/** Body of `POST /api/contracts`. */
export const ContractInput = v.pipe(
  v.strictObject({ ...ContractInputFields.entries, directDebit: v.optional(v.nullable(DirectDebitInput), null) }),
  v.forward(
    v.partialCheck(
      [['minimumTermMonths'], ['renewal']],
      (input) => input.renewal !== 'none' || input.minimumTermMonths >= 1,
      contractTexts.schemaMessage('renewalNoneNeedsMinimumTerm'),
    ),
    ['renewal'],
  ),
);
export type ContractInput = v.InferOutput<typeof ContractInput>;
