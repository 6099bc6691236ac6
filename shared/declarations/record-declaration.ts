import type { ContractWithSignatures } from '../contracts/schema.ts';
import { recordDeclaredTermination } from './record-termination.ts';
import { recordDeclaredWithdrawal } from './record-withdrawal.ts';
import type { DeclarationType, StoredDeclaration } from './schema.ts';

/** Who recorded a termination or withdrawal that the customer filed through the buttons and that matched. */
export const customerOnline = 'customer-online';

const recorders: Record<
  DeclarationType,
  (
    declaration: StoredDeclaration,
    contractId: string,
    decision: Pick<StoredDeclaration, 'status' | 'checkedAt'>,
    recordedBy: string,
  ) => Promise<ContractWithSignatures>
> = { termination: recordDeclaredTermination, withdrawal: recordDeclaredWithdrawal };

/**
 * Records a declaration against a contract by its type, as the staff routes would, and settles the declaration
 * in the same transaction: the matcher (`status: "matched"`) and a staff assignment (`"assigned"`) both come here.
 */
export const recordDeclaration = (
  declaration: StoredDeclaration,
  contractId: string,
  decision: Pick<StoredDeclaration, 'status' | 'checkedAt'>,
  recordedBy: string,
): Promise<ContractWithSignatures> => recorders[declaration.type](declaration, contractId, decision, recordedBy);
