// Image captchas: a PNG of jittered, warped digits under noise (server/platform/codes/captcha-image.ts), sent as
// a data: URL. Each captcha is single use (consumed by its first check, right or wrong) and
// expires after 5 minutes; a job deletes the used and expired ones (deleteSpentCaptchas).
import { captchaPng } from './captcha-image.ts';
import { CAPTCHA_LENGTH, CAPTCHA_TTL_MS } from '../../core/config.ts';
import type { Db } from '../../core/db/index.ts';
import { randomDigits, randomId } from '../security/tokens.ts';

/** The picture of `answer` as a data: URL. */
export function captchaDataUrl(answer: string): string {
  return `data:image/png;base64,${captchaPng(answer).toString('base64')}`;
}

export interface NewCaptcha {
  captchaId: string;
  picPath: string;
  captchaLength: number;
}

export async function createCaptcha(db: Db, now: number, length = CAPTCHA_LENGTH): Promise<NewCaptcha> {
  const captchaId = randomId();
  const answer = randomDigits(length);
  await db
    .insertInto('captchas')
    .values({ id: captchaId, answer, created_at: now, expires_at: now + CAPTCHA_TTL_MS, used_at: null })
    .execute();
  return { captchaId, picPath: captchaDataUrl(answer), captchaLength: length };
}

/** Consumes the captcha and tells whether `answer` was right. Unknown, used or expired: false. */
export async function checkCaptcha(db: Db, id: string, answer: string, now: number): Promise<boolean> {
  const row = await db
    .updateTable('captchas')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('answer')
    .executeTakeFirst();
  return row !== undefined && row.answer === answer.trim();
}

/** Deletes the captchas that can no longer be solved (used or expired); returns how many. */
export async function deleteSpentCaptchas(db: Db, now: number): Promise<number> {
  // two deletes, each through its index (one with an OR of the two scans the table)
  const expired = await db.deleteFrom('captchas').where('expires_at', '<=', now).executeTakeFirst();
  const used = await db.deleteFrom('captchas').where('used_at', 'is not', null).executeTakeFirst();
  return Number(expired.numDeletedRows) + Number(used.numDeletedRows);
}

/** The answer of a captcha (for the operator CLI and tests), used or not. */
export async function captchaAnswer(db: Db, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('captchas').select('answer').where('id', '=', id).executeTakeFirst();
  return row?.answer;
}
