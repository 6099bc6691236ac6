import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import LongestFirst from './test/support/longest-first.ts';

// The load test measures the API under its own load: run alongside 40 other test files on 2 cores, it
// would measure them. It runs after them, on a machine that is busy only with itself (and whatever
// else the machine does: it passes with a CPU hog beside it).
const loadTests = ['test/bench/load.test.ts'];

export default defineConfig({
  test: {
    // Two files at once even on two cores (Vitest's default is one fewer than the cores): a test file mostly waits
    // on DynamoDB Local, a stream poller or a browser, and one file alone left a core idle for half the run.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The longest files first, also on a fresh clone without Vitest's cache of durations.
    sequence: { sequencer: LongestFirst },
    globalSetup: ['test/support/global-setup.ts'],
    env: {
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      // One access line per request would drown the test output; the log tests raise the level.
      LOG_LEVEL: 'WARN',
      // Tests never touch the developer's .data folder.
      SEAL_KEY_DIR: join(tmpdir(), `studio-api-test-keys-${process.pid}`),
      // Nor its stored documents and outbox: a test that needs to look into them sets a folder of its own.
      DATA_DIR: join(tmpdir(), `studio-api-test-data-${process.pid}`),
    },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'api', include: ['test/**/*.test.ts'], exclude: loadTests } },
      { extends: true, test: { name: 'load', include: loadTests, sequence: { groupOrder: 1 } } },
    ],
  },
});
