// Set-up file of the browser tests (vitest.e2e.config.ts): prints every failed attempt of a test,
// also one that passed when retried, with a fixed prefix that npm test's summary collects
// (scripts/lib/test-report.ts), so a flaky test is named in CI's output even when it passed.
import { beforeEach } from 'vitest';
import { FAILED_ATTEMPT } from '../../scripts/lib/test-report';

beforeEach(({ onTestFailed, task }) => {
  onTestFailed(({ task: failed }) => {
    const error = failed.result?.errors?.[0];
    const where = `${task.file.name} > ${task.name}`;
    console.error(`${FAILED_ATTEMPT} ${where} (attempt ${(failed.result?.retryCount ?? 0) + 1}): ${(error?.message ?? 'no error message').split('\n')[0]}`);
  });
});
