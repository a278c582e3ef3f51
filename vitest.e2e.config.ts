import { defineConfig } from 'vitest/config';

// Browser tests: real Chromium against the real server on a loopback port, one file at a time.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    // the files share one worker's modules (the server, playwright-core): each file starts its own
    // server and browser anyway, and importing them again per file took about 2.5 s × 48 files
    isolate: false,
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
});
