import { now } from '../clock.ts';
import type { ContractWithSignatures } from '../contracts/schema.ts';
import { ConditionFailed, NotFound, WriteContention } from '../db/errors.ts';
import { Problem } from '../http/problem.ts';
import { recordDeclaration } from './record-declaration.ts';
import { getExistingDeclaration } from './store.ts';
import { declarationTexts } from './texts.ts';

const maxAttempts = 3;

/**
 * Staff record an unmatched declaration against the contract they found: the termination as §9 records it, or
 * the withdrawal as `POST /api/contracts/:id/withdrawal` does, received on the day the declaration arrived, and
 * the declaration `assigned`, in one transaction. A declaration already matched or assigned is 409, and so is
 * whatever the contract refuses (a withdrawal of a contract without the right, or too late).
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
    try {
      return await recordDeclaration(
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
