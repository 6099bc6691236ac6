import type { ReminderAnswer } from '#shared/accounts/reminders/schema.ts';
import { sendReminder } from '#shared/accounts/reminders/send-reminder.ts';
import { idempotencyKeys } from '#shared/http/idempotency.ts';
import { route } from '#shared/http/route.ts';

export const handler = route(
  'accounts-remind',
  {
    idempotency: idempotencyKeys,
    reply: (reminder: ReminderAnswer) => ({
      status: 201,
      body: reminder,
      headers: { location: `/api/contracts/${reminder.contractId}/account` },
    }),
  },
  ({ id }) => sendReminder(id),
);
