import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/contract/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/component/**/*.test.tsx', 'tests/server/**/*.test.ts', 'tests/scripts/**/*.test.ts'],
    // latency under load is measured alone, not beside other test files (vitest.timing.config.ts)
    exclude: ['tests/server/feed-flood.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 20000,
  },
});
