import { describe, expect, it } from 'vitest';
import { lambdaFunctions, measureBundle } from './bench/bundles.ts';

// Our own code per function, minified, without the AWS SDK (which the stack
// adds to every bundle): what we control and what the budget is about.
const budgetBytes = 60 * 1024;

describe('function bundles, built with the stack’s esbuild options', () => {
  it.each(lambdaFunctions.map((fn) => [fn.name, fn.entry] as const))(
    '%s stays within 60 KB minified without the AWS SDK',
    async (_name, entry) => {
      const { minifiedBytes } = await measureBundle(entry, 'runtime');

      expect(minifiedBytes).toBeGreaterThan(0);
      expect(minifiedBytes).toBeLessThanOrEqual(budgetBytes);
    },
  );
});
