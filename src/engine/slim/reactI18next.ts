// Stands in for react-i18next in the customer build (vite.config.ts): the app uses only
// initReactI18next and useTranslation() with its default namespace, after i18next is ready
// (main.tsx awaits initI18n before the first render), so there is nothing to suspend for. As
// react-i18next's, a component re-renders with a new `t` when the language changes, and when an
// operator's published texts arrive. The back office
// and the tests keep react-i18next.
import type { i18n, TFunction } from 'i18next';
import { useMemo, useSyncExternalStore } from 'react';
import { onTextsChanged, textsRevision } from '../../i18n/overrides';

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
  const offTexts = onTextsChanged(listener);
  return () => {
    i.off('languageChanged', listener);
    offTexts();
  };
}

export function useTranslation(): { t: TFunction; i18n: i18n; ready: boolean } {
  const i = bound();
  // a text an operator published (src/i18n/overrides.ts) re-renders as a new language does
  const snapshot = useSyncExternalStore(subscribe, () => `${i.language} ${textsRevision()}`);
  const language = i.language;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new t for each snapshot: the texts behind it changed
  const t = useMemo(() => i.getFixedT(language), [i, language, snapshot]);
  return { t, i18n: i, ready: true };
}
