// Dark by default; the light theme is a user choice kept in localStorage.
import { useSyncExternalStore } from 'react';
import { applyTheme, getTheme, THEME_KEY, type Theme } from './themeChoice';

export { applyTheme, getTheme, type Theme };
const listeners = new Set<() => void>();

export function setTheme(theme: Theme): void {
  localStorage.setItem(THEME_KEY, theme);
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
