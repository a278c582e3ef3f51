// Dark by default; the light theme is a user choice kept in localStorage.
import { useSyncExternalStore } from 'react';

export type Theme = 'dark' | 'light';
const KEY = 'theme';
const listeners = new Set<() => void>();

export function getTheme(): Theme {
  return localStorage.getItem(KEY) === 'light' ? 'light' : 'dark';
}

export function applyTheme(theme: Theme = getTheme()): void {
  document.documentElement.dataset.theme = theme;
}

export function setTheme(theme: Theme): void {
  localStorage.setItem(KEY, theme);
  applyTheme(theme);
  for (const l of listeners) l();
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getTheme,
    () => 'dark' as Theme,
  );
}
