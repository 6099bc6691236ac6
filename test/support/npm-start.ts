import { type ChildProcess, spawn } from 'node:child_process';
import getPort from 'get-port';
import { afterAll } from 'vitest';

/** A running `npm start`, as a developer's shell sees it. */
export interface LocalServer {
  child: ChildProcess;
  port: number;
  url: string;
  /** Its line `Studio API listening on …` (the first, unless background work logged before it). */
  listening: string;
  /** The line after it: an owner's token. */
  token: string;
  stderr(): string;
  /** Its exit code, once it has exited. */
  stopped: Promise<number | null>;
}

const running = new Set<ChildProcess>();

/** Kills what a test file started and left running (a failed test), after the file. */
export const useNpmStart = (): void => {
  afterAll(() => {
    for (const child of running) child.kill('SIGKILL');
  });
};

/**
 * `npm start` as a developer runs it (without npm's own process in between), until it prints its two lines.
 * One Node process with tsx as its loader, as the script says: not the tsx CLI, which runs the script in a
 * second process and, on a busy machine, SIGKILLs it when it does not confirm a relayed signal within 30 ms.
 */
export const npmStart = async (env: Record<string, string>): Promise<LocalServer> => {
  const port = await getPort({ host: '127.0.0.1' });
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const stopped = new Promise<number | null>((resolve) => child.on('exit', resolve));
  stopped.then(() => running.delete(child));
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const [listening = '', token = ''] = await new Promise<string[]>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
      // Background work started before may log its JSON lines first (a restart on a table with a stream history).
      const lines = stdout.split('\n');
      const at = lines.findIndex((line) => line.startsWith('Studio API listening on '));
      if (at >= 0 && lines.length >= at + 3) resolve(lines.slice(at));
    });
    child.on('exit', (code) => reject(new Error(`npm start exited (${code}):\n${stderr}`)));
  });
  return { child, port, url: `http://127.0.0.1:${port}`, listening, token, stderr: () => stderr, stopped };
};
