import { tableName } from '../db/client.ts';
import type { ConditionFailed } from '../db/errors.ts';
import { putNew, type WriteItem } from '../db/write.ts';
import type { ContractCopy } from './document/copy-schema.ts';
import {
  contractKey,
  contractStatusPartition,
  copyItem,
  type StoredSignatureImage,
  signatureImageItem,
  signatureItem,
} from './entity.ts';
import type { StoredContract } from './schema.ts';
import type { Signature } from './signature-schema.ts';

/*
 * The writes on an existing contract: each function is the items of one
 * action's transaction, with their keys and conditions. The action files decide
 * what may happen and build the new record; `write` sends these items,
 * retry-safe. A new contract's writes are in creation-writes.ts.
 */

type NextContract = Pick<StoredContract, 'id' | 'status' | 'updatedAt' | 'version'>;

/**
 * The contract at `next.version` with its status, on condition that it is
 * still at the version before; the status lists (gsi3) follow the status.
 * `alsoSet` (`, name = :value, …`) and its `values` are what else the action changes.
 */
const nextContractVersion = (next: NextContract, alsoSet = '', values: Record<string, unknown> = {}): WriteItem => ({
  Update: {
    TableName: tableName(),
    Key: contractKey(next.id),
    UpdateExpression: `SET #status = :status${alsoSet}, updatedAt = :now, #version = :next, gsi3pk = :statusPartition`,
    ConditionExpression: '#version = :version',
    ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
    ExpressionAttributeValues: {
      ':status': next.status,
      ...values,
      ':now': next.updatedAt,
      ':version': next.version - 1,
      ':next': next.version,
      ':statusPartition': contractStatusPartition(next.status),
    },
  },
});

/** The offer withdrawn: its cancellation on the contract. */
export const cancellationWrites = (
  cancelled: NextContract & Pick<StoredContract, 'cancelledAt' | 'cancellationReason' | 'cancelledBy'>,
): WriteItem[] => [
  nextContractVersion(cancelled, ', cancelledAt = :at, cancellationReason = :reason, cancelledBy = :cancelledBy', {
    ':at': cancelled.cancelledAt,
    ':reason': cancelled.cancellationReason,
    ':cancelledBy': cancelled.cancelledBy,
  }),
];

/**
 * One signature: the signature, its image and the contract's status after it.
 * Conditional on the contract's version, so two signers at once can neither
 * both take a role nor lose a status change.
 */
export const signatureWrites = (
  signed: NextContract & Pick<StoredContract, 'withdrawal'>,
  signature: Signature,
  image: StoredSignatureImage,
): WriteItem[] => [
  putNew(signatureItem(signed.id, signature)),
  putNew(signatureImageItem(signed.id, image)),
  // A remote signature gives the contract its right of withdrawal; any other leaves the field as it was.
  nextContractVersion(signed, ', withdrawal = :withdrawal', { ':withdrawal': signed.withdrawal }),
];

/** Whether a signature's write failed because its role had signed already. */
export const roleSignedAlready = (failure: ConditionFailed): boolean => failure.at(0);

/** The termination on the contract with the status that goes with it; a withdrawal writes `termination: null`. */
export const terminationWrites = (next: NextContract & Pick<StoredContract, 'termination'>): WriteItem[] => [
  nextContractVersion(next, ', termination = :termination', { ':termination': next.termination }),
];

/** The withdrawal on the contract, with status `withdrawn`. */
export const withdrawalWrites = (next: NextContract & Pick<StoredContract, 'withdrawal'>): WriteItem[] => [
  nextContractVersion(next, ', withdrawal = :withdrawal', { ':withdrawal': next.withdrawal }),
];

/** The record of a copy sent. */
export const sentCopyWrites = (contractId: string, copy: ContractCopy): WriteItem[] => [
  putNew(copyItem(contractId, copy)),
];
