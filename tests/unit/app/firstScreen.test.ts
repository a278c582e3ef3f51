// The first route's screen is loaded before the app's first render (src/app/firstScreen.ts), for
// the route the guard lets the user see, and never for longer than FIRST_SCREEN_WAIT_MS.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const prepareRoute = vi.fn<(route: { path: string }, query: URLSearchParams, lang: string) => Promise<unknown>>();
vi.mock('../../../src/app/RouteView', () => ({ prepareRoute }));
const { FIRST_SCREEN_WAIT_MS, firstScreenReady } = await import('../../../src/app/firstScreen');

const settled = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
};

describe('firstScreenReady', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    prepareRoute.mockReset();
  });
  afterEach(() => vi.useRealTimers());

  it("waits for the route's screen with the route's query and the language", async () => {
    let loaded!: () => void;
    prepareRoute.mockReturnValue(new Promise<void>((done) => (loaded = done)));
    const ready = firstScreenReady('#/pages/login/register?invite=AB12', false, 'de-DE');
    const [route, query, lang] = prepareRoute.mock.calls[0];
    expect([route.path, query.get('invite'), lang]).toEqual(['/login/register', 'AB12', 'de-DE']);
    expect(await settled(ready)).toBe(false);
    loaded();
    expect(await settled(ready)).toBe(true);
  });

  it('loads nothing for a route the guard sends elsewhere', async () => {
    expect(await settled(firstScreenReady('#/stake/list', false, 'en-US'))).toBe(true);
    expect(await settled(firstScreenReady('#/login/register', true, 'en-US'))).toBe(true);
    expect(await settled(firstScreenReady('#/no/such', true, 'en-US'))).toBe(true);
    expect(prepareRoute).not.toHaveBeenCalled();
    prepareRoute.mockResolvedValue(undefined);
    void firstScreenReady('#/stake/list', true, 'en-US');
    expect(prepareRoute).toHaveBeenCalledOnce();
  });

  it('renders anyway after the wait, or when a file fails to load', async () => {
    prepareRoute.mockReturnValue(new Promise(() => {}));
    const slow = firstScreenReady('#/home/home', false, 'en-US');
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_WAIT_MS - 1);
    expect(await settled(slow)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(slow)).toBe(true);
    prepareRoute.mockRejectedValue(new Error('chunk failed'));
    expect(await settled(firstScreenReady('#/home/home', false, 'en-US'))).toBe(true);
  });
});
