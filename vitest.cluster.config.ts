import { defineConfig } from 'vitest/config';

// The cluster fail-over test (`npm run test:cluster`): it starts PostgreSQL, Redis, HAProxy and
// three server processes itself (scripts/cluster/launch.ts), so it runs alone, one file.
export default defineConfig({
  test: {
    include: ['tests/cluster/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
