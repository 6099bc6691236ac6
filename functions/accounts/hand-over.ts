import { handOver } from '#shared/accounts/collection-agency/hand-over.ts';
import type { HandoverAnswer } from '#shared/accounts/collection-agency/schema.ts';
import { idempotencyKeys } from '#shared/http/idempotency.ts';
import { route } from '#shared/http/route.ts';

export const handler = route(
  'accounts-hand-over',
  {
    idempotency: idempotencyKeys,
    reply: (handover: HandoverAnswer) => ({
      status: 201,
      body: handover,
      headers: { location: `/api/contracts/${handover.contractId}/account` },
    }),
  },
  ({ id }) => handOver(id),
);
