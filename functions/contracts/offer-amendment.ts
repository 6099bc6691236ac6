import type { Amendment } from '#shared/contracts/amendments/amendment-schema.ts';
import { offerAmendment } from '#shared/contracts/amendments/offer-amendment.ts';
import { AmendmentInput } from '#shared/contracts/amendments/offer-input.ts';
import { idempotencyKeys } from '#shared/http/idempotency.ts';
import { recordReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route(
  'contracts-offer-amendment',
  {
    body: AmendmentInput,
    idempotency: idempotencyKeys,
    reply: (amendment: Amendment) =>
      recordReply(amendment, {
        status: 201,
        location: `/api/contracts/${amendment.contractId}/amendments/${amendment.id}`,
      }),
  },
  ({ id, body, caller }) => offerAmendment(id, body, caller.sub),
);
