import { tableName } from '../../db/client.ts';
import { putNew, type WriteItem } from '../../db/write.ts';
import { contractKey } from '../entity.ts';
import type { StoredContract } from '../schema.ts';
import { amendmentItem, amendmentKey, amendmentSequenceOf, amendmentSignatureImageItem } from './amendment-entity.ts';
import type { Amendment } from './amendment-schema.ts';
import type { AmendmentInForce, PauseInForce } from './in-force-schema.ts';

/*
 * The writes of amendments (docs/amendments.md), each an action's transaction items with their keys and
 * conditions; the action files decide what may happen, `write` sends these, retry-safe.
 */

/** The contract as it was read: an offer or a decision is made on exactly that state. */
const contractUnchanged = (contract: Pick<StoredContract, 'id' | 'version'>): WriteItem => ({
  ConditionCheck: {
    TableName: tableName(),
    Key: contractKey(contract.id),
    ConditionExpression: '#version = :version',
    ExpressionAttributeNames: { '#version': 'version' },
    ExpressionAttributeValues: { ':version': contract.version },
  },
});

/** The amendment at its next version, on condition that it is still the version read. */
const amendmentReplaced = (next: Amendment): WriteItem => ({
  Put: {
    TableName: tableName(),
    Item: amendmentItem(next),
    ConditionExpression: '#version = :previous',
    ExpressionAttributeNames: { '#version': 'version' },
    ExpressionAttributeValues: { ':previous': next.version - 1 },
  },
});

/** The contract's pauses and agreed amendments at its next version, conditional on the version read. */
const contractInForce = (
  contract: Pick<StoredContract, 'id' | 'version' | 'updatedAt'>,
  inForce: { pauses: PauseInForce[]; amendments: AmendmentInForce[] },
): WriteItem => ({
  Update: {
    TableName: tableName(),
    Key: contractKey(contract.id),
    UpdateExpression: 'SET pauses = :pauses, amendments = :amendments, updatedAt = :now, #version = :next',
    ConditionExpression: '#version = :version',
    ExpressionAttributeNames: { '#version': 'version' },
    ExpressionAttributeValues: {
      ':pauses': inForce.pauses,
      ':amendments': inForce.amendments,
      ':now': contract.updatedAt,
      ':version': contract.version - 1,
      ':next': contract.version,
    },
  },
});

/**
 * A new offer under the next k of its contract (a second offer of the same k fails its key's condition), on
 * the contract as read: two overlapping pauses offered at once cannot both pass their checks.
 */
export const offerWrites = (contract: Pick<StoredContract, 'id' | 'version'>, amendment: Amendment): WriteItem[] => [
  putNew(amendmentItem(amendment)),
  contractUnchanged(contract),
];

/** A decision without a signature (declined, cancelled): the amendment only. */
export const decisionWrites = (next: Amendment): WriteItem[] => [amendmentReplaced(next)];

/** The customer's signature: the amendment agreed, its image, and the contract's in-force fields. */
export const agreementWrites = (
  next: Amendment,
  image: { mediaType: 'image/png' | 'image/svg+xml'; bytes: Uint8Array },
  contract: Pick<StoredContract, 'id' | 'version' | 'updatedAt'>,
  inForce: { pauses: PauseInForce[]; amendments: AmendmentInForce[] },
): WriteItem[] => [
  amendmentReplaced(next),
  putNew(amendmentSignatureImageItem(next, image)),
  contractInForce(contract, inForce),
];

/** A pause ended early: the amendment's early end and the contract's pauses. */
export const earlyEndWrites = (
  next: Amendment,
  contract: Pick<StoredContract, 'id' | 'version' | 'updatedAt'>,
  inForce: { pauses: PauseInForce[]; amendments: AmendmentInForce[] },
): WriteItem[] => [amendmentReplaced(next), contractInForce(contract, inForce)];

export { amendmentKey, amendmentSequenceOf };
