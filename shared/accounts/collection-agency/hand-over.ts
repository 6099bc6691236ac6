import { now } from '../../clock.ts';
import { compareDates } from '../../contracts/dates.ts';
import { tableName } from '../../db/client.ts';
import { putNew } from '../../db/write.ts';
import { newId } from '../../http/ids.ts';
import { Problem } from '../../http/problem.ts';
import { bookOnAccount } from '../book.ts';
import { bookingTexts } from '../booking-texts.ts';
import { settle } from '../ledger.ts';
import { openItems } from '../reminders/open-items.ts';
import type { Entry } from '../schema.ts';
import type { AccountSummary } from '../summary-schema.ts';
import { accountTexts } from '../texts.ts';
import { handoverItem } from './entity.ts';
import type { ClosureInput, Handover, HandoverAnswer } from './schema.ts';

/*
 * The collection agency (docs/accounts.md, "Collection agency"): a handover and its closure are bookings through
 * `bookOnAccount`, so each commits in one transaction with the summary it changes, exactly once.
 */

const euros = (amount: number) => ({ amount, currency: 'EUR' as const });
const summaryOf = ({ balance, overdue, dunningLevel, inCollection }: AccountSummary) => ({
  balance,
  overdue,
  dunningLevel,
  inCollection,
});

/**
 * Hands the account over: only at level 2 and after that Mahnung's deadline (a claim goes to an agency only after
 * the member was warned and given time: never straight after a return). Level 3, `inCollection`, the event
 * `account.handed-over`; of two at once one commits, the other is a 409.
 */
export const handOver = async (contractId: string): Promise<HandoverAnswer> => {
  const { result } = await bookOnAccount<HandoverAnswer>(
    contractId,
    (state, today) => {
      const last = state.reminders.at(-1);
      if (state.summary.inCollection) throw new Problem('conflict', accountTexts.localized('inCollection'));
      if (settle(state.entries, state.dues).overdue === 0) {
        throw new Problem('conflict', accountTexts.localized('nothingOverdue'));
      }
      if (state.summary.dunningLevel !== 2 || !last) {
        throw new Problem('conflict', accountTexts.localized('handoverNeedsMahnung'));
      }
      if (compareDates(today, last.deadline) <= 0) {
        throw new Problem('conflict', accountTexts.localized('handoverBeforeDeadline', last.deadline));
      }
      const items = openItems(state, state.entries);
      const handover: Handover = {
        contractId: state.contract.id,
        number: (state.handovers.at(-1)?.number ?? 0) + 1,
        handedOverOn: today,
        contractNumber: state.contract.number,
        contactId: state.contract.contactId,
        items,
        total: euros(items.reduce((sum, item) => sum + item.amount.amount + item.bankFee.amount, 0)),
        outcome: null,
        paidAmount: null,
        closedOn: null,
      };
      return {
        writes: [putNew(handoverItem(handover))],
        dunning: { dunningLevel: 3, inCollection: true },
        accountEvent: 'account.handed-over',
        answer: (account) => ({ ...handover, account: summaryOf(account) }),
      };
    },
    () => new Problem('conflict', accountTexts.localized('handoverRaced')),
  );
  return result as HandoverAnswer;
};

/**
 * Books the agency's result and ends the handover: what it paid over as a `payment`, and for `uncollectable` the
 * rest of the claim handed over (its total less what was paid) as a `write-off`. The handover leaves the index of accounts in collection; the level
 * follows what is still overdue (2 while something is, else 0), so a withdrawn claim can be reminded and handed
 * over again.
 */
export const closeHandover = async (contractId: string, input: ClosureInput): Promise<HandoverAnswer> => {
  const paymentId = `payment-${newId(now().getTime())}`;
  const writeOffId = `write-off-${newId(now().getTime())}`;
  const { result } = await bookOnAccount<HandoverAnswer>(
    contractId,
    (state, today) => {
      const open = state.handovers.at(-1);
      if (!state.summary.inCollection || !open || open.outcome !== null) {
        throw new Problem('conflict', accountTexts.localized('notInCollection'));
      }
      const paid = input.paidAmount?.amount ?? 0;
      const entries: Entry[] = [];
      if (paid > 0) {
        entries.push({
          id: paymentId,
          bookedOn: today,
          kind: 'payment',
          amount: euros(-paid),
          dueId: null,
          collectionId: null,
          text: bookingTexts.agencyPayment(open.number),
        });
      }
      // What the agency could not collect of the claim handed over; the ledger settles it oldest first, like any
      // write-off, so a due that came since and is older than a fee may take part of it.
      const rest = Math.max(open.total.amount - paid, 0);
      if (input.outcome === 'uncollectable' && rest > 0) {
        entries.push({
          id: writeOffId,
          bookedOn: today,
          kind: 'write-off',
          amount: euros(-rest),
          dueId: null,
          collectionId: null,
          text: bookingTexts.agencyWriteOff(open.number),
        });
      }
      const closed: Handover = { ...open, outcome: input.outcome, paidAmount: euros(paid), closedOn: today };
      return {
        entries,
        writes: [
          {
            Put: {
              TableName: tableName(),
              Item: handoverItem(closed),
              ConditionExpression: 'attribute_exists(pk) AND attribute_type(outcome, :null)',
              ExpressionAttributeValues: { ':null': 'NULL' },
            },
          },
        ],
        dunning: { dunningLevel: 2, inCollection: false },
        ...(paid > 0
          ? { change: { type: 'payment.recorded' as const, id: state.contract.id, version: state.sequence + 1 } }
          : {}),
        answer: (account) => ({ ...closed, account: summaryOf(account) }),
      };
    },
    () => new Problem('conflict', accountTexts.localized('notInCollection')),
  );
  return result as HandoverAnswer;
};
