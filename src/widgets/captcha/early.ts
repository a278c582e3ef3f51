// A captcha asked for as soon as a route with a captcha form opens, while the form's chunks are
// still loading: the captcha request and the form's code travel at once instead of one after the
// other (on the first page, index.html's boot script has asked already: ./bootCaptcha.ts). The
// first captcha widget to mount takes it (CaptchaWidget); a later one asks for its own.
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { type Captcha, endpoint as captchaEndpoint } from '../../api/generated/screens/captcha';
import { takeBootCaptcha } from './bootCaptcha';

/** Older than this, an early captcha is not handed out (the user went elsewhere first). */
const FRESH_MS = 30_000;

let early: { at: number; captcha: Promise<Captcha | undefined>; arrived?: Captcha } | undefined;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Dispatch = ThunkDispatch<any, unknown, UnknownAction>;

/** The captcha in the API's envelope, or undefined when the call failed (the widget then asks for its own). */
const captchaOf = (envelope: unknown) => {
  const { code, data } = (envelope ?? {}) as { code?: unknown; data?: Captcha };
  return code === 0 && data?.captchaId ? data : undefined;
};

/** Asks for a captcha unless a fresh one is already on its way (the boot script's, on a first page). */
export function requestCaptchaEarly(dispatch: Dispatch, now = Date.now()): void {
  if (early && now - early.at < FRESH_MS) return;
  const boot = takeBootCaptcha();
  early =
    boot && now - boot.at < FRESH_MS
      ? { at: boot.at, captcha: boot.envelope.then(captchaOf, () => undefined), arrived: captchaOf(boot.arrived) }
      : {
          at: now,
          captcha: dispatch(captchaEndpoint.initiate(undefined, { track: false }))
            .unwrap()
            .catch(() => undefined),
        };
  const asked = early;
  void asked.captcha.then((captcha) => (asked.arrived = captcha));
}

/** The early captcha if it has arrived, without taking it: a form drawn after it came shows its image in its first render. */
export function arrivedEarlyCaptcha(now = Date.now()): Captcha | undefined {
  return early && now - early.at < FRESH_MS ? early.arrived : undefined;
}

/** The early captcha, once: undefined when there is none or it is stale. */
export function takeEarlyCaptcha(now = Date.now()): Promise<Captcha | undefined> | undefined {
  const taken = early && now - early.at < FRESH_MS ? early.captcha : undefined;
  early = undefined;
  return taken;
}
