import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { BenchEvent } from '../events.ts';

/**
 * The floors are what a hand-written function would do with nothing but the
 * document client: the same DynamoDB calls as our handler, plus the least a
 * Lambda needs to answer (parse the body, serialise the result).
 */
export type Floor = (event: BenchEvent) => Promise<APIGatewayProxyStructuredResultV2>;

export const json = (statusCode: number, body?: unknown): APIGatewayProxyStructuredResultV2 =>
  body === undefined ? { statusCode } : { statusCode, body: JSON.stringify(body) };

export const callerSub = (event: BenchEvent): string | null => event.requestContext.authorizer?.jwt.claims.sub ?? null;

export const pathId = (event: BenchEvent): string => event.pathParameters?.id ?? '';

export const bodyOf = <T>(event: BenchEvent): T => JSON.parse(event.body ?? '{}') as T;
