import type middy from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { isJsonMediaType } from './media-type.ts';
import { Problem } from './problem.ts';

/**
 * JSON's `\ud800` escapes can produce strings that are not Unicode text (an
 * unpaired surrogate). Nothing downstream can hash, seal or store such a string
 * faithfully, so the body is refused as malformed JSON.
 */
const rejectUnpairedSurrogates = (key: string, value: unknown): unknown => {
  if (!key.isWellFormed() || (typeof value === 'string' && !value.isWellFormed())) {
    throw new SyntaxError('The body contains a string that is not well-formed Unicode');
  }
  return value;
};

// `fatal`: a byte sequence that is not UTF-8 is an error, not a silent U+FFFD in a stored name.
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The body as text. API Gateway passes a JSON body that is UTF-8 as a string
 * and anything else base64-encoded (`isBase64Encoded`), so bytes that are not
 * UTF-8 arrive here encoded and are refused here.
 */
const bodyText = (event: APIGatewayProxyEventV2): string => {
  const body = event.body ?? '';
  if (!event.isBase64Encoded) return body;
  try {
    return utf8.decode(Buffer.from(body, 'base64'));
  } catch {
    throw new Problem('malformed-json', 'http.bodyNotUtf8');
  }
};

/**
 * Reads the body of a route that takes one: `application/json` (see
 * media-type.ts for what else is refused with 415), UTF-8, a JSON document
 * whose strings are all well-formed Unicode (400 otherwise). Replaces
 * `event.body` with the parsed value.
 */
export const jsonBody = (): middy.MiddlewareObj<APIGatewayProxyEventV2> => ({
  before: async ({ event }) => {
    if (!isJsonMediaType(event.headers?.['content-type'])) {
      throw new Problem('unsupported-media-type', 'http.sendJson');
    }
    const text = bodyText(event);
    if (!text) throw new Problem('malformed-json', 'http.noBody');
    try {
      (event as { body: unknown }).body = JSON.parse(text, rejectUnpairedSurrogates);
    } catch (error) {
      throw new Problem('malformed-json', 'http.unparsableJson', { cause: error });
    }
  },
});
