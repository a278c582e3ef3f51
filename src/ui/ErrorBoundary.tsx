// Containment: whatever goes wrong inside a route (a chunk that fails to load, a render
// error, a failed screen load) shows a translated message with a Retry button, never a blank page.
import { Component, createElement, Fragment, lazy, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { releaseFormShell, releaseShell } from './shell';

/** The message and Retry button shown in place of a screen that failed. */
export function ScreenError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="state state-error" role="alert">
      <p>{t('errors.screenFailed')}</p>
      <button type="button" className="btn btn-ghost" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

interface Props {
  children?: ReactNode;
  /** Called when the user presses Retry, before the children are mounted again. */
  onRetry?: () => void;
}

interface State {
  failed: boolean;
  /** Bumped by Retry: the children are keyed by it, so they mount afresh. */
  attempt: number;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, attempt: 0 };

  static getDerivedStateFromError(): Pick<State, 'failed'> {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Screen failed', error, info.componentStack);
    // the home screen's stand-in must not hide the error and its Retry
    releaseShell();
    releaseFormShell();
  }

  retry = (): void => {
    resetFailedChunks();
    this.props.onRetry?.();
    this.setState((s) => ({ failed: false, attempt: s.attempt + 1 }));
  };

  override render(): ReactNode {
    if (this.state.failed) return <ScreenError onRetry={this.retry} />;
    return <Fragment key={this.state.attempt}>{this.props.children}</Fragment>;
  }
}

/** What the next Retry undoes: lazy components whose import failed, loads that failed. */
const failedChunks = new Set<() => void>();

/** Runs `reset` at the next Retry (a load that failed is forgotten, so that Retry loads it again). */
export function forgetOnRetry(reset: () => void): void {
  failedChunks.add(reset);
}

/** A lazy component that preload() can load before it is drawn. */
export type PreloadableComponent<P> = ComponentType<P> & { preload(): Promise<void> };

/**
 * lazy() that can be retried. React caches a rejected import for good, so a failed chunk
 * would fail again on every render. The rejection reaches the nearest ErrorBoundary; its Retry
 * (and only it, so React's own re-render after the rejection does not loop) replaces the lazy
 * component with a fresh one that calls `load` again. Once its module is in (drawn once, or
 * preload()), it draws at once instead of suspending for a moment on the import's promise: a
 * Suspense fallback shown for that moment would hold the screen back by React's reveal throttle.
 */
export function retryableLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  const keep = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const make = (): ComponentType<P> =>
    lazy(() =>
      keep().catch((error: unknown) => {
        forgetOnRetry(() => {
          current = make();
        });
        throw error;
      }),
    ) as unknown as ComponentType<P>;
  let current = make();
  function RetryableLazy(props: P) {
    return createElement(loaded ?? current, props);
  }
  RetryableLazy.preload = () => keep().then(() => undefined);
  return RetryableLazy;
}

function resetFailedChunks(): void {
  for (const reset of failedChunks) reset();
  failedChunks.clear();
}
