import { describe, expect, it } from 'vitest';
import type { FunctionName } from './bench/bundles.ts';
import { defaultBundleBudgetKb, lambdaFunctions, measureBundle, ownBundleBudgetsKb } from './bench/bundles.ts';

describe('function bundles, built with the stack’s esbuild options', () => {
  it.each(lambdaFunctions.map((fn) => [fn.name, fn] as const))(
    '%s stays within its budget, minified without the AWS SDK',
    async (name, fn) => {
      const budgetKb = ownBundleBudgetsKb[name]?.kb ?? defaultBundleBudgetKb;

      const { minifiedBytes } = await measureBundle(fn.entry, 'runtime', fn.constants);

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
