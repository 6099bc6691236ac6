import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { entityTag } from './if-match.ts';

export interface Reply {
  status: number;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is instead: a page, a script, an image (a Buffer goes out base64-encoded, as binary). */
  raw?: { contentType: string; content: string | Buffer };
  headers?: Record<string, string>;
}

export interface VersionedRecord {
  id: string;
  version: number;
}

/** A record response: its version doubles as the strong ETag that `If-Match` is compared with. */
export const recordReply = (record: VersionedRecord, options: { status?: number; location?: string } = {}): Reply => ({
  status: options.status ?? 200,
  body: record,
  headers: {
    etag: entityTag(record.version),
    ...(options.location ? { location: options.location } : {}),
  },
});

export const createdReply = (record: VersionedRecord, collectionPath: string): Reply =>
  recordReply(record, { status: 201, location: `${collectionPath}/${record.id}` });

export const noContentReply = (): Reply => ({ status: 204 });

// Every response may carry personal data or an error about it: never cache it.
const baseHeaders = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
} as const;

export const toHttpResult = (
  reply: Reply,
  requestId: string,
  contentType = 'application/json; charset=utf-8',
): APIGatewayProxyStructuredResultV2 => {
  const headers: Record<string, string> = { ...baseHeaders, 'x-request-id': requestId, ...reply.headers };
  if (reply.raw) {
    const { contentType, content } = reply.raw;
    const binary = typeof content !== 'string';
    return {
      statusCode: reply.status,
      headers: { ...headers, 'content-type': contentType },
      body: binary ? content.toString('base64') : content,
      isBase64Encoded: binary,
    };
  }
  if (reply.body === undefined) return { statusCode: reply.status, headers };
  return {
    statusCode: reply.status,
    headers: { ...headers, 'content-type': contentType },
    body: JSON.stringify(reply.body),
  };
};

/** A 200 with the result as the body: lists, verifications. */
export const bodyReply = (body: unknown): Reply => ({ status: 200, body });

/** A 201 for a new record of a collection, with its `Location`. */
export const createdAt =
  (collectionPath: string) =>
  (record: VersionedRecord): Reply =>
    createdReply(record, collectionPath);
