// A widget whose code loads when a form first draws it. While it loads, its own Suspense shows
// an input-sized placeholder, so the rest of the form stays as it is.
import type { WidgetProps } from '@rjsf/utils';
import { type ComponentType, lazy, Suspense } from 'react';

export function lazyWidget(load: () => Promise<ComponentType<WidgetProps>>): ComponentType<WidgetProps> {
  const Widget = lazy(async () => ({ default: await load() }));
  return function LazyWidget(props: WidgetProps) {
    return (
      <Suspense fallback={<div className="input skeleton-input" aria-busy="true" />}>
        <Widget {...props} />
      </Suspense>
    );
  };
}
