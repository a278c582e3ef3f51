// One back-office route drawn by the schema engine: the screen module of its entry in the admin
// manifest (generated from schemas/admin/), with the engine component of its kind.
import { createElement, use } from 'react';
import { useTranslation } from 'react-i18next';
import { registry } from '../engine';
import type { ScreenEntry, ScreenModule } from '../engine/types';
import { screenTextsReady } from '../i18n';

const modules = new Map<string, Promise<ScreenModule>>();

function moduleOf(entry: ScreenEntry): Promise<ScreenModule> {
  let loaded = modules.get(entry.id);
  if (!loaded) {
    loaded = Promise.all([entry.load(), screenTextsReady()]).then(([m]) => m as ScreenModule);
    loaded.catch(() => modules.delete(entry.id));
    modules.set(entry.id, loaded);
  }
  return loaded;
}

export function AdminScreen({ entry }: { entry: ScreenEntry }) {
  const { t } = useTranslation();
  const module = use(moduleOf(entry));
  return (
    <section className="admin-screen" data-kind={entry.kind} aria-labelledby={`title-${entry.id}`}>
      <h1 id={`title-${entry.id}`}>{t(entry.title ?? entry.id)}</h1>
      {createElement(registry.resolve(module.screen.kind), { module })}
    </section>
  );
}
