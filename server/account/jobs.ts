// Time-driven work of the accounts: the rows anyone can make without an account (captchas,
// passkey challenges) are deleted once they are spent or expired, so that with the limits on
// making them (server/core/config.ts captchaTotal, passkeyChallengeTotal) their tables stay bounded.
import type { JobDeps, ScheduledJob } from '../platform/jobs/job.ts';
import { deleteSpentCaptchas } from '../platform/codes/captcha.ts';
import { deleteSpentChallenges } from './passkeys/passkeys.ts';

export const SPENT_CHALLENGES = 'spent-challenges';

/** Deletes spent and expired captchas and passkey challenges; returns how many. */
export async function deleteSpentAccountChallenges(deps: Pick<JobDeps, 'db' | 'now'>): Promise<number> {
  const now = deps.now();
  return (await deleteSpentCaptchas(deps.db, now)) + (await deleteSpentChallenges(deps.db, now));
}

export const ACCOUNT_JOBS: ScheduledJob[] = [{ name: SPENT_CHALLENGES, run: deleteSpentAccountChallenges, everyMs: 60_000 }];
