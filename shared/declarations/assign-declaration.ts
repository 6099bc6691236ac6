import { now } from '../clock.ts';
import type { ContractWithSignatures } from '../contracts/schema.ts';
import { ConditionFailed, NotFound, WriteContention } from '../db/errors.ts';
import { Problem } from '../http/problem.ts';
import { recordDeclaredTermination } from './record-termination.ts';
import { getExistingDeclaration } from './store.ts';
import { declarationTexts } from './texts.ts';

const maxAttempts = 3;

/**
 * Staff record an unmatched declaration against the contract they found: the termination as §9 records it,
 * received on the day the declaration arrived, and the declaration `assigned`, in one transaction. A
 * declaration already matched or assigned is 409; so is a withdrawal, which no contract can take yet.
 */
export const assignDeclaration = async (
  id: string,
  contractId: string,
  assignedBy: string,
): Promise<ContractWithSignatures> => {
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const declaration = await getExistingDeclaration(id);
    if (declaration.status !== 'unmatched') {
      throw new Problem('conflict', declarationTexts.localized('alreadyDecided', declaration.status));
    }
    if (declaration.type === 'withdrawal')
      throw new Problem('conflict', declarationTexts.localized('noWithdrawalRight'));
    try {
      return await recordDeclaredTermination(
        declaration,
        contractId,
        { status: 'assigned', checkedAt: declaration.checkedAt ?? now().toISOString() },
        assignedBy,
      );
    } catch (error) {
      if (error instanceof NotFound && error.entity === 'contract') {
        throw new Problem('unprocessable', declarationTexts.localized('contractNotFound'), {
          errors: [{ path: 'contractId', message: declarationTexts.localized('contractNotFound') }],
        });
      }
      // The matcher or another assignment wrote the declaration meanwhile: decide again on the fresh state.
      if (!(error instanceof ConditionFailed)) throw error;
    }
  }
  throw new WriteContention();
};
