import { randomBytes } from 'node:crypto';
import { link, mkdir, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/*
 * File operations that survive a crash at any instant: a final name only ever points at bytes that were
 * written and fsynced first, and the directory entry itself is fsynced before the call returns. A crash
 * leaves the whole file or none, plus at most a temporary file, which no reader ever looks at.
 */

const temporaryPrefix = '.tmp-';

/** Temporary files are named so; readers and listings skip them. */
export const isTemporaryFile = (name: string): boolean => name.startsWith(temporaryPrefix);

const syncDirectory = async (directory: string): Promise<void> => {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
};

/** `mkdir -p`, with each new directory's entry in its parent made durable. */
export const ensureDirectory = async (directory: string): Promise<void> => {
  const first = await mkdir(directory, { recursive: true });
  if (first === undefined) return;
  for (let created = directory; created.length >= first.length; created = dirname(created)) {
    await syncDirectory(dirname(created));
  }
};

const writeTemporary = async (finalPath: string, bytes: Uint8Array | string): Promise<string> => {
  const temporary = join(
    dirname(finalPath),
    `${temporaryPrefix}${randomBytes(8).toString('hex')}-${basename(finalPath)}`,
  );
  // Read-only from the start (the handle still writes): no editor or tool of a user without root changes a kept file.
  const handle = await open(temporary, 'wx', 0o444);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  return temporary;
};

/**
 * Creates `finalPath` with `bytes` unless it exists: `false` then, and the existing file is untouched.
 * `link` fails on an existing name where `rename` would replace it, so no second writer can overwrite.
 */
export const createExclusively = async (finalPath: string, bytes: Uint8Array | string): Promise<boolean> => {
  const temporary = await writeTemporary(finalPath, bytes);
  try {
    await link(temporary, finalPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(temporary);
    await syncDirectory(dirname(finalPath));
  }
  return true;
};

/** Replaces `finalPath` as a whole: readers see the old content or the new, never a mix. */
export const replaceAtomically = async (finalPath: string, bytes: Uint8Array | string): Promise<void> => {
  const temporary = await writeTemporary(finalPath, bytes);
  await rename(temporary, finalPath);
  await syncDirectory(dirname(finalPath));
};

export const removeDurably = async (path: string): Promise<void> => {
  try {
    await unlink(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await syncDirectory(dirname(path));
};
