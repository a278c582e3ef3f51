// The component tests render on the server (no DOM here), where React does not run error
// boundaries. So the boundary's lifecycle is driven as React drives it: a child throws →
// getDerivedStateFromError → render shows the fallback; Retry → setState → render mounts the
// children again. Lazy chunks are rendered for real with the streaming server renderer.
import { Suspense, type ReactElement, type ReactNode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorBoundary, retryableLazy, ScreenError } from '../../../src/ui/ErrorBoundary';
import { render, useLanguage } from '../render';

/** A boundary instance whose setState applies at once, as React would before the next render. */
function mounted(children: ReactNode, onRetry?: () => void) {
  const boundary = new ErrorBoundary({ children, onRetry });
  boundary.setState = (update) => {
    const patch = typeof update === 'function' ? update(boundary.state, boundary.props) : update;
    boundary.state = { ...boundary.state, ...patch };
  };
  return {
    boundary,
    /** What React does when a child throws while rendering. */
    childThrew: () => boundary.setState(ErrorBoundary.getDerivedStateFromError()),
    html: () => render(<>{boundary.render()}</>),
  };
}

async function stream(ui: ReactElement): Promise<{ html: string; errors: unknown[] }> {
  const errors: unknown[] = [];
  const s = await renderToReadableStream(ui, { onError: (e) => void errors.push(e) });
  await s.allReady;
  return { html: await new Response(s).text(), errors };
}

describe('error boundary', () => {
  beforeAll(() => useLanguage('en-US'));

  it('shows the translated message and Retry when a child throws, and the child again after Retry', () => {
    let retried = 0;
    const b = mounted(<p>balance 12.5</p>, () => retried++);
    expect(b.html()).toContain('balance 12.5');

    b.childThrew();
    const failed = b.html();
    expect(failed).toContain('This screen could not be loaded.');
    expect(failed).toContain('Try again');
    expect(failed).toContain('role="alert"');
    expect(failed).not.toContain('balance 12.5');

    b.boundary.retry();
    expect(retried).toBe(1);
    expect(b.html()).toContain('balance 12.5');
    // the children are keyed by the attempt, so Retry mounts them afresh
    expect(b.boundary.state).toEqual({ failed: false, attempt: 1 });
  });

  it('renders the same message in another language', async () => {
    const de = (await import('../../../locales/de-DE.json')).default;
    await useLanguage('de-DE', de);
    try {
      expect(render(<ScreenError onRetry={() => {}} />)).toContain('Diese Seite konnte nicht geladen werden.');
    } finally {
      await useLanguage('en-US');
    }
  });

  it('imports a failed chunk again after Retry (lazy() alone would keep the rejection)', async () => {
    let calls = 0;
    const Screen = retryableLazy(async () => {
      calls++;
      if (calls === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: () => <p>market screen</p> };
    });
    const ui = (
      <Suspense fallback={<p>loading</p>}>
        <Screen />
      </Suspense>
    );

    const first = await stream(ui);
    expect(first.errors).toHaveLength(1);
    expect(first.html).not.toContain('market screen');

    // without Retry the rejected chunk stays rejected, and is not fetched again
    const again = await stream(ui);
    expect(again.html).not.toContain('market screen');
    expect(calls).toBe(1);

    mounted(null).boundary.retry();
    const retried = await stream(ui);
    expect(retried.errors).toHaveLength(0);
    expect(retried.html).toContain('market screen');
    expect(calls).toBe(2);
  });

  it('once preload() has loaded it, draws the screen at once instead of its Suspense fallback', async () => {
    const Screen = retryableLazy(async () => ({ default: () => <p>spot screen</p> }));
    const ui = (
      <Suspense fallback={<p>loading</p>}>
        <Screen />
      </Suspense>
    );
    expect(render(ui)).toContain('loading');
    await Screen.preload();
    expect(render(ui)).toContain('spot screen');
    expect(render(ui)).not.toContain('loading');
  });
});
