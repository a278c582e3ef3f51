// Stands in for react-i18next in the customer build (vite.config.ts): the app uses only
// initReactI18next and useTranslation() with its default namespace, after i18next is ready
// (main.tsx awaits initI18n before the first render), so there is nothing to suspend for. As
// react-i18next's, a component re-renders with a new `t` when the language changes. The back office
// and the tests keep react-i18next.
import type { i18n, TFunction } from 'i18next';
import { useMemo, useSyncExternalStore } from 'react';

let instance: i18n | undefined;

export const initReactI18next = {
  type: '3rdParty' as const,
  init(i: i18n) {
    instance = i;
  },
};

function bound(): i18n {
  if (!instance) throw new Error('useTranslation() before i18next was initialised with initReactI18next');
  return instance;
}

function subscribe(listener: () => void): () => void {
  const i = bound();
  i.on('languageChanged', listener);
  return () => i.off('languageChanged', listener);
}

export function useTranslation(): { t: TFunction; i18n: i18n; ready: boolean } {
  const i = bound();
  const language = useSyncExternalStore(subscribe, () => i.language);
  const t = useMemo(() => i.getFixedT(language), [i, language]);
  return { t, i18n: i, ready: true };
}
