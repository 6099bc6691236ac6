import { todayIn } from '../contracts/dates.ts';
import type { ContractWithSignatures } from '../contracts/schema.ts';
import { getExistingContract } from '../contracts/store.ts';
import { withdrawContract } from '../contracts/withdraw-contract.ts';
import type { StoredDeclaration } from './schema.ts';
import { declarationDecision } from './store.ts';

/**
 * Records the declared withdrawal against the contract as `POST /api/contracts/:id/withdrawal` would, received on
 * the day the declaration arrived in the studio's zone (§ 356a BGB: the button's declaration counts when it is
 * sent), and settles the declaration in the same transaction. Refusals (no right of withdrawal, too late,
 * withdrawn already) are the contracts area's Problems, thrown on.
 */
export const recordDeclaredWithdrawal = async (
  declaration: StoredDeclaration,
  contractId: string,
  decision: Pick<StoredDeclaration, 'status' | 'checkedAt'>,
  recordedBy: string,
): Promise<ContractWithSignatures> => {
  const contract = await getExistingContract(contractId);
  const receivedOn = todayIn(contract.studio.timeZone, new Date(declaration.receivedAt));
  return withdrawContract(contractId, { receivedOn }, recordedBy, (withdrawn) => [
    declarationDecision(declaration, { ...decision, contractId, endsOn: withdrawn.endsOn }),
  ]);
};
