import { CopyInput } from '#shared/contracts/document/copy-schema.ts';
import { sendCopy } from '#shared/contracts/document/send-copy.ts';
import { idempotencyKeys } from '#shared/http/idempotency.ts';
import { route } from '#shared/http/route.ts';

export const handler = route(
  'contracts-send-copy',
  { body: CopyInput, idempotency: idempotencyKeys, reply: (copy) => ({ status: 201, body: copy }) },
  ({ id, body }) => sendCopy(id, body.to),
);
