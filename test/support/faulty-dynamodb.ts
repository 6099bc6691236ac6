import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Fault = 'drop-connection' | 'never-answer' | 'throttle';

export interface FaultyDynamoDb {
  url: string;
  fault: Fault;
  /** Requests that reached it since the last reset. */
  requests: number;
  close(): Promise<void>;
}

/**
 * A stand-in for a DynamoDB endpoint in trouble: it drops connections, never
 * answers, or throttles every call the way DynamoDB's JSON protocol does.
 * Only faults are faked here; every test of real behaviour uses DynamoDB Local.
 */
export const startFaultyDynamoDb = async (): Promise<FaultyDynamoDb> => {
  const state: FaultyDynamoDb = { url: '', fault: 'drop-connection', requests: 0, close: async () => {} };
  const server: Server = createServer((request, response) => {
    state.requests++;
    request.resume();
    if (state.fault === 'drop-connection') {
      request.socket.destroy();
    } else if (state.fault === 'throttle') {
      response.writeHead(400, { 'content-type': 'application/x-amz-json-1.0' });
      response.end(
        JSON.stringify({
          __type: 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException',
          message: 'The level of configured provisioned throughput for the table was exceeded.',
        }),
      );
    }
    // never-answer: keep the connection open and say nothing.
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
};
