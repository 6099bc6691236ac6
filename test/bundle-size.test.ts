import { describe, expect, it } from 'vitest';
import type { FunctionName } from './bench/bundles.ts';
import { lambdaFunctions, measureBundle } from './bench/bundles.ts';

// Our own code per function, minified, without the AWS SDK (which the stack
// adds to every bundle): what we control and what the budget is about.
const defaultBudgetKb = 60;

/**
 * The functions that carry a library or a check no other function needs, each
 * with a budget of its own and the reason (README "Performance").
 */
const ownBudgetsKb: Partial<Record<FunctionName, { kb: number; why: string }>> = {
  'contracts-document': { kb: 1500, why: 'PDF rendering and signing: @cantoo/pdf-lib with fontkit (~1.4 MB)' },
  'signing-document': { kb: 1500, why: 'the same PDF as contracts-document' },
  'contracts-send-copy': { kb: 1500, why: 'the same PDF as contracts-document, and the MIME message' },
  'signing-sessions-open': { kb: 90, why: "the QR code of the signing link (qrcode's core and SVG renderer, 23 KB)" },
  'contracts-sign': {
    kb: 75,
    why: 'the signature image parsed for real: XML subset, SVG allow-list, PNG chunks (9 KB)',
  },
  'signing-sign': { kb: 75, why: 'the same signature image checks as contracts-sign' },
};

describe('function bundles, built with the stack’s esbuild options', () => {
  it.each(lambdaFunctions.map((fn) => [fn.name, fn] as const))(
    '%s stays within its budget, minified without the AWS SDK',
    async (name, fn) => {
      const budgetKb = ownBudgetsKb[name]?.kb ?? defaultBudgetKb;

      const { minifiedBytes } = await measureBundle(fn.entry, 'runtime', fn.constants);

      expect(minifiedBytes).toBeGreaterThan(0);
      expect(minifiedBytes).toBeLessThanOrEqual(budgetKb * 1024);
    },
  );

  it('keeps the default budget for every function without a reason for its own', () => {
    const names = new Set(lambdaFunctions.map((fn) => fn.name));

    for (const [name, budget] of Object.entries(ownBudgetsKb)) {
      expect(names.has(name as FunctionName), name).toBe(true);
      expect(budget?.why.length, name).toBeGreaterThan(10);
    }
  });
});
