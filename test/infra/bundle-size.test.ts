import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '#shared/routes.ts';
import type { FunctionName } from '../bench/bundles.ts';
import { defaultBundleBudgetKb, lambdaFunctions, ownBundleBudgetsKb, writeBundle } from '../bench/bundles.ts';
import { placeFiles } from '../bench/cold-start.ts';
import { builtFunctions } from '../support/function-bundles.ts';

// Built once per run, for this file and the docs' import check alike.
beforeAll(() => builtFunctions(), 180_000);
const bundleOf = async (name: FunctionName) => {
  const built = (await builtFunctions()).get(name);
  if (!built) throw new Error(`${name} was not built`);
  return built;
};

describe('function bundles, built with the stack’s esbuild options', () => {
  it.each(lambdaFunctions.map((fn) => [fn.name, fn] as const))(
    '%s stays within its budget, minified without the AWS SDK',
    async (name) => {
      const budgetKb = ownBundleBudgetsKb[name]?.kb ?? defaultBundleBudgetKb;

      const { minifiedBytes } = (await bundleOf(name)).size;

      expect(minifiedBytes).toBeGreaterThan(0);
      expect(minifiedBytes).toBeLessThanOrEqual(budgetKb * 1024);
    },
  );

  it('keeps the default budget for every function without a reason for its own', () => {
    const names = new Set(lambdaFunctions.map((fn) => fn.name));

    for (const [name, budget] of Object.entries(ownBundleBudgetsKb)) {
      expect(names.has(name as FunctionName), name).toBe(true);
      expect(budget?.why.length, name).toBeGreaterThan(10);
    }
  });
});

describe('a function’s cold start, bundled as the stack bundles it', () => {
  it('loads no Node module it does not use: a static file goes out as text, without web streams or fs/promises', async () => {
    const fn = lambdaFunctions.find(({ name }) => name === 'docs-openapi');
    if (!fn) throw new Error('docs-openapi is not a function');
    const folder = mkdtempSync(join(tmpdir(), 'studio-bundle-'));
    try {
      await placeFiles(fn.files, join(folder, 'files'));
      const bundle = pathToFileURL(await writeBundle(fn.entry, 'bundled', folder, fn.constants)).href;
      const event = { rawPath: '/api/openapi.json', headers: {}, requestContext: { requestId: 'cold' } };
      // A fresh process, as Lambda's init: which of Node's own modules does importing and serving load?
      const script = `const before = new Set(process.moduleLoadList);
const { handler } = await import(${JSON.stringify(bundle)});
const result = await handler(${JSON.stringify(event)}, { getRemainingTimeInMillis: () => 10000 });
console.log(JSON.stringify({ loaded: process.moduleLoadList.filter((name) => !before.has(name)), result }));`;
      const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: folder });
      const { loaded, result } = JSON.parse(output.toString()) as {
        loaded: string[];
        result: { statusCode: number; body: string; isBase64Encoded: boolean };
      };

      expect(result.statusCode).toBe(200);
      expect(result.isBase64Encoded).toBe(false);
      expect(JSON.parse(result.body).openapi).toMatch(/^3\.1/);
      expect(loaded).not.toContain('NativeModule stream/web');
      expect(loaded).not.toContain('NativeModule fs/promises');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('the functions without data, built as the stack builds them', () => {
  // One pipeline serves every route: its Idempotency-Key layer, which reaches the table, must stay with the POSTs.
  const withoutData = lambdaFunctions.filter(
    (fn) => fn.name === 'not-found' || routes.find((route) => route.name === fn.name)?.data === 'none',
  );

  it.each(withoutData.map((fn) => [fn.name, fn] as const))('%s carries no AWS SDK', async (name) => {
    // Built with the SDK left to the runtime: a function that used it would import it, bundled it would carry it.
    const { size, externalImports } = await bundleOf(name);

    expect(size.byPackage.map(({ name }) => name).filter((name) => /^@(aws-sdk|smithy)\//.test(name))).toEqual([]);
    expect(externalImports.filter((path) => /^@(aws-sdk|smithy)\//.test(path))).toEqual([]);
  });
});
