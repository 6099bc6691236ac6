import { recordReturn } from '#shared/collections/record-return.ts';
import { ReturnInput } from '#shared/collections/schema.ts';
import { idempotencyKeys } from '#shared/http/idempotency.ts';
import { route } from '#shared/http/route.ts';

export const handler = route(
  'collections-return',
  { body: ReturnInput, idempotency: idempotencyKeys, reply: (answer) => ({ status: 201, body: answer }) },
  ({ id, body }) => recordReturn(id, body),
);
