import { type AddedMandate, addMandate } from '#shared/contracts/mandates/add-mandate.ts';
import { DirectDebitInput } from '#shared/contracts/mandates/direct-debit-input.ts';
import { idempotencyKeys } from '#shared/http/idempotency.ts';
import type { Reply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route(
  'contracts-add-mandate',
  {
    body: DirectDebitInput,
    idempotency: idempotencyKeys,
    // The new mandate is the contract's current one, which `GET …/mandate` answers.
    reply: ({ contractId, mandate }: AddedMandate): Reply => ({
      status: 201,
      body: mandate,
      headers: { location: `/api/contracts/${contractId}/mandate` },
    }),
  },
  ({ id, body }) => addMandate(id, body),
);
