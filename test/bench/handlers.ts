import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { lambdaContext, loadHandler } from '#infra/local/handler-loader.ts';
import { type FunctionName, lambdaFunctions } from './bundles.ts';
import type { BenchEvent } from './sample-events.ts';
import type { Invoke } from './warm.ts';

const entryOf = (name: FunctionName): string => {
  const found = lambdaFunctions.find((fn) => fn.name === name);
  if (!found) throw new Error(`No function ${name}`);
  return found.entry;
};

/** The handler module Lambda runs, imported in this process (the same modules the local server uses). */
export const handlerOf = (name: FunctionName): Promise<Invoke> => loadHandler(entryOf(name));

export const invoke = async (name: FunctionName, event: BenchEvent): Promise<APIGatewayProxyStructuredResultV2> =>
  (await handlerOf(name))(event, lambdaContext(name, event.requestContext.requestId));

/** Calls a function and returns the parsed body, failing unless it answered with a 2xx status. */
export const callRoute = async <T = Record<string, unknown>>(name: FunctionName, event: BenchEvent): Promise<T> => {
  const result = await invoke(name, event);
  const status = result.statusCode ?? 0;
  if (status < 200 || status > 299) throw new Error(`${name} answered ${status}: ${result.body}`);
  return (result.body ? JSON.parse(result.body) : undefined) as T;
};
