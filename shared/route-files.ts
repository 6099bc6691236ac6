import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';

// In Lambda this module is part of `index.mjs`, and the stack has copied the
// route's files into `files/` beside it; run from the repository (local server,
// tests, `npm run invoke`) it sits in `shared/`, one level below the files' paths.
const bundledCopy = (file: string) => new URL(`files/${basename(file)}`, import.meta.url);
const repositoryCopy = (file: string) => new URL(`../${file}`, import.meta.url);

/** Reads one of a route's `files` (see `RouteDefinition`), wherever the function runs. */
export const readRouteFile = async (file: string): Promise<Buffer> => {
  try {
    return await readFile(bundledCopy(file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return readFile(repositoryCopy(file));
  }
};
