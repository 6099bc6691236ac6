import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export interface Reply {
  status: number;
  body?: unknown;
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
    etag: `"${record.version}"`,
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
  if (reply.body === undefined) return { statusCode: reply.status, headers };
  return {
    statusCode: reply.status,
    headers: { ...headers, 'content-type': contentType },
    body: JSON.stringify(reply.body),
  };
};
