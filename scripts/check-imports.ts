// One-way dependencies (docs/architecture.md, "Layers and what each may import"): every file lies in a layer of the table below,
// every relative import between the repo's folders goes down that table, every package a file
// imports is one its layer lists, and no two files, and no two folders, may import each other,
// directly or round a loop. Prints each problem and exits 1 if there is any.
//
//   npm run check:imports
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Layers, matched by path prefix (the longest prefix wins), what each may import besides
 * itself, and the packages (bare specifiers and node: builtins) it may use. Data folders
 * (schemas/, locales/) hold JSON that any layer may read. Every file under contract/, src/,
 * server/ and scripts/ must fall in a layer: a new folder of src/ or server/ is refused until it
 * is added here with what it may import (without that it would get its parent's powers).
 */
const DATA = ['schemas', 'locales'];
const SRC = ['src/i18n', 'src/ui', 'src/routes', 'src/api', 'src/feed', 'src/store', 'src/widgets', 'src/engine', 'src/screens', 'src/app', 'src/main'];

/**
 * The server's business domains: none imports another (they meet in server/core's interfaces or in
 * the composition). A domain's sub-folders (its feature folders, `server/funds/loans/`) are the
 * domain: its layer, its packages; only a new top-level folder of server/ needs a row here.
 */
export const SERVER_DOMAINS = ['trading', 'funds', 'earn', 'account', 'content', 'backoffice', 'support'];

// Packages, listed from what each layer imports today and kept tight: a new one is a decision
// made here. The browser's layers use no node: builtin and no server package; contract/ only
// pure libraries (it runs in the browser and on the server alike).
const REACT = ['react', 'react-i18next'];
const REDUX = ['@reduxjs/toolkit', 'react-redux'];
const ROUTER = ['react-router-dom'];
const FORMS = ['@rjsf/core', '@rjsf/utils', '@rjsf/validator-ajv8'];
/** What a server domain's rules need: the query builder, random ids and hashes. */
const DOMAIN = ['kysely', 'node:crypto'];

export interface Layer {
  prefix: string;
  mayImport: string[];
  packages: string[];
}

const domainPackages: Record<string, string[]> = {
  // passkeys, and the request a sign-in reads its client's address and agent from
  account: ['@simplewebauthn/server', 'fastify'],
  // the article seed reads its markdown files
  content: ['node:fs', 'node:path', 'node:url'],
  // proof-of-funds uploads read back from disk
  funds: ['node:fs/promises', 'node:path'],
};

export const LAYERS: Record<string, Layer> = {
  contract: { prefix: 'contract/', mayImport: [], packages: ['libphonenumber-js'] },
  // the schema loader reads files with node:fs: the server and the scripts use it, the browser never
  'contract/loader': { prefix: 'contract/loader.ts', mayImport: ['contract'], packages: ['node:fs', 'node:path', 'node:url'] },
  'src/i18n': { prefix: 'src/i18n/', mayImport: ['contract'], packages: ['i18next', 'react-i18next'] },
  'src/ui': { prefix: 'src/ui/', mayImport: ['contract'], packages: REACT },
  // the route table is plain data (scripts, screens and the shell read it), so it sits below them
  'src/routes': { prefix: 'src/routes/', mayImport: ['contract'], packages: [] },
  'src/api': {
    prefix: 'src/api/',
    mayImport: ['contract', 'src/i18n', 'src/ui'],
    packages: ['@reduxjs/toolkit'],
  },
  'src/feed': {
    prefix: 'src/feed/',
    mayImport: ['contract', 'src/i18n', 'src/ui', 'src/api'],
    packages: ['react'],
  },
  'src/store': {
    prefix: 'src/store/',
    mayImport: ['contract', 'src/i18n', 'src/ui', 'src/api', 'src/feed'],
    packages: ['react', ...REDUX],
  },
  'src/widgets': {
    prefix: 'src/widgets/',
    mayImport: ['contract', 'src/i18n', 'src/ui', 'src/api', 'src/feed', 'src/store'],
    packages: [...REACT, ...REDUX, ...ROUTER, '@rjsf/utils', 'qrcode.react'],
  },
  'src/engine': {
    prefix: 'src/engine/',
    mayImport: ['contract', 'src/i18n', 'src/ui', 'src/api', 'src/feed', 'src/store', 'src/widgets'],
    packages: [...REACT, 'i18next', 'react-redux', ...ROUTER, ...FORMS, 'dompurify'],
  },
  'src/screens': {
    prefix: 'src/screens/',
    mayImport: ['contract', 'src/i18n', 'src/ui', 'src/routes', 'src/api', 'src/feed', 'src/store', 'src/widgets', 'src/engine'],
    packages: [...REACT, ...REDUX, ...ROUTER, 'echarts', 'qrcode.react', '@simplewebauthn/browser'],
  },
  'src/app': {
    prefix: 'src/app/',
    mayImport: ['contract', ...SRC.filter((l) => l !== 'src/app' && l !== 'src/main')],
    packages: [...REACT, 'i18next', 'react-redux', ...ROUTER],
  },
  // the back office (its own build, vite.admin.config.ts): the engine and what it draws with, and
  // the customer shell's stylesheet; nothing imports it
  'src/admin': {
    prefix: 'src/admin/',
    mayImport: ['contract', 'src/i18n', 'src/ui', 'src/api', 'src/store', 'src/widgets', 'src/engine', 'src/app/styles'],
    packages: [...REACT, 'i18next', 'react-dom', ...REDUX, ...ROUTER, 'echarts', 'qrcode.react'],
  },
  // the theme's colours and the shared controls (buttons, fields): the customer shell's and the back office's
  'src/app/styles': { prefix: 'src/app/styles.css', mayImport: [], packages: [] },
  // nothing but the shell (through the loader table, src/screens/index.ts) imports a screen
  'src/main': {
    prefix: 'src/main.tsx',
    mayImport: ['contract', 'src/app/styles', ...SRC.filter((l) => l !== 'src/main' && l !== 'src/screens')],
    packages: ['react', 'react-dom', 'i18next', 'react-redux'],
  },
  // the server, bottom up: the money core (database, ledger, error catalogue, config), the
  // platform services (http, sessions, security, i18n, market, feed, codes, uploads, jobs), one
  // folder per business domain, the composition that wires the domains together (app, handler
  // table, review kinds, seeds, scheduled work, start-up) and on top the operator CLI
  'server/core': {
    prefix: 'server/core/',
    mayImport: ['contract', 'contract/loader'],
    packages: ['kysely', 'better-sqlite3', 'pg', 'node:async_hooks', 'node:crypto', 'node:fs', 'node:net', 'node:path'],
  },
  'server/platform': {
    prefix: 'server/platform/',
    mayImport: ['contract', 'contract/loader', 'server/core'],
    packages: [
      'fastify',
      '@fastify/websocket',
      'ws',
      'kysely',
      'better-sqlite3',
      'ajv',
      'argon2',
      'aws4fetch',
      'ioredis',
      ...['child_process', 'crypto', 'fs', 'fs/promises', 'http', 'module', 'net', 'os', 'path', 'stream', 'stream/promises', 'tls', 'url', 'util', 'zlib'].map(
        (m) => `node:${m}`,
      ),
    ],
  },
  ...Object.fromEntries(
    SERVER_DOMAINS.map((d): [string, Layer] => [
      `server/${d}`,
      {
        prefix: `server/${d}/`,
        mayImport: ['contract', 'contract/loader', 'server/core', 'server/platform'],
        packages: [...DOMAIN, ...(domainPackages[d] ?? [])],
      },
    ]),
  ),
  'server/composition': {
    prefix: 'server/composition/',
    mayImport: ['contract', 'contract/loader', 'server/core', 'server/platform', ...SERVER_DOMAINS.map((d) => `server/${d}`)],
    packages: ['fastify', '@fastify/static', 'ioredis', 'node:child_process', 'node:crypto', 'node:fs', 'node:os', 'node:path', 'node:url'],
  },
  // the operator CLI (npm run ops): commands over the composition's seeds, review kinds and install mode
  'server/ops': {
    prefix: 'server/ops/',
    mayImport: ['contract', 'contract/loader', 'server/core', 'server/platform', ...SERVER_DOMAINS.map((d) => `server/${d}`), 'server/composition'],
    packages: ['node:path', 'node:url'],
  },
  // scripts read src (the route table, generated output) but nothing imports scripts
  scripts: {
    prefix: 'scripts/',
    mayImport: ['contract', 'contract/loader', ...SRC.filter((l) => l !== 'src/screens')],
    packages: [
      'typescript',
      'ajv',
      'ajv-formats',
      '@rjsf/validator-ajv8',
      'json-schema-to-typescript',
      'playwright-core',
      'puppeteer-core',
      'chrome-launcher',
      'lighthouse',
      ...['child_process', 'crypto', 'fs', 'net', 'os', 'path', 'url', 'util'].map((m) => `node:${m}`),
    ],
  },
  schemas: { prefix: 'schemas/', mayImport: [], packages: [] },
  locales: { prefix: 'locales/', mayImport: [], packages: [] },
};

/** Edges allowed against the table, each with its reason. Keep this list short. */
export const EXCEPTIONS: Array<{ from: string; to: string; why: string }> = [];

const ROOTS = ['contract', 'src', 'server', 'scripts'];
const SKIP = new Set(['node_modules', 'dist']);
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

export interface Problem {
  kind: 'layer' | 'package' | 'folder' | 'cycle' | 'folder-cycle' | 'unresolved';
  message: string;
}

export function layerOf(rel: string): string | null {
  let best: string | null = null;
  let bestLength = -1;
  for (const [name, { prefix }] of Object.entries(LAYERS)) {
    if (rel.startsWith(prefix) && prefix.length > bestLength) {
      best = name;
      bestLength = prefix.length;
    }
  }
  return best;
}

function mayImport(from: string, to: string): boolean {
  return from === to || DATA.includes(to) || LAYERS[from].mayImport.includes(to);
}

function sourceFiles(root: string, dir: string, out: string[]): void {
  const abs = path.join(root, dir);
  if (!existsSync(abs)) return;
  for (const name of readdirSync(abs)) {
    if (SKIP.has(name)) continue;
    const rel = `${dir}/${name}`;
    if (statSync(path.join(root, rel)).isDirectory()) sourceFiles(root, rel, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(rel);
  }
}

/** The specifiers a file imports (static, export-from, dynamic import() and require()). */
function importsOf(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
}

/**
 * The package a bare specifier names, as the layer table lists it: a builtin whole
 * (`node:fs/promises` is not `node:fs`), a package without its subpath (`react-dom/client`
 * is `react-dom`, `@rjsf/utils/lib/x` is `@rjsf/utils`).
 */
export function packageOf(spec: string): string {
  if (spec.startsWith('node:')) return spec;
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * What a file outside every layer belongs to, named once for all its files: its folder under
 * src/ or server/ (`server/wallet/`), or the file itself when it lies loose at a root.
 */
function unplacedUnit(rel: string): string {
  const parts = rel.split('/');
  return parts.length > 2 ? `${parts[0]}/${parts[1]}/` : rel;
}

/** The repo-relative file a specifier names, or null when nothing matches. */
function resolve(root: string, fromRel: string, spec: string): string | null {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(fromRel), spec));
  const candidates = EXTENSIONS.map((ext) => base + ext);
  if (base.endsWith('.js')) candidates.push(base.replace(/\.js$/, '.ts'));
  for (const c of candidates) {
    const abs = path.join(root, c);
    if (existsSync(abs) && statSync(abs).isFile()) return c;
  }
  return null;
}

/** Strongly connected components of size > 1 (or a file importing itself), Tarjan's algorithm. */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];

  function visit(v: string): void {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, idx.get(w)!));
      }
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(scc);
    }
  }
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) visit(v);
  return found;
}

/** One concrete loop through a component: the shortest path from its first file back to it. */
function loopThrough(scc: string[], graph: Map<string, string[]>): string[] {
  const members = new Set(scc);
  const start = [...scc].sort()[0];
  const prev = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const loop = [start];
        for (let x: string | undefined = v; x !== undefined && x !== start; x = prev.get(x)) loop.splice(1, 0, x);
        return [...loop, start];
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return [...scc, scc[0]];
}

/**
 * The same imports between folders: a folder imports another when one of its own files (not its
 * subfolders') imports one of the other's. Two folders that import each other, even through
 * files that do not, cannot be read or moved one without the other.
 */
function folderGraph(files: Map<string, string[]>): Map<string, string[]> {
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of files) {
    const from = path.posix.dirname(file);
    const edges = folders.get(from) ?? new Set<string>();
    folders.set(from, edges);
    for (const t of targets) if (path.posix.dirname(t) !== from) edges.add(path.posix.dirname(t));
  }
  return new Map([...folders].map(([f, e]) => [f, [...e].sort()]));
}

/** One file import for each step of a folder loop, so the message says what to change. */
function folderLoopImports(loop: string[], files: Map<string, string[]>): string {
  const steps: string[] = [];
  for (let i = 0; i + 1 < loop.length; i++) {
    for (const [file, targets] of files) {
      const t = path.posix.dirname(file) === loop[i] ? targets.find((x) => path.posix.dirname(x) === loop[i + 1]) : undefined;
      if (t) {
        steps.push(`${file} → ${t}`);
        break;
      }
    }
  }
  return steps.join('; ');
}

/** Checks every .ts/.tsx file under contract/, src/, server/ and scripts/ of `root`. */
export function checkImports(root: string): Problem[] {
  const problems: Problem[] = [];
  const files: string[] = [];
  for (const dir of ROOTS) sourceFiles(root, dir, files);
  const graph = new Map<string, string[]>();

  const unplaced = new Set<string>();
  for (const file of files.sort()) {
    const fromLayer = layerOf(file);
    if (!fromLayer && !unplaced.has(unplacedUnit(file))) {
      const unit = unplacedUnit(file);
      unplaced.add(unit);
      problems.push({
        kind: 'folder',
        message: unit.endsWith('/')
          ? `${unit}: a folder outside the layer table: add it to LAYERS in scripts/check-imports.ts with what it may import, or move its files into a listed folder`
          : `${unit}: a file outside the layer table: move it into a listed folder (the server's composition is server/composition/)`,
      });
    }
    const edges: string[] = [];
    graph.set(file, edges);
    for (const spec of importsOf(readFileSync(path.join(root, file), 'utf8'))) {
      if (!spec.startsWith('.')) {
        const pkg = packageOf(spec);
        if (fromLayer && !LAYERS[fromLayer].packages.includes(pkg))
          problems.push({
            kind: 'package',
            message: `${file}: imports package ${pkg} (layer ${fromLayer} may use only: ${LAYERS[fromLayer].packages.join(', ') || 'no package'})`,
          });
        continue;
      }
      const target = resolve(root, file, spec);
      if (!target) {
        // a template specifier (import.meta.glob keys, generated paths) cannot be followed
        if (!spec.includes('${'))
          problems.push({
            kind: 'unresolved',
            message: `${file}: imports ${spec} (no such file)`,
          });
        continue;
      }
      edges.push(target);
      const toLayer = layerOf(target);
      // a file outside every layer is reported once for its folder, above
      if (!fromLayer) continue;
      if (!toLayer) {
        problems.push({
          kind: 'layer',
          message: `${file}: imports ${target} (outside the layer table)`,
        });
        continue;
      }
      if (mayImport(fromLayer, toLayer)) continue;
      if (EXCEPTIONS.some((e) => file.startsWith(e.from) && target === e.to)) continue;
      problems.push({
        kind: 'layer',
        message: `${file}: imports ${target} (layer ${fromLayer} may not import layer ${toLayer})`,
      });
    }
  }

  for (const scc of cycles(graph))
    problems.push({
      kind: 'cycle',
      message: `import cycle: ${loopThrough(scc, graph).join(' → ')}`,
    });
  const folders = folderGraph(graph);
  for (const scc of cycles(folders)) {
    const loop = loopThrough(scc, folders);
    problems.push({
      kind: 'folder-cycle',
      message: `folder cycle: ${loop.join(' → ')} (${folderLoopImports(loop, graph)})`,
    });
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const problems = checkImports(root);
  for (const p of problems) console.error(p.message);
  if (problems.length) {
    console.error(`\ncheck-imports: ${problems.length} problem(s). Layers and allowed imports: scripts/check-imports.ts`);
    process.exit(1);
  }
  console.log('check-imports: ok');
}
