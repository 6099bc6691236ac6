import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';

// In Lambda this module is part of `index.mjs`, and the stack has copied the
// route's files into `files/` beside it; run from the repository (local server,
// tests, `npm run invoke`) it sits in `shared/`, one level below the files' paths.
const bundledCopy = (file: string) => new URL(`files/${basename(file)}`, import.meta.url);
const repositoryCopy = (file: string) => new URL(`../${file}`, import.meta.url);

/**
 * Reads one of a route's `files` (see `RouteDefinition`), wherever the function runs.
 * Synchronously: it is read once per execution environment, a few hundred KB at
 * most, and `node:fs/promises` or the callback form's reader would be loaded for
 * this one read, a millisecond of a cold start.
 */
export const readRouteFile = async (file: string): Promise<Buffer> => {
  try {
    return readFileSync(bundledCopy(file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return readFileSync(repositoryCopy(file));
  }
};

/** One of a route's `files` beside the bundle, when the function runs from one (in Lambda); else undefined. */
export const bundledRouteFile = (file: string): URL | undefined => {
  const url = bundledCopy(file);
  return existsSync(url) ? url : undefined;
};
