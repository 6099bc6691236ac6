import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    env: {
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      // One access line per request would drown the test output; the log tests raise the level.
      LOG_LEVEL: 'WARN',
      // Tests never touch the developer's .data folder.
      SEAL_KEY_DIR: join(tmpdir(), `studio-api-test-keys-${process.pid}`),
    },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
