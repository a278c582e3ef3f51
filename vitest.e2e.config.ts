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
    // once more after a failure: these share two cores with the PostgreSQL suite in CI. Every failed
    // attempt, a passed retry's too, is printed (tests/e2e/failed-attempts.ts) and listed at the end
    // of npm test's browser step, so a flaky test is seen and mended, not hidden.
    retry: 1,
    setupFiles: ['tests/e2e/failed-attempts.ts'],
    hookTimeout: 60_000,
  },
});
