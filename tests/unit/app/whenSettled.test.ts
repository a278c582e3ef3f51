// Work the first screen does not need (src/app/whenSettled.ts) waits for the page's load and an idle moment.
import { describe, expect, it, vi } from 'vitest';
import { IDLE_TIMEOUT_MS, whenSettled } from '../../../src/app/whenSettled';

function fakeWindow(readyState: DocumentReadyState, idle: boolean) {
  const listeners: (() => void)[] = [];
  const idleCallbacks: (() => void)[] = [];
  const win = {
    document: { readyState },
    addEventListener: vi.fn((type: string, listener: () => void) => type === 'load' && listeners.push(listener)),
    requestIdleCallback: idle ? vi.fn((cb: () => void) => idleCallbacks.push(cb)) : undefined,
    setTimeout: vi.fn((cb: () => void) => idleCallbacks.push(cb)),
  };
  return { win: win as unknown as Window, fire: () => listeners.forEach((l) => l()), idle: () => idleCallbacks.splice(0).forEach((cb) => cb()), raw: win };
}

describe('whenSettled', () => {
  it('runs nothing before the load event, then waits for the browser to idle', () => {
    const run = vi.fn();
    const page = fakeWindow('interactive', true);
    whenSettled(run, page.win);
    page.idle();
    expect(run).not.toHaveBeenCalled();
    page.fire();
    expect(run).not.toHaveBeenCalled();
    expect(page.raw.requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: IDLE_TIMEOUT_MS });
    page.idle();
    expect(run).toHaveBeenCalledOnce();
  });

  it('on a page that has loaded already it only waits for an idle moment', () => {
    const run = vi.fn();
    const page = fakeWindow('complete', true);
    whenSettled(run, page.win);
    expect(page.raw.addEventListener).not.toHaveBeenCalled();
    page.idle();
    expect(run).toHaveBeenCalledOnce();
  });

  it('without requestIdleCallback (Safari) it waits a second after load', () => {
    const run = vi.fn();
    const page = fakeWindow('loading', false);
    whenSettled(run, page.win);
    page.fire();
    expect(page.raw.setTimeout).toHaveBeenCalledWith(run, 1000);
    page.idle();
    expect(run).toHaveBeenCalledOnce();
  });
});
