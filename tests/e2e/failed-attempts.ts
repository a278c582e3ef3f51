// Set-up file of the browser tests (vitest.e2e.config.ts): prints every failed attempt of a test,
// also one that passed when retried, with a fixed prefix that npm test's summary collects
// (scripts/lib/test-report.ts), so a flaky test is named in CI's output even when it passed.
import { beforeEach } from 'vitest';
import { FAILED_ATTEMPT } from '../../scripts/lib/test-report';

beforeEach(({ onTestFailed, task }) => {
  onTestFailed(() => {
    const error = task.result?.errors?.[0];
    const where = `${task.file.name} > ${task.name}`;
    // the line of the test file the error came through (a timeout's message does not say which wait it was)
    const line = error?.stack
      ?.split('\n')
      .find((frame) => frame.includes(task.file.name))
      ?.match(/:(\d+):\d+\)?$/)?.[1];
    const message = (error?.message ?? 'no error message').split('\n')[0];
    console.error(`${FAILED_ATTEMPT} ${where} (attempt ${(task.result?.retryCount ?? 0) + 1}${line ? `, line ${line}` : ''}): ${message}`);
  });
});
