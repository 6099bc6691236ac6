import { CopyInput } from '#shared/contracts/copy-schema.ts';
import { sendCopy } from '#shared/contracts/send-copy.ts';
import { route } from '#shared/http/route.ts';

export const handler = route(
  'contracts-send-copy',
  { body: CopyInput, reply: (copy) => ({ status: 201, body: copy }) },
  ({ id, body }) => sendCopy(id, body.to),
);
