// The saved theme, read without React: index.html's boot script (src/app/boot.ts) applies it
// before the first paint, so a light-theme user never sees a dark frame.
export type Theme = 'dark' | 'light';
export const THEME_KEY = 'theme';

export function getTheme(): Theme {
  return localStorage.getItem(THEME_KEY) === 'light' ? 'light' : 'dark';
}

export function applyTheme(theme: Theme = getTheme()): void {
  document.documentElement.dataset.theme = theme;
}
