import { assignDeclaration } from '#shared/declarations/assign-declaration.ts';
import { AssignmentInput } from '#shared/declarations/schema.ts';
import { idempotencyKeys } from '#shared/http/idempotency.ts';
import { recordReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route(
  'declarations-assign',
  { body: AssignmentInput, idempotency: idempotencyKeys, reply: recordReply },
  ({ id, body, caller }) => assignDeclaration(id, body.contractId, caller.sub),
);
