import { todayIn } from '../contracts/dates.ts';
import type { ContractWithSignatures } from '../contracts/schema.ts';
import { getExistingContract } from '../contracts/store.ts';
import { terminateContract } from '../contracts/termination/terminate-contract.ts';
import { withdrawContract } from '../contracts/withdrawal/withdraw-contract.ts';
import type { WriteItem } from '../db/write.ts';
import { terminationOf } from './declared-termination.ts';
import type { DeclarationType, StoredDeclaration, TerminationDeclaration } from './schema.ts';
import { declarationDecision } from './store.ts';

/** Who recorded a termination or withdrawal that the customer filed through the buttons and that matched. */
export const customerOnline = 'customer-online';

type Recorder = (
  contract: ContractWithSignatures,
  declaration: StoredDeclaration,
  recordedBy: string,
  alsoWrite: (recorded: ContractWithSignatures) => readonly WriteItem[],
) => Promise<ContractWithSignatures>;

/**
 * Each type through the contracts area's own action, as the staff routes record it, received on the day the
 * declaration arrived in the studio's zone: a termination as §9 (declared-termination.ts), a withdrawal as
 * `POST /api/contracts/:id/withdrawal` (§ 356a BGB: the button's declaration counts when it is sent).
 */
const recorders: Record<DeclarationType, Recorder> = {
  termination: (contract, declaration, recordedBy, alsoWrite) =>
    terminateContract(
      contract.id,
      terminationOf(contract, declaration.declaration as TerminationDeclaration, declaration.receivedAt),
      recordedBy,
      alsoWrite,
    ),
  withdrawal: (contract, declaration, recordedBy, alsoWrite) =>
    withdrawContract(
      contract.id,
      { receivedOn: todayIn(contract.studio.timeZone, new Date(declaration.receivedAt)) },
      recordedBy,
      alsoWrite,
    ),
};

/**
 * Records a declaration against a contract and settles the declaration in the same transaction (its version is
 * the condition: of the matcher, `status: "matched"`, and a staff assignment, `"assigned"`, whoever decides first
 * wins). Refusals of the contracts area (not signed, already terminated, ending by itself, no right of
 * withdrawal, too late) are its Problems, thrown on.
 */
export const recordDeclaration = async (
  declaration: StoredDeclaration,
  contractId: string,
  decision: Pick<StoredDeclaration, 'status' | 'checkedAt'>,
  recordedBy: string,
): Promise<ContractWithSignatures> =>
  recorders[declaration.type](await getExistingContract(contractId), declaration, recordedBy, (recorded) => [
    declarationDecision(declaration, { ...decision, contractId, endsOn: recorded.endsOn }),
  ]);
