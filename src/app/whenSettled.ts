/**
 * Runs `then` once the page has loaded and the browser is idle: for work the first screen does not
 * need. Started any sooner, its requests share a phone's link with the first screen's files and
 * push its largest paint back. Safari has no requestIdleCallback; there it waits a second.
 */
export function whenSettled(then: () => void, win: Window = window): void {
  const idle = () => (typeof win.requestIdleCallback === 'function' ? win.requestIdleCallback(() => then(), { timeout: IDLE_TIMEOUT_MS }) : win.setTimeout(then, SAFARI_WAIT_MS));
  if (win.document.readyState === 'complete') idle();
  else win.addEventListener('load', idle, { once: true });
}

/** Most this waits for an idle moment after load: a page that never idles still gets its version check. */
export const IDLE_TIMEOUT_MS = 3000;
const SAFARI_WAIT_MS = 1000;
