// What the build (vite.config.ts bootScript) hands index.html's boot script (src/app/boot.ts).
// No imports: the vite config reads this file too.

/** The built app's entry module and the files to fetch with it (index.html names them at build time). */
export interface AppScripts {
  entry: string;
  /** what every route loads (the entry's imports, the fallback language) */
  preload: string[];
  /** what each route loads beyond `preload` */
  routes: RouteFiles;
  /** the pages with a captcha form (route paths) and the captcha endpoint: asked for with the scripts */
  captcha: { url: string; paths: string[] };
}

/**
 * Each route's own chunks and stylesheets, as indexes into `files` (routes share most of them):
 * its screen with what it imports, for a schema route SchemaView, the route's screens and their
 * engines. src/app/routeFiles.ts reads it.
 */
export interface RouteFiles {
  files: string[];
  /** route path (/x/y) → its files; SCREEN_TEXTS stands for the schema screens' texts in the language and the fallback */
  paths: Record<string, number[]>;
  /** language code → its schema screens' texts but the sign-in ones (src/i18n/parts.ts) */
  screenTexts: Record<string, number>;
  /** language code → the sign-in forms' texts (SIGN_IN_TEXT_GROUPS), which every schema screen loads too */
  signInTexts?: Record<string, number>;
  /**
   * The routes whose files the boot script fetches with the entry: home and the schema routes. A
   * hand-written trading screen's come when RouteView asks: fetched with the entry, spot's made
   * Lighthouse's TBT worse (median of 5: 109 → 205 ms) for an LCP 45 ms sooner.
   */
  firstLoad: string[];
}

/** In a route's list of files: the schema screens' texts (src/i18n/parts.ts) in the language and the fallback. */
export const SCREEN_TEXTS = -1;

/** In a route's list of files: only the sign-in forms' texts (src/i18n/parts.ts SIGN_IN_TEXT_GROUPS) in the language and the fallback. */
export const SIGN_IN_TEXTS = -2;

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
