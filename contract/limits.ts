// x-limits: bounds that come from live data (a coin's minimum and maximum, the available
// balance, its display decimals, a fee). A screen file names data sources; each field's
// x-limits binds a limit to a path into them ("asset.available"). The engine and the
// server resolve the same declaration with these functions, so both enforce the same
// limits. Values stay exact decimal strings: a limit is never a float.
import { compare, DEFAULT_DECIMALS, decimalsOf, divide, roundDown, sub, tryScaled } from './decimal.ts';
import { displayDecimals } from './display-rule.ts';
import type { JsonSchema } from './screen.ts';

/**
 * `coin` is the code the amount is in (a text, not a bound): it decides the decimals the limits are
 * shown with (the display rule). Without an x-limits "coin" it is the `coin` (else `currency`) of
 * the row whose `decimals` gives the field's decimals (an amount; a quantity's other decimals name none).
 * `price` is what one unit of the field costs in the available balance's coin (an IEO coin, a mining
 * machine): then `available` is that balance, and what it allows is available ÷ price units.
 * `availableCoin` (a text) and `availableDecimals` name the balance's coin and its decimals for the hint.
 */
export type LimitName = 'minimum' | 'maximum' | 'available' | 'decimals' | 'fee' | 'coin' | 'price' | 'availableCoin' | 'availableDecimals';
const TEXT_LIMITS: readonly LimitName[] = ['coin', 'availableCoin'];
/** The bounds that can be broken; decimals and fee shape the others. */
export type BoundName = 'minimum' | 'maximum' | 'available' | 'decimals';
export type FieldLimits = Partial<Record<LimitName, string>>;
export type ResolvedLimits = Record<string, FieldLimits>;

/**
 * Where a screen's live data comes from: a GET endpoint of another schema file (by name),
 * called with `args`; `list` names the array in its response and `match` picks the row
 * whose fields equal the form's (`{"coin": "coin"}`: row.coin === form.coin), or a value of a
 * source declared before it (`{"coin": "product.coin"}`: the balance of the product's coin).
 */
export interface SourceDef {
  endpoint: string;
  args?: Record<string, unknown>;
  list?: string;
  match?: Record<string, string>;
}

/** The value at a dotted path ("status.block") in nested data; undefined where it leads nowhere. */
export function valueAt(data: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), data);
}

/** The row (or the whole response) a source contributes for the current form values and the sources picked before it. */
export function pickSource(def: SourceDef, response: unknown, formData: Record<string, unknown>, picked: Record<string, unknown> = {}): unknown {
  if (!def.list) return response;
  const rows = valueAt(response, def.list);
  if (!Array.isArray(rows)) return undefined;
  const wanted = (name: string) => (name.includes('.') ? valueAt(picked, name) : formData[name]);
  const match = Object.entries(def.match ?? {}).map(([rowField, name]) => [rowField, wanted(name)] as const);
  return rows.find((row) => match.every(([rowField, value]) => String((row as Record<string, unknown>)[rowField]) === String(value ?? '')));
}

/** Every source's pick, in their declared order (a match may name a source declared before it). */
export function pickSources(defs: Record<string, SourceDef>, responses: Record<string, unknown>, formData: Record<string, unknown>): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const [name, def] of Object.entries(defs)) picked[name] = pickSource(def, responses[name], formData, picked);
  return picked;
}

const isDecimal = (v: unknown): v is string | number => (typeof v === 'string' || typeof v === 'number') && tryScaled(v, 18) !== null;

export function resolveLimits(schema: JsonSchema | undefined, data: unknown): ResolvedLimits {
  const out: ResolvedLimits = {};
  const props = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  for (const [field, prop] of Object.entries(props)) {
    const spec = prop['x-limits'] as Partial<Record<LimitName, string>> | undefined;
    if (!spec) continue;
    for (const [name, path] of Object.entries(spec) as [LimitName, string][]) {
      const value = valueAt(data, path);
      const readable = TEXT_LIMITS.includes(name) ? typeof value === 'string' && value !== '' : isDecimal(value);
      if (path && readable) out[field] = { ...out[field], [name]: String(value) };
    }
    // the row that gives an amount's decimals ("network.decimals"; not a quantity's "machine.quantityDecimals")
    const coin = spec.coin === undefined && spec.decimals?.endsWith('.decimals') ? rowCoin(data, spec.decimals) : undefined;
    if (coin) out[field] = { ...out[field], coin };
  }
  return out;
}

/** The coin (else currency) code beside a path's value in its row ("network.decimals" -> network.coin). */
function rowCoin(data: unknown, path: string): string | undefined {
  const row = valueAt(data, path.split('.').slice(0, -1).join('.'));
  const code = row && typeof row === 'object' ? ((row as Record<string, unknown>).coin ?? (row as Record<string, unknown>).currency) : undefined;
  return typeof code === 'string' && code !== '' ? code : undefined;
}

/**
 * The decimals a field's limits are shown with in its hint and messages (issue 24): the display rule
 * over the field's coin (USDT, USDC, fiat 2; another coin its decimals), else the field's own decimals.
 */
export function shownDecimals(limits: FieldLimits = {}): number {
  const own = limits.decimals === undefined ? DEFAULT_DECIMALS : Number(limits.decimals);
  return limits.coin === undefined ? own : displayDecimals(limits.coin, own);
}

/** A limit as a message quotes it: an amount of a coin rounded down to shownDecimals, anything else exact (the locale's separators come with the message). */
export function shownLimit(value: string, limits?: FieldLimits): string {
  return limits?.coin === undefined ? value : roundDown(value, shownDecimals(limits));
}

/** What can be spent: the available amount less the fee, never below zero; with a price, the units it pays for, rounded down to the field's decimals. */
function spendable(limits: FieldLimits): string | undefined {
  if (limits.available === undefined) return undefined;
  const rest = limits.fee === undefined ? limits.available : sub(limits.available, limits.fee);
  if (compare(rest, '0') < 0) return '0';
  if (limits.price === undefined) return rest;
  if (compare(limits.price, '0') <= 0) return undefined;
  return divide(rest, limits.price, limits.decimals === undefined ? DEFAULT_DECIMALS : Number(limits.decimals));
}

/** What the All (Max) button fills: what can be spent, at most the maximum (a loan's repayment: what is owed; a staking product's largest amount). */
export function allAmount(limits: FieldLimits): string | undefined {
  const rest = spendable(limits);
  return rest !== undefined && limits.maximum !== undefined && compare(rest, limits.maximum) > 0 ? limits.maximum : rest;
}

export interface LimitViolation {
  field: string;
  limit: BoundName;
  value: string;
}

export function limitViolations(formData: Record<string, unknown>, limits: ResolvedLimits): LimitViolation[] {
  const out: LimitViolation[] = [];
  for (const [field, bounds] of Object.entries(limits)) {
    const raw = formData[field];
    if (raw === undefined || raw === '' || raw === null || !isDecimal(raw)) continue;
    const n = String(raw);
    if (bounds.decimals !== undefined && decimalsOf(n) > Number(bounds.decimals)) out.push({ field, limit: 'decimals', value: bounds.decimals });
    if (bounds.minimum !== undefined && compare(n, bounds.minimum) < 0) out.push({ field, limit: 'minimum', value: bounds.minimum });
    if (bounds.maximum !== undefined && compare(n, bounds.maximum) > 0) out.push({ field, limit: 'maximum', value: bounds.maximum });
    const all = spendable(bounds);
    if (all !== undefined && compare(n, all) > 0) out.push({ field, limit: 'available', value: all });
  }
  return out;
}

/**
 * The payload's password fields (`"x-password": true`): sent and checked exactly as typed, never
 * trimmed, normalised or refused for their characters (the hash normalises them itself).
 */
export function passwordFields(schema: JsonSchema | undefined): string[] {
  const props = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  return Object.keys(props).filter((k) => props[k]['x-password'] === true);
}

/** The payload's multi-line text fields (`"x-multiline": true`, a chat message): line breaks allowed, other control characters still refused. */
export function multilineFields(schema: JsonSchema | undefined): string[] {
  const props = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  return Object.keys(props).filter((k) => props[k]['x-multiline'] === true);
}

/** Fields whose value must equal another field's (x-matches), e.g. a password confirmation. */
export function mismatchedFields(schema: JsonSchema | undefined, formData: Record<string, unknown>): string[] {
  const props = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(props)
    .filter(([field, prop]) => {
      const other = prop['x-matches'];
      return typeof other === 'string' && formData[field] !== undefined && formData[field] !== formData[other];
    })
    .map(([field]) => field);
}
