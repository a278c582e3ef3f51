import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'tests/contract/**/*.test.ts',
      'tests/unit/**/*.test.ts',
      'tests/component/**/*.test.tsx',
      'tests/server/**/*.test.ts',
      'tests/scripts/**/*.test.ts',
    ],
    // latency under load is measured alone, not beside other test files (vitest.timing.config.ts)
    exclude: ['tests/server/feed-flood.test.ts'],
    environment: 'node',
    pool: 'forks',
    // every core (vitest's default leaves one free: one worker on a 2-core machine); the server
    // tests wait on sockets, timers and fsync much of the time (2 workers: 392 s instead of 500 s)
    maxWorkers: availableParallelism(),
    // a worker keeps its imported modules from one file to the next: importing the server's graph
    // again for each of 233 files took 443 s of the suite's 840 s (699 s → 309 s of wall time).
    // The files share no module state (each builds its own app and database)
    isolate: false,
    testTimeout: 20000,
  },
});
