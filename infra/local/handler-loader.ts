import { execFile } from 'node:child_process';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import {
  type AreaBackgroundFunction,
  backgroundFunctions,
  type GeneratedFile,
  type RouteDefinition,
  routes,
} from '#shared/routes.ts';

export type ApiHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

export const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

const loaded = new Map<string, Promise<unknown>>();
const generated = new Map<string, Promise<void>>();
const run = promisify(execFile);

/**
 * Runs a generator as the stack does at bundling time, once per process, so the file is never older than
 * the code. Written beside and renamed: processes that generate it at once never read half a file.
 */
const generate = (file: GeneratedFile): Promise<void> => {
  let done = generated.get(file.path);
  if (!done) {
    const target = resolve(repositoryRoot, file.path);
    done = (async () => {
      const tsx = resolve(repositoryRoot, 'node_modules/.bin/tsx');
      const { stdout } = await run(tsx, [file.generator], { cwd: repositoryRoot, maxBuffer: 64 * 1024 * 1024 });
      await mkdir(dirname(target), { recursive: true });
      const partial = `${target}.${process.pid}.partial`;
      await writeFile(partial, stdout);
      await rename(partial, target);
    })();
    generated.set(file.path, done);
  }
  return done;
};

const generatedFilesOf = (entry: string): GeneratedFile[] =>
  [...(routes as readonly RouteDefinition[]), ...(backgroundFunctions as readonly AreaBackgroundFunction[])]
    .filter((route) => route.entry === entry)
    .flatMap((route) => route.files ?? [])
    .filter((file): file is GeneratedFile => typeof file !== 'string');

/** Imports the very module Lambda runs for a route or a background function (once, like a warm environment). */
export const loadHandler = <Handler = ApiHandler>(entry: string): Promise<Handler> => {
  let handler = loaded.get(entry);
  if (!handler) {
    handler = Promise.all(generatedFilesOf(entry).map(generate))
      .then(() => import(pathToFileURL(resolve(repositoryRoot, entry)).href))
      .then((module: { handler?: unknown }) => {
        if (typeof module.handler !== 'function') throw new Error(`${entry} does not export a handler`);
        return module.handler;
      });
    loaded.set(entry, handler);
  }
  return handler as Promise<Handler>;
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
