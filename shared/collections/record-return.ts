import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { now } from '../clock.ts';
import { todayOf } from '../contracts/computed-dates.ts';
import type { StoredMandate } from '../contracts/mandates/mandate-store.ts';
import { documentClient, tableName } from '../db/client.ts';
import { ConditionFailed, WriteContention } from '../db/errors.ts';
import { type WriteItem, write } from '../db/write.ts';
import { eventWrite } from '../events/entity.ts';
import { Problem } from '../http/problem.ts';
import { contractMandatesOf } from './contract-items.ts';
import { debitFromItem, debitKey, dueKey } from './entity.ts';
import { mandateEndingReasons } from './return-reasons.ts';
import type { ReturnAnswer, ReturnInput } from './schema.ts';
import { getExistingCollection } from './store.ts';
import { collectionTexts } from './texts.ts';

const maxAttempts = 3;

const returnedDebit = (collectionId: string, input: ReturnInput): WriteItem => ({
  Update: {
    TableName: tableName(),
    Key: debitKey(collectionId, input.endToEndId),
    UpdateExpression: 'SET returnedOn = :returnedOn, returnReason = :reason',
    ConditionExpression: 'attribute_exists(pk) AND returnedOn = :null',
    ExpressionAttributeValues: { ':returnedOn': input.returnedOn, ':reason': input.reasonCode, ':null': null },
  },
});

const returnedDue = (contractId: string, collectionId: string, input: ReturnInput): WriteItem => ({
  Update: {
    TableName: tableName(),
    Key: dueKey(contractId, input.endToEndId),
    UpdateExpression: 'SET #status = :returned, returnedOn = :returnedOn, returnReason = :reason',
    ConditionExpression: '#status = :collected AND collectionId = :collectionId',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':returned': 'returned',
      ':collected': 'collected',
      ':collectionId': collectionId,
      ':returnedOn': input.returnedOn,
      ':reason': input.reasonCode,
    },
  },
});

const revokedMandate = ({ key }: StoredMandate, input: ReturnInput, at: Date): WriteItem => ({
  Update: {
    TableName: tableName(),
    Key: key,
    UpdateExpression:
      'SET #status = :revoked, revokedAt = :revokedAt, revokedOn = :revokedOn, revocationReason = :reason',
    ConditionExpression: '#status = :active',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':revoked': 'revoked',
      ':active': 'active',
      ':revokedAt': at.toISOString(),
      ':revokedOn': input.returnedOn,
      ':reason': collectionTexts.localized('revokedByReturn', input.reasonCode, input.endToEndId)('en'),
    },
  },
});

const alreadyReturned = (input: ReturnInput) =>
  new Problem('conflict', collectionTexts.localized('alreadyReturned', input.endToEndId));

/**
 * Rücklastschrift (docs/collections.md, "Returns"): the debtor's bank sent a debit of the collection back.
 * The debit keeps what was sent and gains its return; the due becomes `returned`, so the next collection
 * gathers it again; a reason that ends the mandate (MD01, AC04, AC06, MD07, SL01) revokes it, with its
 * event `mandate.revoked`. One transaction with the event `due.returned` (naming the contract, whose
 * dues show it).
 */
export const recordReturn = async (collectionId: string, input: ReturnInput): Promise<ReturnAnswer> => {
  const collection = await getExistingCollection(collectionId);
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const { Item } = await documentClient.send(
      new GetCommand({ TableName: tableName(), Key: debitKey(collectionId, input.endToEndId), ConsistentRead: true }),
    );
    if (!Item || collection.status !== 'created') {
      throw new Problem('unprocessable', collectionTexts.localized('unknownDebit', input.endToEndId));
    }
    const debit = debitFromItem(Item);
    if (debit.returnedOn !== null) throw alreadyReturned(input);
    if (input.returnedOn < collection.collectionDate) {
      throw new Problem('validation-failed', collectionTexts.localized('returnDateInvalid'), {
        errors: [
          {
            path: 'returnedOn',
            message: collectionTexts.localized('returnedBeforeCollection', collection.collectionDate),
          },
        ],
      });
    }
    const { contract, mandates } = await contractMandatesOf(debit.contractId);
    // A return the bank has not sent yet is a typo, not a fact to record (as a termination received tomorrow).
    const today = todayOf(contract);
    if (input.returnedOn > today) {
      throw new Problem('validation-failed', collectionTexts.localized('returnDateInvalid'), {
        errors: [{ path: 'returnedOn', message: collectionTexts.localized('returnedInFuture', today) }],
      });
    }
    const mandate = mandates.find((stored) => stored.mandate.reference === debit.mandateReference);
    const revokes =
      mandateEndingReasons.includes(input.reasonCode) && mandate !== undefined && mandate.mandate.status === 'active';
    const at = now();
    const answer: ReturnAnswer = {
      collectionId,
      endToEndId: input.endToEndId,
      contractId: debit.contractId,
      amount: debit.amount,
      reasonCode: input.reasonCode,
      returnedOn: input.returnedOn,
      mandateRevoked: revokes,
    };
    try {
      await write(
        [
          returnedDebit(collectionId, input),
          returnedDue(debit.contractId, collectionId, input),
          ...(revokes && mandate
            ? [
                revokedMandate(mandate, input, at),
                eventWrite({ type: 'mandate.revoked', id: contract.id, version: contract.version }),
              ]
            : []),
        ],
        { result: answer, change: { type: 'due.returned', id: contract.id, version: contract.version } },
      );
      return answer;
    } catch (error) {
      if (!(error instanceof ConditionFailed)) throw error;
      // Another return of the same debit came first.
      if (error.at(0) || error.at(1)) throw alreadyReturned(input);
      // The mandate changed since it was read (revoked or replaced meanwhile): decide again.
    }
  }
  throw new WriteContention();
};
