import { rateCountOf } from '#shared/declarations/rate-limit.ts';
import { WithdrawalDeclarationInput } from '#shared/declarations/schema.ts';
import { type DeclarationReceipt, receiveDeclaration } from '#shared/declarations/store.ts';
import { publicCaller } from '#shared/http/caller-kinds.ts';
import { idempotencyKeys } from '#shared/http/idempotency.ts';
import { route } from '#shared/http/route.ts';

export const handler = route(
  'declarations-file-withdrawal',
  {
    caller: publicCaller,
    body: WithdrawalDeclarationInput,
    idempotency: idempotencyKeys,
    reply: (receipt: DeclarationReceipt) => ({ status: 202, body: receipt }),
  },
  ({ event, body }) => receiveDeclaration('withdrawal', body, rateCountOf(event)),
);
