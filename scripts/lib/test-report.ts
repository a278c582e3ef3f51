// What npm test's browser step (scripts/test-browser-and-pg.ts) repeats at its end from each suite's
// output: the failed tests, and the failed attempts of tests that passed when retried.
import { stripVTControlCharacters } from 'node:util';

/** The prefix of the line tests/e2e/failed-attempts.ts prints for each failed attempt of a browser test. */
export const FAILED_ATTEMPT = 'failed attempt:';

/** The lines tests/e2e/failed-attempts.ts printed. */
export function failedAttempts(log: string): string[] {
  return stripVTControlCharacters(log)
    .split('\n')
    .filter((line) => line.startsWith(FAILED_ATTEMPT));
}

/** Vitest's "Failed Tests" section (each failed test with its error), or the log's last lines when it has none. */
export function failureReport(log: string): string[] {
  const lines = stripVTControlCharacters(log).split('\n');
  const start = lines.findIndex((line) => line.includes('Failed Tests'));
  const end = lines.findIndex((line, i) => i > start && /^\s*Test Files\s/.test(line));
  const report = start >= 0 ? lines.slice(start, end > start ? end : undefined) : lines.slice(-30);
  return report.length > 150 ? [...report.slice(0, 150), `… ${report.length - 150} more lines: the suite's block above has them`] : report;
}
