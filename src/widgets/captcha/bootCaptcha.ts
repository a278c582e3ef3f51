// The captcha index.html's boot script asks for when a page with a captcha form is the first one
// opened (src/app/boot.ts): the request leaves with the app's own scripts instead of after them, so
// the image is there when the form is drawn. ./early.ts takes it. No imports: the boot script
// bundles this module.

/** What the boot script leaves on the global object: when it asked, and the response's JSON (the API's envelope). */
export interface BootCaptcha {
  at: number;
  envelope: Promise<unknown>;
  /** The envelope once it is in: the form drawn after that shows the image in its first render */
  arrived?: unknown;
}

const KEY = '__bootCaptcha';
type Holder = Record<typeof KEY, BootCaptcha | undefined>;

/** Asks for a captcha at `url` (the captcha endpoint, POST) and leaves it for the app. */
export function askBootCaptcha(url: string): void {
  const asked: BootCaptcha = { at: Date.now(), envelope: fetch(url, { method: 'POST' }).then((res) => res.json()).then((json: unknown) => (asked.arrived = json)) };
  (globalThis as unknown as Holder)[KEY] = asked;
}

/** The boot script's captcha, once. */
export function takeBootCaptcha(): BootCaptcha | undefined {
  const holder = globalThis as unknown as Holder;
  const taken = holder[KEY];
  holder[KEY] = undefined;
  return taken;
}
