// Dark by default; the light theme is a user choice kept in localStorage.
import { useSyncExternalStore } from 'react';
import type { StatusBarColor } from './routes';

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

const STATUS_BAR: Record<StatusBarColor, string> = { teal: '#0f9d8f', green: '#16a34a', dark: '#0b0e11' };

export function statusBarColor(color: StatusBarColor | undefined, theme: Theme): string {
  if (color) return STATUS_BAR[color];
  return theme === 'light' ? '#ffffff' : STATUS_BAR.dark;
}

export function setStatusBar(color: string): void {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'theme-color';
    document.head.append(meta);
  }
  meta.content = color;
}
