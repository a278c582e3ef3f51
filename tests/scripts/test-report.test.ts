// The end of npm test's browser step: what it repeats from each suite's output (scripts/lib/test-report.ts).
import { describe, expect, it } from 'vitest';
import { FAILED_ATTEMPT, failedAttempts, failureReport } from '../../scripts/lib/test-report';

const red = (s: string) => `\x1b[31m${s}\x1b[39m`;
// vitest 4's default reporter, coloured as on a terminal, for a file with one passed and one failed test
const failedRun = [
  ' RUN  v4.1.12 /repo',
  '',
  ' ❯ tests/e2e/deposit.test.ts (2 tests | 1 failed) 9118ms',
  '   ✓ shows the address 2001ms',
  `   ${red('×')} credits the deposit 7100ms`,
  '',
  red('⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯'),
  '',
  `${red(' FAIL ')} tests/e2e/deposit.test.ts > credits the deposit`,
  'TimeoutError: locator.waitFor: Timeout 5000ms exceeded.',
  ' ❯ tests/e2e/deposit.test.ts:88:5',
  '',
  ' Test Files  1 failed (1)',
  '      Tests  1 failed | 1 passed (2)',
  '   Duration  9.6s',
].join('\n');

describe('the browser step’s summary', () => {
  it('repeats the Failed Tests section, without colours, up to the totals', () => {
    expect(failureReport(failedRun)).toEqual([
      '⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯',
      '',
      ' FAIL  tests/e2e/deposit.test.ts > credits the deposit',
      'TimeoutError: locator.waitFor: Timeout 5000ms exceeded.',
      ' ❯ tests/e2e/deposit.test.ts:88:5',
      '',
    ]);
  });

  it('gives the last 30 lines of a run that crashed before any test failed', () => {
    const crashed = [...Array.from({ length: 40 }, (_, i) => `line ${i + 1}`), 'Error: listen EADDRINUSE'].join('\n');
    const report = failureReport(crashed);
    expect(report).toHaveLength(30);
    expect(report.at(-1)).toBe('Error: listen EADDRINUSE');
  });

  it('cuts a long section at 150 lines and says where the rest is', () => {
    const long = ['Failed Tests 9', ...Array.from({ length: 200 }, (_, i) => `detail ${i}`), ' Test Files  9 failed (9)'].join('\n');
    const report = failureReport(long);
    expect(report).toHaveLength(151);
    expect(report.at(-1)).toContain('51 more lines');
  });

  it('names each failed attempt of a test that passed when retried', () => {
    const attempt = `${FAILED_ATTEMPT} tests/e2e/kyc.test.ts > submits once (attempt 1): Timeout 5000ms exceeded.`;
    const output = ['stderr | tests/e2e/kyc.test.ts > kyc > submits once', attempt, '', ' ✓ tests/e2e/kyc.test.ts (4 tests) 13330ms'].join('\n');
    expect(failedAttempts(output)).toEqual([attempt]);
    expect(failedAttempts(failedRun)).toEqual([]);
  });
});
