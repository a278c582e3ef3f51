// Issue 40 item 6: captchas and passkey challenges could be made without end (rotating client
// addresses stored 7,287 captchas in 20 s). They are now limited from every address together as
// well as per address, expire, and a scheduled job deletes the spent and expired ones: a flood
// leaves a bounded table.
import { afterEach, describe, expect, it } from 'vitest';
import { SCHEDULED_JOBS } from '../../../server/composition/jobs.ts';
import { SPENT_CHALLENGES } from '../../../server/account/jobs.ts';
import { call, startServer, type TestServer } from '../helpers.ts';

const TOTAL = { max: 40, windowMs: 60_000 };
let s: TestServer | undefined;
afterEach(async () => {
  await s?.app.close();
  s = undefined;
});

const rows = async (table: 'captchas' | 'webauthn_challenges') =>
  Number(
    (
      await s!.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const cleanUp = () => SCHEDULED_JOBS.find((j) => j.name === SPENT_CHALLENGES)!.run({ db: s!.app.db, now: s!.clock.now } as never);

/** `n` requests, each from an address of its own. */
const flood = (path: string, n: number) =>
  Promise.all(Array.from({ length: n }, (_, i) => call(s!.app, 'POST', path, { ip: `10.${40 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`, body: {} })));

describe('a flood from rotating addresses', () => {
  it('leaves at most the total limit of captchas, and the job deletes them once spent or expired', async () => {
    s = await startServer({ scheduler: false, rateLimits: { captchaTotal: TOTAL } });
    const answers = await flood('/base/captcha', 120);
    expect(answers.filter((a) => a.code === 0)).toHaveLength(TOTAL.max);
    expect(answers.filter((a) => a.code === 4024)).toHaveLength(120 - TOTAL.max);
    expect(await rows('captchas')).toBe(TOTAL.max);

    // a used captcha goes at the next run, an unused one once it has expired
    const used = answers.find((a) => a.code === 0)!.data.captchaId as string;
    await call(s.app, 'POST', '/base/login', { body: { username: 'x@example.com', password: 'wrong-pass-123', captchaId: used, captcha: '0000' } });
    expect(await cleanUp()).toBe(1);
    expect(await rows('captchas')).toBe(TOTAL.max - 1);
    s.clock.advance(5 * 60_000);
    expect(await cleanUp()).toBe(TOTAL.max - 1);
    expect(await rows('captchas')).toBe(0);
    // the window has passed: captchas can be had again
    expect((await call(s.app, 'POST', '/base/captcha', { ip: '10.9.9.9' })).code).toBe(0);
  });

  it('leaves at most the total limit of passkey challenges, and the job deletes the expired ones', async () => {
    s = await startServer({ scheduler: false, rateLimits: { passkeyChallengeTotal: TOTAL } });
    const answers = await flood('/base/passkeyOptions', 100);
    expect(answers.filter((a) => a.code === 0)).toHaveLength(TOTAL.max);
    expect(answers.filter((a) => a.code === 4024)).toHaveLength(100 - TOTAL.max);
    expect(await rows('webauthn_challenges')).toBe(TOTAL.max);
    s.clock.advance(5 * 60_000);
    expect(await cleanUp()).toBe(TOTAL.max);
    expect(await rows('webauthn_challenges')).toBe(0);
  });
});
