// The app's screen registry and the component that draws the schema screens of a route.
import { createElement, lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCREENS } from '../api/generated/manifest';
import { createRegistry } from './registry';
import type { ScreenComponent, ScreenEntry, ScreenModule } from './types';

export const registry = createRegistry();
// The form engine carries rjsf; it loads only when a form opens.
registry.register('form', lazy(() => import('./FormScreen')) as unknown as ScreenComponent);
registry.register('list', lazy(() => import('./ListScreen')));
registry.register('detail', lazy(() => import('./DetailScreen')));

export function screensFor(path: string): ScreenEntry[] {
  return SCREENS.filter((s) => s.routes.includes(path));
}

function Loading() {
  const { t } = useTranslation();
  return <p className="state">{t('common.loading')}</p>;
}

function LoadedScreen({ entry }: { entry: ScreenEntry }) {
  const [module, setModule] = useState<ScreenModule | null>(null);
  useEffect(() => {
    let live = true;
    void entry.load().then((m) => live && setModule(m as ScreenModule));
    return () => {
      live = false;
    };
  }, [entry]);
  if (!module) return <Loading />;
  return (
    <Suspense fallback={<Loading />}>
      {createElement(registry.resolve(module.screen.kind), { module })}
    </Suspense>
  );
}

/** The screens a route names; several screens on one route are shown as tabs. */
export function SchemaRoute({ entries }: { entries: ScreenEntry[] }) {
  const { t } = useTranslation();
  const [active, setActive] = useState(0);
  if (entries.length === 1) return <LoadedScreen entry={entries[0]} />;
  return (
    <>
      <div className="segmented" role="tablist">
        {entries.map((e, i) => (
          <button key={e.id} type="button" role="tab" aria-selected={i === active} className={i === active ? 'active' : ''} onClick={() => setActive(i)}>
            {t(e.tab ?? e.title ?? e.id)}
          </button>
        ))}
      </div>
      <LoadedScreen key={entries[active].id} entry={entries[active]} />
    </>
  );
}
