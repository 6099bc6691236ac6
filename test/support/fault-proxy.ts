import { createServer, request as forward, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What goes wrong with a call that reached DynamoDB: the write is applied,
 * then its answer is lost on the way back.
 * - `drop-answer`: the connection closes before the answer (a reset).
 * - `hold-answer`: the answer is never sent: the call ends only when the caller gives up (its request timeout).
 * - `error-500`: DynamoDB's `InternalServerError` instead of the answer.
 */
export type AnswerFault = 'drop-answer' | 'hold-answer' | 'error-500';

export interface FaultRule {
  /** A DynamoDB operation: `TransactWriteItems`, `GetItem`, `Query`, … */
  operation: string;
  fault: AnswerFault;
  /** Calls of the operation that pass untouched before the fault strikes (default 0). */
  skip?: number;
  /** How many calls in a row it strikes (default 1; the SDK makes 3 attempts). */
  times?: number;
}

export interface FaultProxy {
  url: string;
  /** Operations of the calls that passed through since the last reset, in order. */
  readonly calls: string[];
  /** Calls whose answer a fault took. */
  readonly struck: string[];
  inject(rule: FaultRule): void;
  reset(): void;
  close(): Promise<void>;
}

const readAll = (stream: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });

/**
 * A proxy in front of DynamoDB Local that forwards every call for real and,
 * where a rule says so, loses the answer after DynamoDB applied the call:
 * what a flaky network or an overloaded DynamoDB does to a Lambda function.
 */
export const startFaultProxy = async (target: string): Promise<FaultProxy> => {
  const rules: Array<Required<FaultRule>> = [];
  const seen = new Map<string, number>();
  const calls: string[] = [];
  const struck: string[] = [];

  const faultFor = (operation: string): AnswerFault | undefined => {
    const index = seen.get(operation) ?? 0;
    seen.set(operation, index + 1);
    return rules.find((rule) => rule.operation === operation && index >= rule.skip && index < rule.skip + rule.times)
      ?.fault;
  };

  const server: Server = createServer(async (incoming, outgoing) => {
    const body = await readAll(incoming);
    const operation = String(incoming.headers['x-amz-target'] ?? '').split('.')[1] ?? 'unknown';
    calls.push(operation);
    const fault = faultFor(operation);
    const upstream = forward(`${target}${incoming.url}`, { method: incoming.method, headers: incoming.headers });
    upstream.on('error', () => incoming.socket.destroy());
    upstream.on('response', async (answer) => {
      const answerBody = await readAll(answer);
      if (fault) struck.push(operation);
      if (fault === 'drop-answer') return incoming.socket.destroy();
      // No timer of our own: a caller without a request timeout would wait here for ever, and the test time out.
      if (fault === 'hold-answer') return;
      if (fault === 'error-500') {
        outgoing.writeHead(500, { 'content-type': 'application/x-amz-json-1.0' });
        return outgoing.end(
          JSON.stringify({
            __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError',
            message: 'Internal server error',
          }),
        );
      }
      outgoing.writeHead(answer.statusCode ?? 500, answer.headers);
      outgoing.end(answerBody);
    });
    upstream.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    struck,
    inject: (rule) => rules.push({ skip: 0, times: 1, ...rule }),
    reset: () => {
      rules.length = 0;
      seen.clear();
      calls.length = 0;
      struck.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
