// The pure parts of npm run budget (scripts/budget.ts): what a visit downloaded, summed by kind, against the budgets.

/** One response the browser downloaded: its URL and its body's size as transferred (compressed, headers not counted). */
export interface Transfer {
  url: string;
  bytes: number;
}

/** The content encodings a visit is measured with: gzip (the budget) and brotli (what Chromium asks for by default). */
export const ENCODINGS = ['gzip', 'br'] as const;
export type Encoding = (typeof ENCODINGS)[number];

export type Kind = 'js' | 'css' | 'other';

export function kindOf(url: string): Kind {
  const path = new URL(url, 'http://x').pathname;
  return path.endsWith('.js') ? 'js' : path.endsWith('.css') ? 'css' : 'other';
}

/** What `after` downloaded that `before` had not: a file fetched again (from the cache or not) is not new. */
export function addedBy(before: readonly Transfer[], after: readonly Transfer[]): Transfer[] {
  const seen = new Set(before.map((t) => t.url));
  return after.filter((t) => !seen.has(t.url) && seen.add(t.url));
}

/** The bytes of one kind, each URL counted once. */
export function bytesOf(transfers: readonly Transfer[], kind: Kind): number {
  return addedBy([], transfers)
    .filter((t) => kindOf(t.url) === kind)
    .reduce((n, t) => n + t.bytes, 0);
}

export interface Row {
  route: string;
  /** JavaScript bytes by encoding */
  js: Record<Encoding, number>;
  css: Record<Encoding, number>;
  budgetKb: number;
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(2);

/** Over budget: its gzip JavaScript above the budget (1 KB = 1,024 bytes). */
export const overBudget = (rows: readonly Row[]) => rows.filter((r) => r.js.gzip / 1024 > r.budgetKb);

export function table(rows: readonly Row[]): string[] {
  const head = `${'route'.padEnd(38)}${'JS gzip KB'.padStart(12)}${'JS br KB'.padStart(10)}${'CSS gzip KB'.padStart(13)}${'budget KB'.padStart(11)}`;
  return [
    head,
    ...rows.map(
      (r) =>
        `${r.route.padEnd(38)}${kb(r.js.gzip).padStart(12)}${kb(r.js.br).padStart(10)}${kb(r.css.gzip).padStart(13)}${String(r.budgetKb).padStart(11)}${overBudget([r]).length ? '  OVER' : ''}`,
    ),
  ];
}

export interface Chunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, Chunk>;

/** The files of Vite's build manifest that loading `keys` fetches: each chunk, its static imports and their stylesheets. */
export function closure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const files = new Set<string>();
  const walk = (key: string) => {
    const c = manifest[key];
    if (!c) throw new Error(`no chunk for ${key} in the build manifest`);
    if (files.has(c.file)) return;
    files.add(c.file);
    for (const css of c.css ?? []) files.add(css);
    for (const i of c.imports ?? []) walk(i);
  };
  for (const k of keys) walk(k);
  return files;
}
