import { rateCountOf } from '#shared/declarations/rate-limit.ts';
import { TerminationDeclarationInput } from '#shared/declarations/schema.ts';
import { type DeclarationReceipt, receiveDeclaration } from '#shared/declarations/store.ts';
import { publicCaller } from '#shared/http/caller-kinds.ts';
import { idempotencyKeys } from '#shared/http/idempotency.ts';
import { route } from '#shared/http/route.ts';

export const handler = route(
  'declarations-file-termination',
  {
    caller: publicCaller,
    body: TerminationDeclarationInput,
    idempotency: idempotencyKeys,
    reply: (receipt: DeclarationReceipt) => ({ status: 202, body: receipt }),
  },
  ({ event, body }) => receiveDeclaration('termination', body, rateCountOf(event)),
);
