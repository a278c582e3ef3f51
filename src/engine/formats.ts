// The field-format registry: how a list row or a detail shows one field of a record. A screen
// file names a format (FieldView.format); `npm run check:schemas` fails on a name this registry
// does not have. Adding a format is one entry here plus its name in contract/screen.ts FieldFormat
// and the meta-schema's fieldView.format enum (the type below keeps the three in step).
import { DEFAULT_DECIMALS, decimalsOf, roundDown } from '../../contract/decimal';
import { groupIban } from '../../contract/iban';
import { coinDecimals } from '../../contract/display-rule';
import { formatAmount, formatPercent, formatSigned } from '../../contract/number-format';
// a named import: the file's description stays out of the bundle
import { markets as configMarkets } from '../../schemas/config/markets.json';
import type { StatusTone } from '../ui/StatusBadge';
import { statusTone } from './statusTones';
import type { FieldView } from './types';

export type Translate = (key: string, params?: Record<string, unknown>) => string;
type FormatName = NonNullable<FieldView['format']>;
export type Tone = 'up' | 'down';
type Rec = Record<string, unknown>;

/** A formatted value: its text and, for up/down values, the tone the row colours it with. */
export interface Formatted {
  text: string;
  tone?: Tone;
  /** status: drawn as a badge of this colour (src/ui/StatusBadge) */
  status?: StatusTone;
  /** image: the URL of an uploaded image, drawn instead of the text */
  image?: string;
  /** html: operator markup, drawn sanitised (./SafeHtml) instead of the text */
  html?: string;
}

export interface FormatContext {
  view: FieldView;
  record: Rec;
  locale: string;
  t: Translate;
}

/** One format: a non-empty value of a record field to its display. */
export type FieldFormatter = (value: string, ctx: FormatContext) => Formatted;

interface Market {
  symbol: string;
  base: string;
  quote: string;
  priceDecimals: number;
  amountDecimals: number;
}

const MARKETS = new Map((configMarkets as Market[]).map((m) => [m.symbol.toLowerCase(), m]));

export function marketOf(symbol: unknown): Market | undefined {
  return typeof symbol === 'string' ? MARKETS.get(symbol.toLowerCase()) : undefined;
}

/** "btcusdt" → "BTC/USDT" (markets.json base and quote); an unknown symbol is shown upper-case. */
export function pairName(symbol: string): string {
  const m = marketOf(symbol);
  return m ? `${m.base}/${m.quote}` : symbol.toUpperCase();
}

/**
 * The decimals an amount of `coin` is shown with: the display rule over coins.json; a coin the list
 * does not hold takes the record's own decimals (when it is the record's coin), else the decimals
 * the server wrote `value` with (it writes a coin's amounts in that coin's decimals). Undefined for no coin.
 */
function amountDecimals(coin: unknown, record: Rec, value: string | undefined): number | undefined {
  if (typeof coin !== 'string' || coin === '') return undefined;
  const own = coin === record.coin && typeof record.decimals === 'number' ? record.decimals : value === undefined ? undefined : decimalsOf(value);
  return coinDecimals(coin, own);
}

/** The coin of a record's amount: coinField's, else the record's coin or coinname. */
function recordCoin(view: FieldView, record: Rec): unknown {
  return (view.coinField ? record[view.coinField] : undefined) ?? record.coin ?? record.coinname;
}

/**
 * The decimals an amount is shown with: the view's number; the record market's price decimals for
 * "price", its base coin's for "amount"; else the coin of coinField, coin or coinname by the display
 * rule (2 for USDT, USDC and fiat, the coin's decimals in coins.json, a coin not listed its record's
 * or its value's decimals); else the record market's quote coin; else 6.
 */
export function decimalsFor(view: FieldView, record: Rec, value?: string): number {
  const market = marketOf(record.symbol);
  if (typeof view.decimals === 'number') return view.decimals;
  if (view.decimals === 'price' && market) return market.priceDecimals;
  if (view.decimals === 'amount' && market) return coinDecimals(market.base);
  return amountDecimals(recordCoin(view, record), record, value) ?? (market ? coinDecimals(market.quote) : undefined) ?? DEFAULT_DECIMALS;
}

/**
 * The unit after an amount: coinField's coin; for a view without fixed decimals the coin its
 * decimals came from (the record's coin, else its market's quote; the base for "amount"). A
 * price ("price" decimals) has none: it is a rate, read with the pair.
 */
function unitOf(view: FieldView, record: Rec): unknown {
  if (view.coinField) return record[view.coinField];
  if (view.decimals === 'amount') return marketOf(record.symbol)?.base;
  if (view.decimals === undefined) return record.coin ?? record.coinname ?? marketOf(record.symbol)?.quote;
}

function withUnit(text: string, view: FieldView, record: Rec): string {
  const unit = view.unit === false ? undefined : unitOf(view, record);
  return text !== '' && typeof unit === 'string' && unit !== '' ? `${text} ${unit.toUpperCase()}` : text;
}

export function maskAccount(value: string): string {
  return value.length <= 4 ? value : `**** ${value.slice(-4)}`;
}

export function formatDateTime(value: string, locale: string): string {
  const d = new Date(value);
  if (value === '' || Number.isNaN(d.getTime())) return value;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(d);
}

/** A ratio as a percent value, exactly: "0.001" → "0.1" (the decimal point moved two places). */
const pad2 = (n: number) => String(n).padStart(2, '0');

/** Time left as "2 d 03:04:05" (days in the locale's words), "03:04:05" under a day; never negative. */
export function formatCountdown(ms: number, t: Translate): string {
  const s = Number.isFinite(ms) ? Math.max(0, Math.floor(ms / 1000)) : 0;
  const days = Math.floor(s / 86_400);
  const time = `${pad2(Math.floor((s % 86_400) / 3600))}:${pad2(Math.floor((s % 3600) / 60))}:${pad2(s % 60)}`;
  return days > 0 ? t('field.countdown', { days, time }) : time;
}

export function ratioToPercent(value: string): string {
  const plain = roundDown(value, 18);
  if (plain === '') return '';
  const negative = plain.startsWith('-');
  const [int, frac = ''] = (negative ? plain.slice(1) : plain).split('.');
  const digits = `${int}${frac.padEnd(2, '0')}`;
  const point = int.length + 2;
  const whole = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const rest = digits.slice(point).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${rest ? `.${rest}` : ''}`;
}

function sign(value: string): number {
  const plain = roundDown(value, 18);
  if (plain === '' || !/[1-9]/.test(plain)) return 0;
  return plain.startsWith('-') ? -1 : 1;
}

const toneOf = (value: string): Tone | undefined => {
  const s = sign(value);
  return s > 0 ? 'up' : s < 0 ? 'down' : undefined;
};

const orRaw = (text: string, value: string) => (text === '' ? value : text);

export const FORMATS = {
  text: (value) => ({ text: value }),
  datetime: (value, { locale }) => ({ text: formatDateTime(value, locale) }),
  amount: (value, { view, record, locale }) => ({
    text: withUnit(orRaw(formatAmount(value, decimalsFor(view, record, value), locale), value), view, record),
  }),
  // every digit the value has but trailing zeros, never rounded: the back office shows what an operator set
  decimal: (value, { view, record, locale }) => {
    const plain = value.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
    return { text: withUnit(orRaw(formatAmount(plain, decimalsOf(plain), locale), value), view, record) };
  },
  signedAmount: (value, { view, record, locale }) => ({
    text: withUnit(orRaw(formatSigned(value, decimalsFor(view, record, value), locale), value), view, record),
    tone: toneOf(value),
  }),
  percent: (value, { view, locale }) => ({ text: orRaw(formatPercent(view.ratio ? ratioToPercent(value) : value, locale), value) }),
  status: (value, { view, t }) => ({ text: view.values ? t(`${view.values}.${value}`) : value, status: statusTone(view.values, value) }),
  coin: (value) => ({ text: value.toUpperCase() }),
  pair: (value) => ({ text: pairName(value) }),
  masked: (value) => ({ text: maskAccount(value) }),
  image: (value) => ({ text: value, image: value }),
  iban: (value) => ({ text: groupIban(value) }),
  // the text is the markup's words only; a detail draws `html` through DOMPurify (./SafeHtml)
  html: (value) => ({
    text: value
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
    html: value,
  }),
  countdown: (value, { t }) => ({ text: formatCountdown(Date.parse(value) - Date.now(), t) }),
  // a number of seconds (how long an item has waited), as days and hh:mm:ss
  duration: (value, { t }) => ({ text: formatCountdown(Number(value) * 1000, t) }),
  country: (value, { locale }) => ({ text: countryDisplayName(value, locale) }),
} satisfies Record<FormatName, FieldFormatter>; // every FieldFormat name, and no other (excess-property check)

/** An ISO 3166 code by the country's name in `locale` ("DE" → "Deutschland" in German); the text itself where the platform has no name. */
export function countryDisplayName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames(locale, { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Every format name a screen file may use. */
export const FORMAT_NAMES = Object.keys(FORMATS) as FormatName[];

export function resolveFormat(name: string | undefined): FieldFormatter {
  const f = (FORMATS as Record<string, FieldFormatter>)[name ?? 'text'];
  if (!f) throw new Error(`no field format is registered as "${name}"`);
  return f;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/**
 * A record field as shown: null when the value is empty and the view has neither `values` nor
 * `empty`, or says `omitEmpty` (the row leaves the field out). A view with `values` and no explicit format is a status.
 */
export function formatRecordField(view: FieldView, record: Rec, locale: string, t: Translate = (k) => k): Formatted | null {
  const value = record[view.field];
  if (isEmpty(value)) {
    if (view.empty) return { text: t(view.empty) };
    return view.values && !view.omitEmpty ? { text: '—' } : null;
  }
  const name = view.format ?? (view.values ? 'status' : 'text');
  return resolveFormat(name)(String(value), { view, record, locale, t });
}

/** The text of a field (the v1 signature): '' for an empty value, '—' for an empty status. */
export function formatField(view: FieldView, value: unknown, locale: string, t: Translate = (k) => k, record: Rec = {}): string {
  return formatRecordField(view, { ...record, [view.field]: value }, locale, t)?.text ?? '';
}
