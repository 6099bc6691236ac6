import { randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code;

/**
 * Puts `content` at `file` unless a file is there already (the first one written wins). The content is written
 * beside the name and hard-linked into place, so the link fails if another process got there first, and no reader
 * ever sees a half-written file: processes started together on an empty folder (the local server and `npm run
 * token`, test workers, two functions' first requests) each find the same complete file.
 */
export const writeFileOnce = (file: string, content: string | Uint8Array, mode = 0o600): void => {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${randomUUID()}.tmp`;
  writeFileSync(temporary, content, { mode });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if (codeOf(error) !== 'EEXIST') throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
};

/** `file`'s bytes, or undefined while there is no such file. */
export const readFileIfExists = (file: string): Buffer | undefined => {
  try {
    return readFileSync(file);
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return undefined;
    throw error;
  }
};

/** `file`'s bytes; a new file of `create()`'s content first when there is none (`writeFileOnce`). */
export const readOrCreateFile = (file: string, create: () => string | Uint8Array): Buffer => {
  const existing = readFileIfExists(file);
  if (existing) return existing;
  writeFileOnce(file, create());
  return readFileSync(file);
};
