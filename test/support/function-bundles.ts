import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inject } from 'vitest';
import { type BuiltBundle, buildBundle, type FunctionName, lambdaFunctions } from '../bench/bundles.ts';

/*
 * Every function built once per test run, as the budget measures it (minified, the SDK left to the runtime), for
 * every test that looks at bundles: their sizes (test/infra/bundle-size.test.ts), the SDK they import, and the files
 * that went in (test/docs/openapi.test.ts: no handler imports docs/). The test files run in processes of their own:
 * the first to ask builds and writes the result into the run's folder (`bundleFolder`, from the global setup), the
 * others wait for that file.
 */

export type BuiltFunctions = ReadonlyMap<FunctionName, BuiltBundle>;

type Written = { built: [FunctionName, BuiltBundle][] } | { failed: string };

const buildAll = async (): Promise<Written> => {
  try {
    const built = await Promise.all(
      lambdaFunctions.map(
        async (fn) => [fn.name, await buildBundle(fn.entry, 'runtime', fn.constants)] as [FunctionName, BuiltBundle],
      ),
    );
    return { built };
  } catch (error) {
    return { failed: error instanceof Error ? error.message : String(error) };
  }
};

const readWhenWritten = async (file: string, timeoutMs: number): Promise<Written> => {
  for (const started = Date.now(); ; await new Promise((resolve) => setTimeout(resolve, 100))) {
    try {
      return JSON.parse(await readFile(file, 'utf8')) as Written;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      if (Date.now() - started > timeoutMs) throw new Error(`No function bundles in ${file} after ${timeoutMs} ms`);
    }
  }
};

const load = async (timeoutMs: number): Promise<BuiltFunctions> => {
  const folder = inject('bundleFolder');
  const file = join(folder, 'functions.json');
  let written: Written;
  try {
    // Whoever creates the claim builds; everyone else waits for its file.
    await writeFile(join(folder, 'building'), String(process.pid), { flag: 'wx' });
    written = await buildAll();
    await writeFile(`${file}.partial`, JSON.stringify(written));
    await rename(`${file}.partial`, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    written = await readWhenWritten(file, timeoutMs);
  }
  if ('failed' in written) throw new Error(`The functions did not build: ${written.failed}`);
  return new Map(written.built);
};

let loading: Promise<BuiltFunctions> | undefined;

/** Every function's bundle, built once per run. Bundling all of them takes over 30 s on a busy 2-core machine. */
export const builtFunctions = (timeoutMs = 170_000): Promise<BuiltFunctions> => {
  loading ??= load(timeoutMs);
  return loading;
};
