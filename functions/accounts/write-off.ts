import { recordCorrection } from '#shared/accounts/record-payment.ts';
import { bookedReply } from '#shared/accounts/reply.ts';
import { CorrectionInput } from '#shared/accounts/schema.ts';
import { idempotencyKeys } from '#shared/http/idempotency.ts';
import { route } from '#shared/http/route.ts';

export const handler = route(
  'accounts-write-off',
  { body: CorrectionInput, idempotency: idempotencyKeys, reply: bookedReply },
  ({ id, body }) => recordCorrection(id, 'write-off', body),
);
