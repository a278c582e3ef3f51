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

/** Longest the app's scripts wait for the captcha to be shown (a slow or failed captcha never holds them back for longer). */
export const SCRIPTS_WAIT_MS = 1000;

/**
 * Asks for a captcha at `url` (the captcha endpoint, POST) and leaves it for the app. The page `path`
 * (register, login) shows index.html's form shell meanwhile, with the image as soon as it arrives, and
 * `then` (the app's scripts) starts once the image is on screen: like home's shell, what the customer
 * reads first is painted before the scripts compete with it (at most SCRIPTS_WAIT_MS later).
 */
export function askBootCaptcha(url: string, path: string, then: () => void = () => undefined): void {
  const shell = document.getElementById('form-shell');
  let done = false;
  const go = () => {
    if (!done) then();
    done = true;
  };
  setTimeout(go, SCRIPTS_WAIT_MS);
  if (shell) {
    shell.dataset.path = path;
    shell.hidden = false;
  }
  const asked: BootCaptcha = {
    at: Date.now(),
    envelope: fetch(url, { method: 'POST' })
      .then((res) => res.json())
      .then((json: { data?: { picPath?: string } }) => {
        const pic = json.data?.picPath;
        const img = shell?.querySelector('img');
        if (pic && img) {
          img.src = pic;
          // after the frame that paints it
          void img.decode().finally(() => requestAnimationFrame(() => setTimeout(go)));
        } else go();
        return (asked.arrived = json);
      }),
  };
  asked.envelope.catch(go);
  (globalThis as unknown as Holder)[KEY] = asked;
}

/** The boot script's captcha, once. */
export function takeBootCaptcha(): BootCaptcha | undefined {
  const holder = globalThis as unknown as Holder;
  const taken = holder[KEY];
  holder[KEY] = undefined;
  return taken;
}
