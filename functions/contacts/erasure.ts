import { idempotencyKeys } from '#shared/http/idempotency.ts';
import { bodyReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';
import { eraseContact } from '#shared/privacy/erase-contact.ts';
import { ErasureInput } from '#shared/privacy/erasure-schema.ts';

export const handler = route(
  'contacts-erasure',
  { body: ErasureInput, idempotency: idempotencyKeys, reply: bodyReply },
  ({ id, caller }) => eraseContact(id, caller),
);
