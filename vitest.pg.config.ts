import { defineConfig } from 'vitest/config';

// The server tests once more on PostgreSQL (`DATABASE_URL=postgres://… npm run test:pg`): each
// test server's data dir gets a schema of its own in that database, named with this run's prefix
// (server/core/db/postgres.ts), and the run drops its schemas when it ends (tests/server/pg-setup.ts).
process.env.DATABASE_SCHEMA_PER_DATA_DIR ||= `coinapp_test_${Date.now().toString(36)}_`;

export default defineConfig({
  test: {
    include: ['tests/server/**/*.test.ts'],
    // latency under load is measured alone, on SQLite (vitest.timing.config.ts)
    exclude: ['tests/server/feed-flood.test.ts'],
    environment: 'node',
    pool: 'forks',
    // the files share one worker's modules: each starts its own server on its own schema anyway, and
    // importing the server again per file took 190 s of the run's 790 s (the unit run, on SQLite,
    // keeps them isolated, so a test that leans on a fresh module still shows there)
    isolate: false,
    // npm test runs these beside the browser tests (scripts/test-browser-and-pg.ts), on a shared
    // machine; the operator CLI tests open the database once per command
    testTimeout: 60000,
    // set-ups register several users (scrypt): slow on a busy 2-core machine
    hookTimeout: 60000,
    globalSetup: ['tests/server/pg-setup.ts'],
    env: { DATABASE_SCHEMA_PER_DATA_DIR: process.env.DATABASE_SCHEMA_PER_DATA_DIR },
  },
});
