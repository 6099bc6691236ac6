import type middy from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { localized } from '../messages/index.ts';
import { Problem } from './problem.ts';

export const maxBodyBytes = 1024 * 1024;

/** Rejects bodies over 1 MiB before anything parses them. */
export const bodyLimit = (): middy.MiddlewareObj<APIGatewayProxyEventV2> => ({
  before: async ({ event }) => {
    // A hand-made or replayed event may carry `"body": null`: that is no body, which the parser then refuses.
    if (typeof event.body !== 'string') return;
    const bytes = Buffer.byteLength(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
    if (bytes > maxBodyBytes) {
      throw new Problem('payload-too-large', localized('http.bodyTooLarge', bytes, maxBodyBytes));
    }
  },
});
