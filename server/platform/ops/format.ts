// What the operator commands share: `key=value` arguments and a plain-text table. They refuse with
// an ApiError (server/core/errors.ts), which the CLI prints in English.
import { refusal } from '../../core/errors.ts';


/** `key=value` arguments of a create/update command; an unknown or repeated key is refused. */
export function keyValues<K extends string>(args: string[], keys: readonly K[]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const arg of args) {
    const eq = arg.indexOf('=');
    const key = (eq < 0 ? arg : arg.slice(0, eq)) as K;
    if (!keys.includes(key)) throw refusal('refusals.cli.keyUnknown', { input: key, keys: keys.join(', ') });
    if (key in out) throw refusal('refusals.cli.keyTwice', { input: key });
    out[key] = eq < 0 ? '' : arg.slice(eq + 1).trim();
  }
  return out;
}

/** Rows as aligned columns under their keys; `empty` when there are none. */
export function table(rows: Record<string, string | number>[], empty = '(empty)'): string {
  if (rows.length === 0) return empty;
  const keys = Object.keys(rows[0]);
  const width = keys.map((k) => Math.max(k.length, ...rows.map((r) => String(r[k]).length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => v.padEnd(width[i]))
      .join('  ')
      .trimEnd();
  return [line(keys), ...rows.map((r) => line(keys.map((k) => String(r[k]))))].join('\n');
}
