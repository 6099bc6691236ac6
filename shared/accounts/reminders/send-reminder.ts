import { addDays, compareDates } from '../../contracts/dates.ts';
import { putNew } from '../../db/write.ts';
import { Problem } from '../../http/problem.ts';
import { studioReminderTerms } from '../../studio/reminder-terms.ts';
import { bookOnAccount } from '../book.ts';
import { bookingTexts } from '../booking-texts.ts';
import { settle } from '../ledger.ts';
import type { Entry } from '../schema.ts';
import { accountTexts } from '../texts.ts';
import { reminderItem } from './entity.ts';
import { openItems } from './open-items.ts';
import type { Reminder, ReminderAnswer } from './schema.ts';

/*
 * A reminder (docs/accounts.md, "Reminders"): one more booking through `bookOnAccount`. Its item (`DUNNING#<n>`),
 * its fee, the summary's new level and the event `reminder.sent` commit in one transaction; the letter is rendered,
 * kept and mailed from that event (shared/documents/reminder-letters.ts), made from the item alone.
 */

/** Days the member has to pay, and the least time between two reminders. */
export const reminderDays = 14;

const euros = (amount: number) => ({ amount, currency: 'EUR' as const });

const germanDate = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

/**
 * Sends the next reminder while something is overdue: the first of a round (level 0) a free Zahlungserinnerung,
 * each later one a Mahnung that books the studio's `reminderFee`; never within 14 days of the last one, never once
 * the account was handed over. Two at once both aim at the same `DUNNING#<n>`: one commits, the other is a 409.
 */
export const sendReminder = async (contractId: string): Promise<ReminderAnswer> => {
  const { iban, fee } = await studioReminderTerms();
  const { result } = await bookOnAccount<ReminderAnswer>(
    contractId,
    (state, today) => {
      if (state.summary.inCollection) throw new Problem('conflict', accountTexts.localized('inCollection'));
      if (settle(state.entries, state.dues).overdue === 0) {
        throw new Problem('conflict', accountTexts.localized('nothingOverdue'));
      }
      const last = state.reminders.at(-1);
      if (last && compareDates(today, addDays(last.sentOn, reminderDays)) < 0) {
        const from = addDays(last.sentOn, reminderDays);
        throw new Problem(
          'conflict',
          accountTexts.localized('reminderTooSoon', germanDate(last.sentOn), germanDate(from)),
        );
      }
      if (!iban) throw new Problem('conflict', accountTexts.localized('noStudioAccount'));
      const number = (last?.number ?? 0) + 1;
      const first = state.summary.dunningLevel === 0;
      const feeEntries: Entry[] =
        !first && fee > 0
          ? [
              {
                id: `reminder-fee-${number}`,
                bookedOn: today,
                kind: 'reminder-fee',
                amount: euros(fee),
                dueId: null,
                collectionId: null,
                text: bookingTexts.reminderFee(number, today),
              },
            ]
          : [];
      const items = openItems(state, [...state.entries, ...feeEntries]);
      const reminder: Reminder = {
        contractId: state.contract.id,
        number,
        level: first ? 1 : 2,
        sentOn: today,
        deadline: addDays(today, reminderDays),
        fee: euros(feeEntries.length > 0 ? fee : 0),
        items,
        total: euros(items.reduce((sum, item) => sum + item.amount.amount + item.bankFee.amount, 0)),
        iban,
      };
      return {
        entries: feeEntries,
        writes: [putNew(reminderItem(reminder))],
        dunning: { dunningLevel: reminder.level, inCollection: false },
        accountEvent: 'reminder.sent',
        answer: (account) => ({
          ...reminder,
          account: {
            balance: account.balance,
            overdue: account.overdue,
            dunningLevel: account.dunningLevel,
            inCollection: account.inCollection,
          },
        }),
      };
    },
    () => new Problem('conflict', accountTexts.localized('reminderRaced')),
  );
  return result as ReminderAnswer;
};
