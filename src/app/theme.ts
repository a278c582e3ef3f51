// Status-bar colour of a route (routes.ts names it; the theme decides the default).
import type { StatusBarColor } from '../routes/routes';
import type { Theme } from '../ui/theme';

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
