import { MandateRevocationInput } from '#shared/contracts/mandates/mandate-revocation-schema.ts';
import { revokeMandate } from '#shared/contracts/mandates/revoke-mandate.ts';
import { idempotencyKeys } from '#shared/http/idempotency.ts';
import { bodyReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route(
  'contracts-revoke-mandate',
  { body: MandateRevocationInput, idempotency: idempotencyKeys, reply: bodyReply },
  ({ id, body }) => revokeMandate(id, body),
);
