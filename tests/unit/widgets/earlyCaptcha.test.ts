// The captcha a route asks for before its form has loaded (src/widgets/captcha/early.ts): one
// request however often the route renders, handed to the first widget only, never when stale.
import { describe, expect, it, vi } from 'vitest';
import { requestCaptchaEarly, takeEarlyCaptcha } from '../../../src/widgets/captcha/early';

const captcha = (n: number) => ({ captchaId: `id-${n}`, picPath: 'data:image/png;base64,', captchaLength: 4 });

/** A dispatch that answers each captcha request with the next captcha, counting the requests. */
function fakeDispatch() {
  let n = 0;
  const dispatch = vi.fn(() => {
    n += 1;
    const answer = captcha(n);
    return { unwrap: () => Promise.resolve(answer) };
  });
  return dispatch as unknown as Parameters<typeof requestCaptchaEarly>[0] & typeof dispatch;
}

describe('early captcha', () => {
  it('asks once while fresh, hands it out once, then there is none', async () => {
    const dispatch = fakeDispatch();
    requestCaptchaEarly(dispatch, 1_000);
    requestCaptchaEarly(dispatch, 2_000);
    expect(dispatch).toHaveBeenCalledTimes(1);
    expect(await takeEarlyCaptcha(3_000)).toEqual(captcha(1));
    expect(takeEarlyCaptcha(3_000)).toBeUndefined();
  });

  it('a stale one (30 s) is neither handed out nor kept from a new request', async () => {
    const dispatch = fakeDispatch();
    requestCaptchaEarly(dispatch, 0);
    expect(takeEarlyCaptcha(30_000)).toBeUndefined();
    requestCaptchaEarly(dispatch, 40_000);
    requestCaptchaEarly(dispatch, 80_000);
    expect(dispatch).toHaveBeenCalledTimes(3);
    expect(await takeEarlyCaptcha(80_001)).toEqual(captcha(3));
  });

  it('a failed request hands out undefined, so the widget asks again', async () => {
    const dispatch = vi.fn(() => ({ unwrap: () => Promise.reject(new Error('4024')) })) as unknown as Parameters<typeof requestCaptchaEarly>[0];
    requestCaptchaEarly(dispatch, 0);
    expect(await takeEarlyCaptcha(1)).toBeUndefined();
  });
});
