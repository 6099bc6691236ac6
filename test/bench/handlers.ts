import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { lambdaContext, loadHandler } from '#infra/local/handler-loader.ts';
import { findRoute, type RouteName } from '#shared/routes.ts';
import { type FunctionName, lambdaFunctions } from './bundles.ts';
import { type BenchEvent, type Request, routeEvent } from './events.ts';
import type { Invoke } from './warm.ts';

const entryOf = (name: FunctionName): string => {
  const found = lambdaFunctions.find((fn) => fn.name === name);
  if (!found) throw new Error(`No function ${name}`);
  return found.entry;
};

/** The handler module Lambda runs, imported in this process (the same modules the local server uses). */
export const handlerOf = (name: FunctionName): Promise<Invoke> => loadHandler(entryOf(name));

/** The floor module of a function: `test/bench/floors/<name>.ts`. */
export const floorEntry = (name: FunctionName): string => `test/bench/floors/${name}.ts`;

export const floorOf = async (name: FunctionName): Promise<Invoke> => {
  const module = (await import(`./floors/${name}.ts`)) as { handler: Invoke };
  return module.handler;
};

export const invoke = async (
  name: FunctionName,
  event: BenchEvent,
  by: 'handler' | 'floor' = 'handler',
): Promise<APIGatewayProxyStructuredResultV2> => {
  const run = by === 'handler' ? await handlerOf(name) : await floorOf(name);
  return run(event, lambdaContext(name, event.requestContext.requestId));
};

/** Calls a route's handler and returns the parsed body, failing unless the status is the expected one. */
export const callRoute = async <T = Record<string, any>>(
  name: RouteName,
  request: Request,
  expectedStatus = findRoute(name).method === 'POST' ? 201 : 200,
): Promise<T> => {
  const result = await invoke(name, routeEvent(name, request));
  if (result.statusCode !== expectedStatus) {
    throw new Error(`${name} answered ${result.statusCode}, expected ${expectedStatus}: ${result.body}`);
  }
  return (result.body ? JSON.parse(result.body) : undefined) as T;
};
