// What the build (vite.config.ts bootScript) hands index.html's boot script (src/app/boot.ts).
// No imports: the vite config reads this file too.

/** The built app's entry module and the chunks to fetch with it (index.html names them at build time). */
export interface AppScripts {
  entry: string;
  /** what every route loads (the entry's imports, the fallback language) */
  preload: string[];
  /** the home screen's chunks: preloaded on the home route only */
  homePreload: string[];
}

/**
 * What the build writes into index.html for the boot script, as JSON in <script type="application/json" id="boot-data">:
 * the languages, the fallback, language code → locale key → text for the keys the shell names
 * (only where a language differs from the fallback), and the app's scripts.
 */
export interface BootData {
  codes: string[];
  fallback: string;
  texts: Record<string, Record<string, string>>;
  app?: AppScripts;
}
export const BOOT_DATA_ID = 'boot-data';
