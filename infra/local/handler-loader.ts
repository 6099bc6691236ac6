import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';

export type ApiHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

export const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

const loaded = new Map<string, Promise<ApiHandler>>();

/** Imports the very module Lambda runs for a route (once, like a warm execution environment). */
export const loadHandler = (entry: string): Promise<ApiHandler> => {
  let handler = loaded.get(entry);
  if (!handler) {
    handler = import(pathToFileURL(resolve(repositoryRoot, entry)).href).then((module: { handler?: ApiHandler }) => {
      if (typeof module.handler !== 'function') throw new Error(`${entry} does not export a handler`);
      return module.handler;
    });
    loaded.set(entry, handler);
  }
  return handler;
};

/** The parts of the Lambda context our handlers and middy may touch. */
export const lambdaContext = (functionName: string, requestId: string, timeoutMs = 10_000): Context => {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
};
