// One-way dependencies (DESIGN.md principle 7): every relative import between the repo's
// folders must go down the layer table below, and no two files may import each other,
// directly or round a loop. Prints each problem and exits 1 if there is any.
//
//   npm run check:imports
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Layers, matched by path prefix (the longest prefix wins), and what each may import besides
 * itself. Data folders (schemas/, locales/) hold JSON that any layer may read.
 */
const DATA = ['schemas', 'locales'];
const SRC = ['src/i18n', 'src/ui', 'src/app/routes', 'src/api', 'src/feed', 'src/store', 'src/widgets', 'src/engine', 'src/screens', 'src/app', 'src/main'];

export const LAYERS: Record<string, { prefix: string; mayImport: string[] }> = {
  contract: { prefix: 'contract/', mayImport: [] },
  // the schema loader reads files with node:fs: the server and the scripts use it, the browser never
  'contract/loader': { prefix: 'contract/loader.ts', mayImport: ['contract'] },
  'src/i18n': { prefix: 'src/i18n/', mayImport: ['contract'] },
  'src/ui': { prefix: 'src/ui/', mayImport: ['contract'] },
  // the route table is plain data (scripts and screens read it), so it sits below the shell
  'src/app/routes': { prefix: 'src/app/routes.ts', mayImport: ['contract'] },
  'src/api': { prefix: 'src/api/', mayImport: ['contract', 'src/i18n', 'src/ui'] },
  'src/feed': { prefix: 'src/feed/', mayImport: ['contract', 'src/i18n', 'src/ui', 'src/api'] },
  'src/store': { prefix: 'src/store/', mayImport: ['contract', 'src/i18n', 'src/ui', 'src/api', 'src/feed'] },
  'src/widgets': { prefix: 'src/widgets/', mayImport: ['contract', 'src/i18n', 'src/ui', 'src/api', 'src/feed', 'src/store'] },
  'src/engine': { prefix: 'src/engine/', mayImport: ['contract', 'src/i18n', 'src/ui', 'src/api', 'src/feed', 'src/store', 'src/widgets'] },
  'src/screens': {
    prefix: 'src/screens/',
    mayImport: ['contract', 'src/i18n', 'src/ui', 'src/app/routes', 'src/api', 'src/feed', 'src/store', 'src/widgets', 'src/engine'],
  },
  'src/app': { prefix: 'src/app/', mayImport: ['contract', ...SRC.filter((l) => l !== 'src/app' && l !== 'src/main')] },
  // nothing but the shell (its loader table, src/screens/index.ts) imports a screen
  'src/main': { prefix: 'src/main.tsx', mayImport: ['contract', ...SRC.filter((l) => l !== 'src/main' && l !== 'src/screens')] },
  server: { prefix: 'server/', mayImport: ['contract', 'contract/loader'] },
  // scripts read src (the route table, generated output) but nothing imports scripts
  scripts: { prefix: 'scripts/', mayImport: ['contract', 'contract/loader', ...SRC.filter((l) => l !== 'src/screens')] },
  schemas: { prefix: 'schemas/', mayImport: [] },
  locales: { prefix: 'locales/', mayImport: [] },
};

/** Edges allowed against the table, each with its reason. Keep this list short. */
export const EXCEPTIONS: Array<{ from: string; to: string; why: string }> = [];

const ROOTS = ['contract', 'src', 'server', 'scripts'];
const SKIP = new Set(['node_modules', 'dist']);
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

export interface Problem {
  kind: 'layer' | 'cycle' | 'unresolved';
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

/** The relative specifiers a file imports (static, export-from and dynamic import()). */
function importsOf(source: string): string[] {
  return ts
    .preProcessFile(source, true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((s) => s.startsWith('.'));
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

/** Checks every .ts/.tsx file under contract/, src/, server/ and scripts/ of `root`. */
export function checkImports(root: string): Problem[] {
  const problems: Problem[] = [];
  const files: string[] = [];
  for (const dir of ROOTS) sourceFiles(root, dir, files);
  const graph = new Map<string, string[]>();

  for (const file of files.sort()) {
    const fromLayer = layerOf(file);
    const edges: string[] = [];
    graph.set(file, edges);
    for (const spec of importsOf(readFileSync(path.join(root, file), 'utf8'))) {
      const target = resolve(root, file, spec);
      if (!target) {
        // a template specifier (import.meta.glob keys, generated paths) cannot be followed
        if (!spec.includes('${')) problems.push({ kind: 'unresolved', message: `${file}: imports ${spec} (no such file)` });
        continue;
      }
      edges.push(target);
      const toLayer = layerOf(target);
      if (!fromLayer || !toLayer) {
        problems.push({ kind: 'layer', message: `${file}: imports ${target} (outside the layer table)` });
        continue;
      }
      if (mayImport(fromLayer, toLayer)) continue;
      if (EXCEPTIONS.some((e) => file.startsWith(e.from) && target === e.to)) continue;
      problems.push({ kind: 'layer', message: `${file}: imports ${target} (layer ${fromLayer} may not import layer ${toLayer})` });
    }
  }

  for (const scc of cycles(graph)) problems.push({ kind: 'cycle', message: `import cycle: ${loopThrough(scc, graph).join(' → ')}` });
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
