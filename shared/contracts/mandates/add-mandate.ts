import { ConditionFailed, WriteContention } from '../../db/errors.ts';
import { putNew, write } from '../../db/write.ts';
import { Problem } from '../../http/problem.ts';
import { getStudioProfile } from '../../studio/store.ts';
import { mandateItem, mandateSortPrefix } from '../entity.ts';
import { contractTexts } from '../texts.ts';
import type { DirectDebitInput } from './direct-debit-input.ts';
import { creditorOf, newMandate } from './mandate.ts';
import type { MandateWithText } from './mandate-schema.ts';
import { getContractMandates, withMandateText } from './mandate-store.ts';

const maxAttempts = 5;

/** The new mandate and the contract it belongs to: the answer's `Location` names the contract's current mandate. */
export interface AddedMandate {
  contractId: string;
  mandate: MandateWithText;
}

/**
 * A new mandate for a new bank account (or a first one for a contract paid another way so far):
 * `pending`, the next key and reference of the contract (`<number>-2`, …), the creditor as the
 * studio stands now. The mandate in use stays `active` until the new one is signed (sign-mandate.ts).
 * A contract has at most one pending mandate, always its newest: the one `…/mandate/signature` signs.
 */
export const addMandate = async (contractId: string, input: DirectDebitInput): Promise<AddedMandate> => {
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const [{ contract, mandates }, profile] = await Promise.all([getContractMandates(contractId), getStudioProfile()]);
    const creditor = profile ? creditorOf(profile) : null;
    if (!creditor) throw new Problem('sepa-creditor-missing', contractTexts.localized('sepaCreditorFirst'));
    if (contract.status === 'cancelled') throw new Problem('conflict', contractTexts.localized('cancelledNotSignable'));
    const current = mandates.at(-1);
    if (current?.mandate.status === 'pending') {
      throw new Problem('conflict', contractTexts.localized('mandatePending', current.mandate.reference));
    }
    const sequence = current ? Number(current.key.sk.slice(mandateSortPrefix.length)) + 1 : 1;
    const mandate = newMandate(contract, sequence, creditor, input);
    const added = { contractId, mandate: withMandateText(mandate) };
    try {
      // The key is the mandate's number: of two replacements at once, one takes it and the other decides again.
      await write([putNew(mandateItem(contractId, sequence, mandate))], { result: added });
      return added;
    } catch (error) {
      if (!(error instanceof ConditionFailed)) throw error;
    }
  }
  throw new WriteContention();
};
