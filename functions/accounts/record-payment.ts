import { recordPayment } from '#shared/accounts/record-payment.ts';
import { bookedReply } from '#shared/accounts/reply.ts';
import { PaymentInput } from '#shared/accounts/schema.ts';
import { idempotencyKeys } from '#shared/http/idempotency.ts';
import { route } from '#shared/http/route.ts';

export const handler = route(
  'accounts-record-payment',
  { body: PaymentInput, idempotency: idempotencyKeys, reply: bookedReply },
  ({ id, body }) => recordPayment(id, body),
);
