import { earliestEndOn, todayIn } from '../contracts/dates.ts';
import type { ContractWithSignatures } from '../contracts/schema.ts';
import { getExistingContract } from '../contracts/store.ts';
import { terminateContract } from '../contracts/terminate-contract.ts';
import type { TerminationInput } from '../contracts/termination-schema.ts';
import type { StoredDeclaration, TerminationDeclaration } from './schema.ts';
import { declarationDecision } from './store.ts';

/**
 * The termination a declaration asks for, as §9 records it: received on the day it arrived in the studio's
 * zone. A wished end before the earliest possible one ends the contract at the earliest (a termination to
 * a date too early takes effect at the next possible date); an extraordinary one ends when received unless
 * a later day is wished.
 */
const terminationOf = (
  contract: ContractWithSignatures,
  declaration: TerminationDeclaration,
  receivedAt: string,
): TerminationInput => {
  const receivedOn = todayIn(contract.studio.timeZone, new Date(receivedAt));
  const wished = declaration.endsOn === 'earliest' ? null : declaration.endsOn;
  if (declaration.kind === 'extraordinary') {
    return {
      kind: 'extraordinary',
      receivedOn,
      reason: declaration.reason,
      endsOn: wished && wished > receivedOn ? wished : receivedOn,
    };
  }
  const earliest = contract.renewal === 'none' ? null : earliestEndOn(contract, receivedOn);
  return {
    kind: 'ordinary',
    receivedOn,
    reason: declaration.reason,
    endsOn: wished && earliest && wished > earliest ? wished : null,
  };
};

/**
 * Records the declared termination against the contract and settles the declaration in the same transaction
 * (its version is the condition: whoever decides first wins). Refusals of the contracts area (a contract not
 * signed, already terminated, ending by itself) are its Problems, thrown on.
 */
export const recordDeclaredTermination = async (
  declaration: StoredDeclaration,
  contractId: string,
  decision: Pick<StoredDeclaration, 'status' | 'checkedAt'>,
  recordedBy: string,
): Promise<ContractWithSignatures> => {
  const contract = await getExistingContract(contractId);
  const input = terminationOf(contract, declaration.declaration as TerminationDeclaration, declaration.receivedAt);
  return terminateContract(contractId, input, recordedBy, (terminated) => [
    declarationDecision(declaration, { ...decision, contractId, endsOn: terminated.termination?.endsOn ?? null }),
  ]);
};
