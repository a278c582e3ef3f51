// Service worker registration (issue 11 part 5): a new build's worker waits in the background and
// is switched to on the next start, with one reload; the first install and an up-to-date start
// change nothing the user would see.
import { describe, expect, it } from 'vitest';
import { registerServiceWorker, SKIP_WAITING, SW_URL } from '../../../src/app/serviceWorker';

function container(opts: { waiting: boolean; controlled: boolean }) {
  const posted: unknown[] = [];
  const listeners: Record<string, () => void> = {};
  const registered: { url: string; options?: RegistrationOptions }[] = [];
  const waiting = opts.waiting ? ({ postMessage: (m: unknown) => void posted.push(m) } as unknown as ServiceWorker) : null;
  const c = {
    controller: opts.controlled ? ({} as ServiceWorker) : null,
    register: async (url: string | URL, options?: RegistrationOptions) => {
      registered.push({ url: String(url), options });
      return { waiting } as ServiceWorkerRegistration;
    },
    addEventListener: (type: string, listener: () => void) => void (listeners[type] = listener),
  } as unknown as ServiceWorkerContainer;
  return { c, posted, listeners, registered };
}

describe('service worker registration', () => {
  it('registers sw.js for the whole app, always asking the server for the script', async () => {
    const h = container({ waiting: false, controlled: true });
    expect(await registerServiceWorker(h.c, () => {})).toBe('registered');
    expect(h.registered).toEqual([{ url: SW_URL, options: { scope: '/', updateViaCache: 'none' } }]);
  });

  it('on a start with a new build waiting: activates it and reloads once it controls the page', async () => {
    const h = container({ waiting: true, controlled: true });
    let reloads = 0;
    expect(await registerServiceWorker(h.c, () => reloads++)).toBe('updating');
    expect(h.posted).toEqual([SKIP_WAITING]);
    expect(reloads).toBe(0);
    h.listeners.controllerchange();
    expect(reloads).toBe(1);
  });

  it('the first install (no worker controls the page yet) neither skips waiting nor reloads', async () => {
    const h = container({ waiting: true, controlled: false });
    expect(await registerServiceWorker(h.c, () => {})).toBe('registered');
    expect(h.posted).toEqual([]);
    expect(h.listeners.controllerchange).toBeUndefined();
  });

  it('a browser without service workers runs without one', async () => {
    expect(await registerServiceWorker(undefined, () => {})).toBe('unsupported');
  });
});
