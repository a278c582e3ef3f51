// Containment: whatever goes wrong inside a route (a chunk that fails to load, a render
// error, a failed screen load) shows a translated message with a Retry button, never a blank page.
import { Component, createElement, Fragment, lazy, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { releaseShell } from './shell';

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

/** Lazy components whose import failed; Retry swaps each for a fresh one. */
const failedChunks = new Set<() => void>();

/**
 * lazy() that can be retried. React caches a rejected import for good, so a failed chunk
 * would fail again on every render. The rejection reaches the nearest ErrorBoundary; its Retry
 * (and only it, so React's own re-render after the rejection does not loop) replaces the lazy
 * component with a fresh one that calls `load` again.
 */
export function retryableLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const make = (): ComponentType<P> =>
    lazy(() =>
      load().catch((error: unknown) => {
        failedChunks.add(() => {
          current = make();
        });
        throw error;
      }),
    ) as unknown as ComponentType<P>;
  let current = make();
  function RetryableLazy(props: P) {
    return createElement(current, props);
  }
  return RetryableLazy;
}

function resetFailedChunks(): void {
  for (const reset of failedChunks) reset();
  failedChunks.clear();
}
