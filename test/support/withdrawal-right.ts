import { contractKey } from '#shared/contracts/entity.ts';
import { withdrawalPeriodEndsOn } from '#shared/contracts/withdrawal/withdrawal-period.ts';
import { overwriteAttribute } from './table.ts';

interface SignedContract {
  id: string;
  studio: { timeZone: string };
  signatures: readonly { role: string; signedAt: string }[];
}

/**
 * Gives a contract signed at the counter the right of withdrawal a remote signing gives (docs/decisions.md, "Withdrawal"), as the
 * remote signing will write it: the period from the customer's signature by `withdrawalPeriodEndsOn`. Until
 * remote signing exists, the tests of the withdrawal make their contracts this way.
 */
export const grantWithdrawalRight = async (contract: SignedContract, requestedEarlyStart = false) => {
  const signedAt = contract.signatures.find((signature) => signature.role === 'customer')?.signedAt;
  if (!signedAt) throw new Error(`Contract ${contract.id} has no customer signature`);
  const withdrawal = {
    periodEndsOn: withdrawalPeriodEndsOn(new Date(signedAt), contract.studio.timeZone),
    requestedEarlyStart,
    withdrawnAt: null,
    receivedOn: null,
    recordedBy: null,
  };
  await overwriteAttribute(contractKey(contract.id), 'withdrawal', withdrawal);
  return withdrawal;
};
