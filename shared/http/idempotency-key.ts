import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { Problem } from './problem.ts';

// Apart from the idempotency layer, which reaches the table: the docs' examples check a key without a table client.
/** The request's `Idempotency-Key`, refused with a 400 naming the header when it is empty or over 255 characters. */
export const idempotencyKeyOf = (event: Pick<APIGatewayProxyEventV2, 'headers'>): string | undefined => {
  const key = event.headers['idempotency-key'];
  if (key !== undefined && (key.length < 1 || key.length > 255)) {
    throw new Problem('validation-failed', 'http.idempotencyKeyInvalid', {
      errors: [{ path: 'Idempotency-Key', message: 'http.idempotencyKeyLength' }],
    });
  }
  return key;
};
