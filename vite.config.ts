import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin, type Rollup } from 'vite';
import { rolldown } from 'rolldown';
import { VitePWA } from 'vite-plugin-pwa';
import appConfig from './schemas/config/app.json' with { type: 'json' };
import languages from './schemas/config/languages.json' with { type: 'json' };
import { loadHandWrittenScreens, loadScreens } from './contract/loader.ts';
import { hasCaptcha, type ScreenFile } from './contract/screen.ts';
import { type AppScripts, BOOT_DATA_ID, type BootData, type RouteFiles, SCREEN_TEXTS, SIGN_IN_TEXTS } from './src/app/bootData.ts';
import { ROUTES } from './src/routes/routes.ts';
import { SCREEN_TEXT_GROUPS, SCREEN_TEXT_QUERY, SIGN_IN_SCREENS, SIGN_IN_TEXT_GROUPS, SIGN_IN_TEXT_QUERY } from './src/i18n/parts.ts';
import { NOTICE_EVENTS } from './server/core/notify.ts';
import { OPERATOR_CODES } from './contract/result-codes.ts';

const server = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

/** Text assets the server sends pre-compressed (server/composition/app.ts, @fastify/static `preCompressed`). */
export const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|webmanifest|txt|xml)$/;

/** The brotli and gzip copies of one text asset, both at maximum quality. */
export function compressText(data: Buffer): { br: Buffer; gz: Buffer } {
  return {
    br: brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length } }),
    gz: gzipSync(data, { level: zlib.Z_BEST_COMPRESSION }),
  };
}

/** Writes <file>.br and <file>.gz beside every text asset under `dir` (dot folders such as .vite skipped). */
export function compressDir(dir: string): string[] {
  const written: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) written.push(...compressDir(path));
    } else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) {
      const { br, gz } = compressText(readFileSync(path));
      writeFileSync(`${path}.br`, br);
      writeFileSync(`${path}.gz`, gz);
      written.push(path);
    }
  }
  return written;
}

/**
 * Messages only the server sends (already translated, by server/platform/http/envelope.ts, for errors the
 * framework raises before any handler): the app never looks them up, so its locale chunks leave them out.
 */
export const SERVER_ONLY_KEYS: Record<string, readonly string[]> = {
  errors: [
    'tooLarge',
    'urlTooLong',
    'badEncoding',
    'unsupportedType',
    'tooDeep',
    'unsupportedCharset',
    'headersTooLarge',
    'timeout',
    'serviceUnavailable',
    'accountExists',
    'badRequest',
    'internal',
    'priceStale',
    'badForm',
  ],
  // the spot order checks of server/trading/checks.ts: refusals the server words
  trade: ['priceInvalid', 'amountInvalid', 'belowMinimum', 'notOpen', 'outsideBand'],
  // the new-device alert (server/account/sign-in-steps.ts), sent in the language the sign-in asked for;
  // the self-freeze confirmation (server/account/account-freeze.ts) in the freeze request's language and
  // the authenticator-reset notice (server/backoffice/totp-reset.ts) in that of the customer's latest sign-in
  security: ['alertEmail', 'alertSms', 'frozenNotice', 'frozenNoticeSms', 'totpResetNotice', 'totpResetNoticeSms'],
  checks: ['countryCodeNotOffered', 'codeBudgetSpent', 'smsCountryBudgetSpent'],
  idempotency: ['alreadyDone'],
  notice: NOTICE_EVENTS,
  places: ['thisComputer', 'localNetwork'],
};

/**
 * Locale groups of the back office (/admin/) and the operator CLI (`refusals`: review decisions,
 * operator commands, backups): the customer app's chunks leave them out, with the operator codes' messages.
 */
export const BACK_OFFICE_GROUPS: readonly string[] = ['admin', 'refusals'];
const OPERATOR_CODE_KEYS = OPERATOR_CODES.map(String);

/**
 * Locale files as the app loads them: without the keys only the server uses, and in three parts:
 * `locales/x.json` without the schema screens' groups (src/i18n/parts.ts),
 * `locales/x.json?part=signin` with the sign-in forms' groups, loaded with the first schema screen, and
 * `locales/x.json?part=screens` with the other screen groups, loaded with the first schema screen but a sign-in form.
 */
function splitLocales(): Plugin {
  const signInGroups = new Set<string>(SIGN_IN_TEXT_GROUPS);
  const screenGroups = new Set<string>(SCREEN_TEXT_GROUPS.filter((g) => !signInGroups.has(g)));
  return {
    name: 'coinapp-split-locales',
    enforce: 'pre',
    transform(code, id) {
      const match = /[\\/]locales[\\/][^\\/?]+\.json(\?.*)?$/.exec(id);
      if (!match) return null;
      const part = match[1] === SCREEN_TEXT_QUERY ? screenGroups : match[1] === SIGN_IN_TEXT_QUERY ? signInGroups : undefined;
      const tree = JSON.parse(code) as Record<string, Record<string, unknown>>;
      for (const [group, keys] of Object.entries(SERVER_ONLY_KEYS)) for (const key of keys) delete tree[group]?.[key];
      for (const group of BACK_OFFICE_GROUPS) delete tree[group];
      for (const key of OPERATOR_CODE_KEYS) delete tree.errors?.[key];
      const kept = Object.fromEntries(
        Object.entries(tree).filter(([group]) => (part ? part.has(group) : !screenGroups.has(group) && !signInGroups.has(group))),
      );
      // a file with a query is not JSON to the bundler any more: that part becomes a JS module here
      if (part) return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(kept))});`, map: null, moduleType: 'js' };
      return { code: JSON.stringify(kept), map: null };
    },
  };
}

/** The text of `key` ("home.greeting") in a locale file's tree, if it has one. */
function textAt(tree: Record<string, unknown>, key: string): string | undefined {
  const value = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);
  return typeof value === 'string' ? value : undefined;
}

/** `file` and every chunk it imports statically, with their stylesheets when `css`: what loading that chunk fetches. */
function closureOf(chunks: readonly Rollup.OutputChunk[], file: string, css: boolean, into = new Set<string>()): Set<string> {
  const chunk = chunks.find((c) => c.fileName === file);
  if (!chunk || into.has(file)) return into;
  into.add(file);
  if (css) for (const sheet of chunk.viteMetadata?.importedCss ?? []) into.add(sheet);
  for (const i of chunk.imports) closureOf(chunks, i, css, into);
  return into;
}

/** The chunk whose facade module is `path` (from the project's root). */
function chunkOf(chunks: readonly Rollup.OutputChunk[], path: string): string {
  const chunk = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(`/${path}`));
  if (!chunk) throw new Error(`no chunk for ${path}`);
  return chunk.fileName;
}

/** Widgets the form engine loads on demand (src/widgets/theme/theme.ts) that a route's files include when its screens draw them. */
const ROUTE_WIDGETS: Record<string, string> = {
  amount: 'src/widgets/amount/AmountWidget.tsx',
  sendCode: 'src/widgets/send-code/SendCodeWidget.tsx',
  phone: 'src/widgets/phone/PhoneWidget.tsx',
  country: 'src/widgets/country/CountryWidget.tsx',
};

/** Every `ui:widget` a screen's ui names. */
function widgetsOf(ui: unknown): string[] {
  if (!ui || typeof ui !== 'object') return [];
  return Object.entries(ui).flatMap(([key, value]) => (key === 'ui:widget' && typeof value === 'string' ? [value] : widgetsOf(value)));
}

/** The engine chunk that draws each screen kind (src/engine/index.tsx `engines`). */
const ENGINES: Record<string, string> = { form: 'src/engine/FormScreen.tsx', list: 'src/engine/ListScreen.tsx', detail: 'src/engine/DetailScreen.tsx' };

/** The hand-written screens (their *.screen.json declarations): name → module, and whether it opens withScreenTexts. */
function handWrittenScreens(): Map<string, { module: string; texts: boolean }> {
  return new Map(loadHandWrittenScreens().map((h) => [h.name, { module: `src/screens/${h.module}.tsx`, texts: h.screenTexts === true }]));
}

/**
 * The boot script's RouteFiles (src/app/routeFiles.ts): for each route its screen, or for a
 * schema route SchemaView, the engines and the screen modules it draws, each with what it
 * imports and its stylesheets, less what every route loads anyway (`everyRoute`); each
 * language's screen texts; and which routes' files come with the entry on a first load.
 */
function routeFilesOf(
  chunks: readonly Rollup.OutputChunk[],
  everyRoute: ReadonlySet<string>,
  codes: readonly string[],
  schemaScreens: readonly ScreenFile[],
): RouteFiles {
  const handWritten = handWrittenScreens();
  const files: string[] = [];
  const indexOf = (file: string) => (files.includes(file) ? files.indexOf(file) : files.push(file) - 1);
  const paths: Record<string, number[]> = {};
  const firstLoad: string[] = [];
  for (const route of ROUTES) {
    if (!route.screen || route.screen === 'home') firstLoad.push(route.path);
    let roots: string[];
    let texts = true;
    let signInOnly = false;
    if (route.screen) {
      const screen = handWritten.get(route.screen);
      if (!screen) throw new Error(`route ${route.path}: no screen "${route.screen}" declared in src/screens/**/*.screen.json`);
      roots = [screen.module];
      texts = screen.texts;
    } else {
      const drawn = schemaScreens.filter((s) => s.routes?.includes(route.path));
      signInOnly = drawn.every((s) => SIGN_IN_SCREENS.includes(s.id));
      // the engines first: a form's is the largest download of its route
      roots = [
        'src/app/SchemaView.tsx',
        ...new Set(drawn.map((s) => ENGINES[s.kind])),
        ...drawn.map((s) => `src/api/generated/screens/${s.id}.ts`),
        // the widgets the form engine loads on demand that these screens draw: fetched with the route, not after it draws
        ...new Set(drawn.flatMap((s) => widgetsOf(s.ui)).flatMap((w) => (ROUTE_WIDGETS[w] ? [ROUTE_WIDGETS[w]] : []))),
      ];
    }
    const needed = new Set<string>();
    for (const root of roots) closureOf(chunks, chunkOf(chunks, root), true, needed);
    paths[route.path] = [
      ...[...needed].filter((f) => !everyRoute.has(f)).map((f) => indexOf(`/${f}`)),
      ...(texts ? [signInOnly ? SIGN_IN_TEXTS : SCREEN_TEXTS] : []),
    ];
  }
  const partOf = (query: string) => Object.fromEntries(codes.map((code) => [code, indexOf(`/${chunkOf(chunks, `locales/${code}.json${query}`)}`)]));
  return { files, paths, screenTexts: partOf(SCREEN_TEXT_QUERY), signInTexts: partOf(SIGN_IN_TEXT_QUERY), firstLoad };
}

/** The boot script's captcha: the endpoint's URL and the routes whose forms draw a captcha (as the generated manifest marks them). */
function bootCaptchaOf(apiRoot: string, screens: readonly ScreenFile[]): AppScripts['captcha'] {
  const endpoint = screens.find((s) => s.id === 'captcha')?.endpoint;
  if (endpoint?.method !== 'POST') throw new Error('schemas: no captcha endpoint (POST) for the boot script');
  return { url: `${apiRoot}${appConfig.apiPrefix}${endpoint.path}`, paths: [...new Set(screens.filter(hasCaptcha).flatMap((s) => s.routes ?? []))] };
}

/**
 * index.html's boot script: src/app/bootPage.ts bundled into one inline script, and beside it a JSON
 * block (src/app/bootData.ts) with the texts the shell's data-text / data-label /
 * data-session-label attributes name, in every language, and the app's scripts. It
 * runs before the first paint, so the home page's header and hero show without waiting for the
 * app's JavaScript. Inline because a script file would be one more request before that paint; the
 * server allows exactly this script by its hash (server/platform/http/security.ts).
 */
function bootScript(apiRoot: string): Plugin {
  const entry = fileURLToPath(new URL('src/app/bootPage.ts', import.meta.url));
  return {
    name: 'coinapp-boot-script',
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const keys = [...new Set([...html.matchAll(/\bdata-(?:text|label|session-label)="([\w.]+)"/g)].map((m) => m[1]))];
        const textsOf = (code: string) => {
          const tree = JSON.parse(readFileSync(`locales/${code}.json`, 'utf8')) as Record<string, unknown>;
          return Object.fromEntries(keys.map((k) => [k, textAt(tree, k)]).filter(([, text]) => text !== undefined)) as Record<string, string>;
        };
        const fallbackTexts = textsOf(languages.default);
        // each language with only what differs from the fallback's (boot() falls back per key): fewer bytes in every page load
        const texts = Object.fromEntries(
          languages.languages.map(({ code }) => [
            code,
            code === languages.default ? fallbackTexts : Object.fromEntries(Object.entries(textsOf(code)).filter(([k, text]) => text !== fallbackTexts[k])),
          ]),
        );
        // a build's entry and its modulepreloads move from the markup into the boot data (src/app/boot.ts afterFirstPaint)
        let app: AppScripts | undefined;
        if (ctx.bundle) {
          const entryTag = /\s*<script type="module" crossorigin src="\/([^"]+)"><\/script>/.exec(html);
          if (!entryTag) throw new Error('index.html: no entry module script');
          const preloads = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)];
          const chunks = Object.values(ctx.bundle).filter((c) => c.type === 'chunk');
          const everyRoute = closureOf(chunks, entryTag[1], true);
          for (const m of preloads) closureOf(chunks, m[1], true, everyRoute);
          const screens = loadScreens().map((s) => s.screen);
          const routes = routeFilesOf(
            chunks,
            everyRoute,
            languages.languages.map((l) => l.code),
            screens,
          );
          app = { entry: `/${entryTag[1]}`, preload: preloads.map((m) => `/${m[1]}`), routes, captcha: bootCaptchaOf(apiRoot, screens) };
          for (const tag of [entryTag[0], ...preloads.map((m) => m[0])]) html = html.replace(tag, '');
        }
        const data: BootData = { codes: languages.languages.map((l) => l.code), fallback: languages.default, texts, app };
        const bundle = await rolldown({ input: entry });
        const { output } = await bundle.generate({ format: 'iife', minify: true, comments: false });
        await bundle.close();
        // data in a JSON block (never executed, so no CSP hash), read by the code in the script after it
        const json = JSON.stringify(data).replace(/</g, '\\u003c');
        return {
          html,
          tags: [
            { tag: 'script', attrs: { type: 'application/json', id: BOOT_DATA_ID }, children: json, injectTo: 'body' as const },
            { tag: 'script', children: output[0].code.trim(), injectTo: 'body' as const },
          ],
        };
      },
    },
  };
}

/**
 * The entry's stylesheet (every route's CSS, ≈ 5 KB compressed) goes into index.html as a <style>:
 * a linked one holds the first paint, the shell's included, until one more round trip has ended.
 */
function inlineEntryCss(html: string, bundle: Record<string, { type: string; fileName: string; source?: string | Uint8Array }>): string {
  return html.replace(/<link rel="stylesheet"[^>]*? href="\/(assets\/[^"]+\.css)">/g, (link, file: string) => {
    const asset = bundle[file];
    if (asset?.type !== 'asset' || asset.source === undefined) return link;
    const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
    // the link stays, disabled (a disabled stylesheet link is never fetched), so that Vite's preload
    // helper, which looks for it before a lazy chunk that names this CSS loads, does not fetch it again
    return `${link.replace(/>$/, ' disabled>')}<style>${css.trim()}</style>`;
  });
}

/**
 * Build only: the entry CSS inline, a modulepreload of the fallback locale's chunk, and brotli +
 * gzip copies of the output.
 */
function delivery(): Plugin {
  let outDir = 'dist';
  return {
    name: 'coinapp-delivery',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // en-US is loaded on every start (it fills in missing keys): fetch its chunk with the entry
    // instead of discovering it after the entry has run (bootScript moves these into the boot data)
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        html = inlineEntryCss(html, ctx.bundle ?? {});
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const locale = chunks.find((c) => /[\\/]locales[\\/]en-US\.json$/.test(c.facadeModuleId ?? ''));
        const tags = [...(locale ? closureOf(chunks, locale.fileName, false) : [])]
          .filter((f) => !html.includes(`/${f}"`))
          .map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` }, injectTo: 'head' as const }));
        return { html, tags };
      },
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        compressDir(outDir);
      },
    },
  };
}

/** Where a customer form's payload has a oneOf or anyOf (rjsf draws those with its MultiSchemaField), as "<file>: <path>". */
export function multiSchemaFormFields(screens: readonly { source: string; screen: ScreenFile }[]): string[] {
  const found: string[] = [];
  const walk = (node: unknown, path: string, source: string) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'oneOf' || key === 'anyOf') found.push(`${source}: ${path}.${key}`);
      walk(value, `${path}.${key}`, source);
    }
  };
  for (const { source, screen } of screens) if (!source.startsWith('admin/') && screen.kind === 'form') walk(screen.payload, 'payload', source);
  return found;
}

/**
 * rjsf's fields and widgets that no screen draws, one stand-in for them all (src/engine/slim/notDrawn.ts): the layout
 * fields (a ui:field names them; no screen file has a ui:field), the oneOf/anyOf field (no customer form's payload
 * has one: the build stops if one does, below) and the widgets only a ui:widget or a JSON Schema format no screen
 * uses selects (check:schemas allows no other ui:widget than ours, hidden, textarea and checkboxes).
 */
function slimRjsfDefaults(): Plugin {
  const standIn = fileURLToPath(new URL('src/engine/slim/notDrawn.ts', import.meta.url));
  const notDrawn: [RegExp, RegExp][] = [
    [/@rjsf[\\/]core[\\/]lib[\\/]components[\\/]fields[\\/]index\.js$/, /^\.\/(Layout(Grid|Header|MultiSchema)|MultiSchema)Field\.js$/],
    [/@rjsf[\\/]core[\\/]lib[\\/]components[\\/]widgets[\\/]index\.js$/, /^\.\/(AltDate|AltDateTime|Color|File|Radio|Range|Rating)Widget\.js$/],
  ];
  return {
    name: 'coinapp-slim-rjsf-defaults',
    enforce: 'pre',
    buildStart() {
      const multi = multiSchemaFormFields(loadScreens());
      if (multi.length > 0) this.error(`a customer form draws a oneOf/anyOf, which the customer build leaves out (slimRjsfDefaults): ${multi.join(', ')}`);
    },
    resolveId(source, importer) {
      return importer && notDrawn.some(([index, module]) => index.test(importer) && module.test(source)) ? standIn : null;
    },
  };
}

/** The dark theme's background (src/app/styles.css --bg): the manifest's colours; public/icons use it too. */
const THEME_BACKGROUND = '#0b0e11';

/** The 'forms' chunk's modules (build.rolldownOptions below). */
const FORMS_SHARED =
  /\/(src\/api\/actionKey|src\/widgets\/formContext|src\/widgets\/captcha\/(early|bootCaptcha)|src\/api\/generated\/screens\/captcha|src\/ui\/CopyButton|contract\/iban|contract\/display-rule|src\/engine\/formats)\.tsx?$/;

/** Paths the service worker leaves to the network: never answered with the app shell, never cached. */
export const NETWORK_ONLY = [/^\/api\//, /^\/api\.html/, /^\/ws/, /^\/uploads\//];

/**
 * Installable app: web manifest, icons and a Workbox service worker (sw.js). It precaches the
 * shell: index.html, the entry with its static imports and CSS, the home screen, what runs after
 * the first render (src/app/startup.ts: offline notice, version check) and every locale chunk.
 * Other screens' chunks are cached the first time they load (hashed names: a cached one is never
 * stale), so a phone downloads only what it opens. API calls, the feed and uploads never pass
 * through a cache. A new build waits until the next start (src/app/serviceWorker.ts), which is also
 * why registration is our own module, loaded after the first render: nothing inline (the CSP) and
 * nothing on home's bundle.
 */
function installable(): Plugin[] {
  const shell = new Set<string>();
  const collectShell: Plugin = {
    name: 'coinapp-precache-shell',
    apply: 'build',
    generateBundle(_, bundle) {
      shell.clear();
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const inShell = (c: (typeof chunks)[number]) =>
        c.isEntry ||
        /[\\/](locales[\\/][^\\/]+\.json|src[\\/]screens[\\/]home[\\/]HomeScreen\.tsx|src[\\/]app[\\/]startup\.ts)(\?.*)?$/.test(c.facadeModuleId ?? '');
      for (const c of chunks.filter(inShell)) closureOf(chunks, c.fileName, true, shell);
    },
  };
  // iOS ignores the manifest's icons; the 180 px one is opaque (iOS rounds the corners itself)
  const appleTouchIcon: Plugin = {
    name: 'coinapp-apple-touch-icon',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'link', attrs: { rel: 'apple-touch-icon', sizes: '180x180', href: '/icons/apple-touch-icon.png' }, injectTo: 'head' }],
  };
  const pwa = VitePWA({
    injectRegister: null,
    registerType: 'prompt',
    includeManifestIcons: false,
    manifest: {
      id: '/',
      name: 'CoinApp',
      short_name: 'CoinApp',
      start_url: '/#/home/home',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: THEME_BACKGROUND,
      background_color: THEME_BACKGROUND,
      lang: 'en',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      ],
    },
    workbox: {
      mode: 'production',
      inlineWorkboxRuntime: true,
      clientsClaim: true,
      globPatterns: ['index.html', 'assets/*.{js,css}'],
      manifestTransforms: [(entries) => ({ manifest: entries.filter((e) => !e.url.startsWith('assets/') || shell.has(e.url)), warnings: [] })],
      navigateFallback: '/index.html',
      navigateFallbackDenylist: NETWORK_ONLY,
      runtimeCaching: [
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
          handler: 'CacheFirst',
          options: { cacheName: 'coinapp-chunks', cacheableResponse: { statuses: [200] }, expiration: { maxEntries: 400, purgeOnQuotaError: true } },
        },
      ],
    },
  });
  return [collectShell, appleTouchIcon, ...pwa];
}

export default defineConfig(({ mode }) => ({
  base: '/',
  // the API's root as the app has it (src/main.tsx): the boot script asks for a captcha there
  plugins: [react(), slimRjsfDefaults(), splitLocales(), delivery(), bootScript(loadEnv(mode, process.cwd(), 'VITE_').VITE_API_ROOT ?? ''), ...installable()],
  resolve: {
    alias: [
      // rjsf pulls a markdown parser and a full URI library that our generated
      // schemas never need; see src/engine/slim/ for why the stand-ins are exact.
      { find: 'markdown-to-jsx/react', replacement: fileURLToPath(new URL('src/engine/slim/markdown.tsx', import.meta.url)) },
      { find: 'fast-uri', replacement: fileURLToPath(new URL('src/engine/slim/uri.ts', import.meta.url)) },
      { find: /^use-sync-external-store\/shim$/, replacement: fileURLToPath(new URL('src/engine/slim/useSyncExternalStoreShim.ts', import.meta.url)) },
      // the part of react-router the app uses (hash routing); the back office keeps react-router
      { find: /^react-router-dom$/, replacement: fileURLToPath(new URL('src/engine/slim/hashRouter.tsx', import.meta.url)) },
      // react-i18next's useTranslation without the suspense and namespace machinery the app never uses
      { find: /^react-i18next$/, replacement: fileURLToPath(new URL('src/engine/slim/reactI18next.ts', import.meta.url)) },
    ],
  },
  build: {
    target: 'es2022',
    outDir: 'dist',
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 600,
    // What a lazy import fetches with its chunk. The entry chunk (the 'app' group below) and SchemaView
    // import the routes' screens: the route table fetches what those import when the route opens
    // (src/app/routeFiles.ts), so these imports list nothing (their CSS aside: Vite's helper keeps and
    // loads it). HomeScreen's one lazy import is the signed-in customer's part (src/screens/home/HomeMember.tsx):
    // its list of eleven files would cost every visitor's home 0.3 KB, so it fetches its imports itself.
    // Elsewhere: the chunk's imports less the entry's chunks, which every route has loaded.
    // No polyfill: every browser the app supports has modulepreload (Chromium 66+, Safari 17+, Firefox 115+).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostId, hostType }) =>
        hostType !== 'js'
          ? deps
          : /^assets\/(app|SchemaView|HomeScreen)-[\w-]+\.js$/.test(hostId)
            ? []
            : deps.filter((d) => !/^assets\/(app|rolldown-runtime)-[\w-]+\.(js|css)$/.test(d)),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically (React, the store, i18n, the router, the
          // shell) loads on every route: one chunk instead of the dozen small shared chunks
          // rolldown would cut it into (they cost requests, and gzip compresses them one by one).
          // The entry module itself stays the entry chunk (the build manifest keys it by index.html).
          groups: [
            { name: 'app', priority: 2, tags: ['$initial'], test: (id) => !/src[\\/]main\.tsx$/.test(id) && !/\.html$/.test(id) },
            // Small modules the form engine shares with list, detail and trading screens: one request
            // instead of eight 1–2 KB ones (each costs a round trip on a phone's network).
            { name: 'forms', priority: 1, includeDependenciesRecursively: false, test: (id) => FORMS_SHARED.test(id.replace(/\\/g, '/')) },
          ],
        },
      },
    },
  },
  server: { proxy: { '^/api/': server, '^/uploads/': server, '/ws': { target: server, ws: true } } },
}));
