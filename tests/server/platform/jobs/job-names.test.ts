// A scheduled job is named once, in its domain's jobs.ts: the joined list (server/composition/jobs.ts) has no
// two jobs of one name, so the scheduler's counts and logs say which job ran. (No schema, config or
// locale file repeats a job's name, so there is nothing else to hold it against.)
import { describe, expect, it } from 'vitest';
import { SCHEDULED_JOBS } from '../../../../server/composition/jobs.ts';

/** Names used by more than one job */
export function duplicateNames(jobs: readonly { name: string }[]): string[] {
  const seen = new Set<string>();
  return [...new Set(jobs.map((j) => j.name).filter((n) => seen.has(n) || !seen.add(n)))];
}

describe('scheduled job names', () => {
  it('are unique and kebab-case across every domain', () => {
    expect(SCHEDULED_JOBS.length).toBeGreaterThanOrEqual(7);
    expect(duplicateNames(SCHEDULED_JOBS)).toEqual([]);
    for (const { name } of SCHEDULED_JOBS) expect(name).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it('finds a name two jobs share (planted)', () => {
    expect(duplicateNames([...SCHEDULED_JOBS, { name: SCHEDULED_JOBS[0].name }])).toEqual([SCHEDULED_JOBS[0].name]);
  });
});
