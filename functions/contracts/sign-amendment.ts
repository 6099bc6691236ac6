import { amendmentIdOf } from '#shared/contracts/amendments/amendment-id.ts';
import type { Amendment } from '#shared/contracts/amendments/amendment-schema.ts';
import { signAmendment } from '#shared/contracts/amendments/sign-amendment.ts';
import { AmendmentSignatureInput } from '#shared/contracts/amendments/signature-input.ts';
import { idempotencyKeys } from '#shared/http/idempotency.ts';
import { recordReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route(
  'contracts-sign-amendment',
  {
    body: AmendmentSignatureInput,
    idempotency: idempotencyKeys,
    reply: (amendment: Amendment) => recordReply(amendment, { status: 201 }),
  },
  ({ id, body, event }) => {
    const { sourceIp, userAgent } = event.requestContext.http;
    return signAmendment(id, amendmentIdOf(event), body, { ipAddress: sourceIp, userAgent });
  },
);
