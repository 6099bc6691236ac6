import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/*
 * What `npm start` leaves in its DATA_DIR while it runs (`<DATA_DIR>/server.json`: its pid and URL), so that
 * `npm run token` can tell a token for a running server from one signed by keys no server reads.
 */

export interface RunningServerMarker {
  pid: number;
  url: string;
}

const markerFile = (dataDir: string) => join(dataDir, 'server.json');

export const writeRunningServerMarker = (dataDir: string, url: string): void =>
  writeFileSync(markerFile(dataDir), `${JSON.stringify({ pid: process.pid, url } satisfies RunningServerMarker)}\n`);

/** Removes the marker, if it is still this process's (a second server on the folder may have written its own). */
export const removeRunningServerMarker = (dataDir: string): void => {
  if (runningServerOn(dataDir)?.pid === process.pid) rmSync(markerFile(dataDir), { force: true });
};

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The server running on `dataDir`, or undefined when none is (no marker, or its process is gone). */
export const runningServerOn = (dataDir: string): RunningServerMarker | undefined => {
  let marker: RunningServerMarker;
  try {
    marker = JSON.parse(readFileSync(markerFile(dataDir), 'utf8'));
  } catch {
    return undefined;
  }
  return typeof marker.pid === 'number' && isAlive(marker.pid) ? marker : undefined;
};

/** Whether something already listens on the port: asked before anything is started, so nothing is left behind. */
export const portInUse = (port: number, host = '127.0.0.1'): Promise<boolean> =>
  new Promise((answer) => {
    const probe = createServer();
    probe.once('error', () => answer(true));
    probe.listen(port, host, () => probe.close(() => answer(false)));
  });
