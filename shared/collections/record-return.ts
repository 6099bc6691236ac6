import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { bookOnAccount } from '../accounts/book.ts';
import { bookingTexts } from '../accounts/booking-texts.ts';
import type { Entry } from '../accounts/schema.ts';
import { now } from '../clock.ts';
import { todayOf } from '../contracts/computed-dates.ts';
import type { StoredMandate } from '../contracts/mandates/mandate-store.ts';
import { documentClient, tableName } from '../db/client.ts';
import { WriteContention } from '../db/errors.ts';
import type { WriteItem } from '../db/write.ts';
import { Problem } from '../http/problem.ts';
import { eventWrite } from '../outbox/outbox.ts';
import { contractMandatesOf } from './contract-items.ts';
import { type Debit, debitFromItem, debitKey } from './entity.ts';
import { maxRepresentations, representableReasons } from './representations.ts';
import { mandateEndingReasons } from './return-reasons.ts';
import type { ReturnAnswer, ReturnInput } from './schema.ts';
import { getExistingCollection } from './store.ts';
import { collectionTexts } from './texts.ts';

const returnedDebit = (collectionId: string, input: ReturnInput): WriteItem => ({
  Update: {
    TableName: tableName(),
    Key: debitKey(collectionId, input.endToEndId),
    UpdateExpression: 'SET returnedOn = :returnedOn, returnReason = :reason',
    ConditionExpression: 'attribute_exists(pk) AND returnedOn = :null',
    ExpressionAttributeValues: { ':returnedOn': input.returnedOn, ':reason': input.reasonCode, ':null': null },
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

const euros = (amount: number) => ({ amount, currency: 'EUR' as const });

/** The return and the bank's fee on the member's account (docs/accounts.md): ids made of the debit they concern. */
const returnEntries = (collectionId: string, debit: Debit, input: ReturnInput): Entry[] => [
  {
    id: `return-${collectionId}-${debit.dueId}`,
    bookedOn: input.returnedOn,
    kind: 'return',
    amount: euros(debit.amount.amount),
    dueId: debit.dueId,
    collectionId,
    text: bookingTexts.return(input.reasonCode),
  },
  ...(input.bankFee.amount > 0
    ? [
        {
          id: `bank-fee-${collectionId}-${debit.dueId}`,
          bookedOn: input.returnedOn,
          kind: 'bank-fee' as const,
          amount: euros(input.bankFee.amount),
          dueId: debit.dueId,
          collectionId,
          text: bookingTexts.bankFee(debit.dueId),
        },
      ]
    : []),
];

/**
 * Rücklastschrift (docs/collections.md, "Returns"; docs/accounts.md): the debtor's bank sent a debit of the
 * collection back. The debit keeps what was sent and gains its return; the due becomes `returned`; the member's
 * account books `return` and the bank's fee. The due is collected again only for AM04 and MS03, at most twice, and
 * only after its Vorabankündigung (mailed from the stream on `due.returned`: pre-notification.ts); any other code or a third return leave it
 * `collectable: false`. A reason that ends the mandate (MD01, AC04, AC06, MD07, SL01) revokes it, with its event
 * `mandate.revoked`. One transaction with the event `due.returned` (naming the contract, whose dues show it).
 */
export const recordReturn = async (collectionId: string, input: ReturnInput): Promise<ReturnAnswer> => {
  const collection = await getExistingCollection(collectionId);
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
  const { result } = await bookOnAccount(
    debit.contractId,
    (state) => {
      const due = state.dues.get(debit.dueId);
      // Returned meanwhile (by another request), or collected again since: not this debit's return to record.
      if (due?.status !== 'collected' || due.collectionId !== collectionId) throw alreadyReturned(input);
      const collectable =
        representableReasons.includes(input.reasonCode) && due.representations < maxRepresentations && !revokes;
      const answer: ReturnAnswer = {
        collectionId,
        endToEndId: input.endToEndId,
        contractId: debit.contractId,
        amount: debit.amount,
        reasonCode: input.reasonCode,
        returnedOn: input.returnedOn,
        mandateRevoked: revokes,
        bankFee: input.bankFee,
        collectable,
      };
      return {
        writes: [
          returnedDebit(collectionId, input),
          ...(revokes && mandate
            ? [
                revokedMandate(mandate, input, at),
                eventWrite({ type: 'mandate.revoked', id: contract.id, version: contract.version }),
              ]
            : []),
        ],
        entries: returnEntries(collectionId, debit, input),
        dues: [
          {
            ...due,
            status: 'returned',
            returnedOn: input.returnedOn,
            returnReason: input.reasonCode,
            collectable,
            preNotifiedOn: null,
          },
        ],
        change: { type: 'due.returned', id: contract.id, version: contract.version },
        answer: () => answer,
      };
    },
    // The debit's own condition: another return of it came first. A mandate changed meanwhile: the client retries.
    (failure) => (failure.at(0) ? alreadyReturned(input) : new WriteContention()),
  );
  return result as ReturnAnswer;
};
