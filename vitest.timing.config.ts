import { defineConfig } from 'vitest/config';

// Tests that assert latency under load (the websocket flood): one file at a time, so the
// other test files' CPU use on a 2-core machine does not decide their result.
export default defineConfig({
  test: {
    include: ['tests/server/feed-flood.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
  },
});
