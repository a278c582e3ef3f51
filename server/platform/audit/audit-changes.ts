// What an audit row's write changed, as the console shows it: one line per changed key,
// "key: before → after", nested objects by dotted keys, "—" where a side had no value.
const MAX_DEPTH = 4;
const NONE = '—';

function flatten(value: unknown, prefix: string, out: Map<string, unknown>, depth: number): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && depth < MAX_DEPTH) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out, depth + 1);
    return;
  }
  if (prefix) out.set(prefix, value);
}

const shown = (v: unknown) => (v === undefined || v === null || v === '' ? NONE : typeof v === 'string' ? v : JSON.stringify(v));

/** A CLI row's after is {args, result, row}: its row is what compares with before. */
function comparable(before: unknown, after: unknown): [unknown, unknown, Record<string, unknown>] {
  const a = after as Record<string, unknown> | null;
  if (a && typeof a === 'object' && 'args' in a && 'row' in a) {
    const { row, ...rest } = a;
    return [before, row, rest];
  }
  return [before, after, {}];
}

export function auditChanges(before: unknown, after: unknown): string {
  const [from, to, context] = comparable(before, after);
  const b = new Map<string, unknown>();
  const a = new Map<string, unknown>();
  flatten(from, '', b, 0);
  flatten(to, '', a, 0);
  const keys = [...new Set([...b.keys(), ...a.keys()])];
  const lines = keys.filter((k) => JSON.stringify(b.get(k)) !== JSON.stringify(a.get(k))).map((k) => `${k}: ${shown(b.get(k))} → ${shown(a.get(k))}`);
  const said = Object.entries(context).map(([k, v]) => `${k}: ${shown(v)}`);
  return [...lines, ...said].join('\n');
}
