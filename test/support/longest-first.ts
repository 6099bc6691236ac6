import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, longest first (their times in docs/performance.md, "The test suite's time"): the
 * exactly-once and fault matrices, the fuzz properties, the journeys through `npm start`.
 */
const longestFiles = [
  'test/http/exactly-once.test.ts',
  'test/http/fuzz.test.ts',
  'test/docs/readme-journeys.test.ts',
  'test/docs/walkthrough.test.ts',
  'test/collections/faults.test.ts',
  'test/privacy/purge-interrupted.test.ts',
  'test/privacy/inventory.test.ts',
  'test/infra/start.test.ts',
  'test/privacy/reapply-erasures.test.ts',
];

const rank = (specification: TestSpecification): number => {
  const at = longestFiles.findIndex((file) => specification.moduleId.endsWith(`/${file}`));
  return at < 0 ? longestFiles.length : at;
};

/**
 * Vitest's order (files that failed last time, then the longest by its cache of durations), with the longest files
 * first whatever the cache holds. A fresh clone has no cache, and its files run in the order they were found: with
 * two at once, a long file found last ran on alone at the end (the walkthrough finished 124th of 125 in a fresh
 * clone's `.ci/run`, 658 s against 591 s with the cache).
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((specification, index) => ({ specification, index }))
      .sort((a, b) => rank(a.specification) - rank(b.specification) || a.index - b.index)
      .map(({ specification }) => specification);
  }
}
