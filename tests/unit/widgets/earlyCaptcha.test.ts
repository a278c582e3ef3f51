// The captcha a route asks for before its form has loaded (src/widgets/captcha/early.ts): one
// request however often the route renders, handed to the first widget only, never when stale;
// on a first page the one index.html's boot script asked for (./bootCaptcha.ts) instead of a new one.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { askBootCaptcha } from '../../../src/widgets/captcha/bootCaptcha';
import { arrivedEarlyCaptcha, requestCaptchaEarly, takeEarlyCaptcha } from '../../../src/widgets/captcha/early';

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

describe("the boot script's captcha", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
  /** index.html's form shell as the boot script sees it (this suite runs without a DOM) */
  interface FakeShell {
    hidden: boolean;
    dataset: Record<string, string>;
    img: { src: string; decode: () => Promise<void> };
    querySelector: () => { src: string; decode: () => Promise<void> };
  }
  let shell: FakeShell | null = null;
  const bootAsks = (body: unknown, at: number) => {
    vi.stubGlobal('document', { getElementById: (id: string) => (id === 'form-shell' ? shell : null) });
    vi.useFakeTimers({ now: at, toFake: ['Date'] });
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify(body))));
    askBootCaptcha('/api/base/captcha', '/login/login');
  };

  it('is handed out instead of a new request, once', async () => {
    bootAsks({ code: 0, msg: 'OK', data: captcha(7) }, 1_000);
    const dispatch = fakeDispatch();
    requestCaptchaEarly(dispatch, 2_000);
    expect(dispatch).not.toHaveBeenCalled();
    expect(await takeEarlyCaptcha(2_500)).toEqual(captcha(7));
    // the next opening of a captcha route asks the API
    requestCaptchaEarly(dispatch, 60_000);
    expect(dispatch).toHaveBeenCalledTimes(1);
    expect(await takeEarlyCaptcha(60_001)).toEqual(captcha(1));
  });

  it('once it is in, the form drawn next has it at once (its first render shows the image), until it is taken', async () => {
    bootAsks({ code: 0, msg: 'OK', data: captcha(7) }, 1_000);
    await vi.waitFor(() => expect((globalThis as unknown as { __bootCaptcha?: { arrived?: unknown } }).__bootCaptcha?.arrived).toBeDefined());
    requestCaptchaEarly(fakeDispatch(), 2_000);
    expect(arrivedEarlyCaptcha(2_000)).toEqual(captcha(7));
    expect(arrivedEarlyCaptcha(40_000)).toBeUndefined();
    await takeEarlyCaptcha(2_500);
    expect(arrivedEarlyCaptcha(2_500)).toBeUndefined();
  });

  it('an error envelope hands out undefined, so the widget asks again', async () => {
    bootAsks({ code: 7, msg: 'Too many requests', data: null }, 1_000);
    requestCaptchaEarly(fakeDispatch(), 2_000);
    expect(await takeEarlyCaptcha(2_500)).toBeUndefined();
  });

  it('a stale one (the app took 30 s to start) is dropped for a new request', async () => {
    bootAsks({ code: 0, msg: 'OK', data: captcha(7) }, 1_000);
    const dispatch = fakeDispatch();
    requestCaptchaEarly(dispatch, 40_000);
    expect(dispatch).toHaveBeenCalledTimes(1);
    expect(await takeEarlyCaptcha(40_001)).toEqual(captcha(1));
  });

  it('shows index.html’s form shell for the page and the image in it as soon as it arrives (before the app’s JavaScript)', async () => {
    const img = { src: '', decode: () => Promise.resolve() };
    const fake: FakeShell = { hidden: true, dataset: {}, img, querySelector: () => img };
    shell = fake;
    vi.stubGlobal('requestAnimationFrame', (f: () => void) => setTimeout(f));
    const scripts = vi.fn();
    vi.stubGlobal('document', { getElementById: (id: string) => (id === 'form-shell' ? shell : null) });
    vi.stubGlobal('fetch', () =>
      Promise.resolve(new Response(JSON.stringify({ code: 0, msg: 'OK', data: { ...captcha(7), picPath: 'data:image/png;base64,AAAA' } }))),
    );
    askBootCaptcha('/api/base/captcha', '/login/login', scripts);
    expect(fake.hidden).toBe(false);
    expect(fake.dataset.path).toBe('/login/login');
    // the app's scripts start once the image is shown, not before
    expect(scripts).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(img.src).toBe('data:image/png;base64,AAAA'));
    await vi.waitFor(() => expect(scripts).toHaveBeenCalledTimes(1));
    await takeEarlyCaptcha(2_500);
    shell = null;
  });
});
