import type { BenchResults, Budget } from './results.ts';

export const budgetLimits = {
  warmRatio: 1.15,
  coldStartRatio: 1.25,
  ownCodeBytes: 60 * 1024,
  /** One eventually consistent read of an item up to 4 KB. */
  getReadUnits: 0.5,
  /** The contact and the email's uniqueness item (a create may write one more). */
  createContactItems: 3,
  scalingRatio: 1.15,
} as const;

const listFunctions = ['contacts-list', 'services-list', 'contracts-list'];

const worst = <T>(rows: readonly T[], value: (row: T) => number): T | undefined =>
  [...rows].sort((a, b) => value(b) - value(a))[0];

/** Checks the issue's budgets against one run's figures. */
export const checkBudgets = (results: Omit<BenchResults, 'budgets'>): Budget[] => {
  const budgets: Budget[] = [];
  budgets.push({
    budget: `warm: handler p50 ≤ ${budgetLimits.warmRatio} × floor p50, every function that calls DynamoDB`,
    met: results.warm.every((row) => row.ratioP50 <= budgetLimits.warmRatio),
    detail: results.warm.map((row) => `${row.name} ${row.ratioP50}`).join(', '),
  });
  const shipped = results.coldStart.filter((row) => row.sdk === results.shippedSdk);
  const coldWorst = worst(shipped, (row) => row.ratio);
  budgets.push({
    budget: `cold start: ≤ ${budgetLimits.coldStartRatio} × floor median, every measured function (SDK ${results.shippedSdk}, as shipped)`,
    met: shipped.every((row) => row.ratio <= budgetLimits.coldStartRatio),
    detail: `worst ${coldWorst?.name} ${coldWorst?.ratio}; over: ${
      shipped
        .filter((row) => row.ratio > budgetLimits.coldStartRatio)
        .map((row) => `${row.name} ${row.ratio}`)
        .join(', ') || 'none'
    }`,
  });
  // Kept apart from the ratios: a route whose sample request fails says nothing about our overhead.
  budgets.push({
    budget: 'every function measured (its sample request answered as expected)',
    met: results.unmeasured.length === 0,
    detail: results.unmeasured.map(({ name }) => name).join(', ') || 'all',
  });
  const largest = worst(results.bundles, (row) => row.bytes.runtime.minifiedBytes);
  budgets.push({
    budget: `bundle: ≤ ${budgetLimits.ownCodeBytes / 1024} KB minified per function without the AWS SDK`,
    met:
      results.bundles.every((row) => row.bytes.runtime.minifiedBytes <= budgetLimits.ownCodeBytes) &&
      !results.unmeasured.some(({ reason }) => reason.startsWith('does not build')),
    detail: `largest ${largest?.name} ${((largest?.bytes.runtime.minifiedBytes ?? 0) / 1024).toFixed(1)} KB`,
  });
  const costOf = (name: string) => {
    const row = results.cost.find((cost) => cost.name === name);
    return row ? Object.values(row.byTableSize).at(-1) : undefined;
  };
  const get = costOf('contacts-get');
  budgets.push({
    budget: `cost: get contact is one read of ≤ 4 KB (GetItem, ≤ ${budgetLimits.getReadUnits} RCU)`,
    met: get?.calls === 'GetItem' && get.readUnits <= budgetLimits.getReadUnits,
    detail: `${get?.calls}, ${get?.readUnits} RCU`,
  });
  const lists = listFunctions.map((name) => ({ name, cost: costOf(name) }));
  budgets.push({
    budget: 'cost: a list page of 25 is one Query',
    met: lists.every(({ cost }) => cost?.calls === 'Query'),
    detail: lists.map(({ name, cost }) => `${name}: ${cost?.calls}, ${cost?.readUnits} RCU`).join('; '),
  });
  const create = costOf('contacts-create');
  budgets.push({
    budget: 'cost: create contact ≤ 2 writes + the uniqueness item',
    met: (create?.itemsWritten ?? Number.POSITIVE_INFINITY) <= budgetLimits.createContactItems,
    detail: `${create?.calls}: ${create?.itemsWritten} items, ${create?.writeUnits} WCU`,
  });
  const growing = results.cost.filter((row) => !row.independentOfSize);
  budgets.push({
    budget: "cost: no endpoint's cost grows with the table's size",
    met: growing.length === 0,
    detail: growing.length ? `differs: ${growing.map((row) => row.name).join(', ')}` : 'all equal at both sizes',
  });
  const sameCost = (row: BenchResults['scaling'][number]) => {
    const costs = Object.values(row.byTableSize).map(({ calls, readUnits }) => `${calls} ${readUnits}`);
    return costs.every((cost) => cost === costs[0]);
  };
  // Our code must not add any dependence on the table's size: the handler's ratio may exceed the limit only
  // as far as its floor's does (DynamoDB Local's own time to start deep in a large index).
  const scalingMet = (row: BenchResults['scaling'][number]) =>
    sameCost(row) &&
    (row.ratioP50 <= budgetLimits.scalingRatio || row.ratioP50 <= row.floorRatioP50 * budgetLimits.scalingRatio);
  budgets.push({
    budget: `scaling: a list page in the large table costs the same; p50 ≤ ${budgetLimits.scalingRatio} × (beyond the floor's own growth)`,
    met: results.scaling.every(scalingMet),
    detail: results.scaling
      .map(
        (row) =>
          `${row.page}: ratio ${row.ratioP50} (floor ${row.floorRatioP50}), cost ${sameCost(row) ? 'equal' : 'DIFFERS'}`,
      )
      .join('; '),
  });
  return budgets;
};
