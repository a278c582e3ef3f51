// The lines of a purchase summary (src/widgets/purchase-summary/PurchaseSummary.tsx) and of the
// confirmation that repeats them: the figures of contract/earn-preview.ts, each amount rounded down
// with its coin's display decimals, the locale's separators and its unit after it.
import { formatUnits } from '../../../contract/decimal';
import { displayDecimals, formatMoney } from '../../../contract/display-rule';
import { financingPreview, ieoPreview, miningPreview, units, type FinancingTerms, type IeoTerms, type MiningTerms } from '../../../contract/earn-preview';
import { formatAmount, formatPercent } from '../../../contract/number-format';

type Translate = (key: string, params?: Record<string, unknown>) => string;

export interface SummaryRow {
  /** stable name for tests and keys: total, fee, earnings… */
  id: string;
  label: string;
  value: string;
}

/** Which product a form buys (the screen file's "ui:summary"). */
export interface SummarySpec {
  kind: 'ieo' | 'financing' | 'mining';
  /** the form source whose row holds the product's terms */
  source: string;
  /** the typed amount: coins, principal, machines or share percent */
  field: string;
}

interface Ctx {
  t: Translate;
  locale: string;
  /** when the purchase would be made (ms); the current time when not given: rows are made again as the amount changes */
  now?: number;
}

/** "1,234.50 USDT": units rounded down to the coin's display decimals (at most `decimals`), unit after. */
export function amountText(value: bigint, coin: string, decimals: number, locale: string): string {
  return `${formatAmount(formatUnits(value, 8), displayDecimals(coin, decimals), locale)} ${coin}`;
}

export function dateText(iso: string, locale: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

function ieoRows(p: IeoTerms, typed: unknown, { t, locale }: Ctx): SummaryRow[] | null {
  const v = ieoPreview(p, typed);
  if (!v) return null;
  return [
    { id: 'total', label: t('preview.total'), value: amountText(v.total, v.coin, v.decimals, locale) },
    { id: 'fee', label: t('preview.fee'), value: amountText(v.fee, v.coin, v.decimals, locale) },
    { id: 'receive', label: t('preview.receive'), value: amountText(units(String(typed).trim()), p.coin, p.decimals, locale) },
    { id: 'closes', label: t('preview.closesAt'), value: dateText(v.endAt, locale) },
    { id: 'release', label: t('preview.thawAt'), value: dateText(v.thawAt, locale) },
  ];
}

function financingRows(p: FinancingTerms, typed: unknown, { t, locale, now }: Ctx): SummaryRow[] | null {
  const v = financingPreview(p, typed, now ?? Date.now());
  if (!v) return null;
  const amount = (x: bigint) => amountText(x, v.coin, v.decimals, locale);
  return [
    { id: 'total', label: t('preview.total'), value: amount(v.principal) },
    { id: 'fee', label: t('preview.fee'), value: amount(v.fee) },
    { id: 'daily', label: t('preview.daily'), value: amount(v.daily) },
    { id: 'earnings', label: t('preview.earnings', { days: p.termDays }), value: amount(v.earnings) },
    { id: 'back', label: t('preview.backAtMaturity'), value: amount(v.principal + v.earnings) },
    { id: 'start', label: t('preview.startAt'), value: dateText(v.startAt, locale) },
    { id: 'firstPayout', label: t('preview.firstPayout'), value: dateText(v.firstPayoutAt, locale) },
    { id: 'maturity', label: t('preview.maturity'), value: dateText(v.maturityAt, locale) },
    { id: 'penalty', label: t('preview.penalty'), value: amount(v.penalty) },
  ];
}

function miningRows(m: MiningTerms, typed: unknown, { t, locale }: Ctx): SummaryRow[] | null {
  const v = miningPreview(m, typed);
  if (!v) return null;
  const price = (x: bigint) => amountText(x, v.priceCoin, v.priceDecimals, locale);
  // income type 1: USDT worth of the output coin at each day's price (a value, shown as money)
  const output = (x: bigint) =>
    v.atDayPrice
      ? t('preview.atDayPrice', { amount: `${formatMoney(formatUnits(x, 8), locale)} USDT`, coin: m.outputCoin })
      : amountText(x, v.earningsCoin, v.earningsDecimals, locale);
  const rows: SummaryRow[] = [
    { id: 'total', label: t('preview.total'), value: price(v.cost) },
    { id: 'fee', label: t('preview.fee'), value: price(v.fee) },
    { id: 'daily', label: t('preview.dailyOutput'), value: output(v.daily) },
    { id: 'earnings', label: t('preview.output', { days: v.termDays }), value: output(v.earnings) },
  ];
  if (v.reward > 0n) rows.push({ id: 'reward', label: t('preview.reward'), value: price(v.reward) });
  if (units(m.frozenRatio) > 0n)
    rows.push({
      id: 'frozen',
      label: t('preview.frozen'),
      value: t('preview.frozenValue', { percent: formatPercent(formatUnits(units(m.frozenRatio) * 100n, 8), locale), days: m.releaseDays }),
    });
  rows.push(
    { id: 'start', label: t('preview.startAt'), value: t('preview.afterApproval') },
    { id: 'firstPayout', label: t('preview.firstPayout'), value: t('preview.dayAfterApproval') },
    { id: 'end', label: t('preview.endAt'), value: t('preview.daysAfterApproval', { days: v.termDays }) },
  );
  return rows;
}

/** The summary's lines for the product row and the typed amount; null while the amount is not one to preview. */
export function summaryRows(spec: SummarySpec, product: unknown, typed: unknown, ctx: Ctx): SummaryRow[] | null {
  if (!product || typeof product !== 'object') return null;
  try {
    if (spec.kind === 'ieo') return ieoRows(product as IeoTerms, typed, ctx);
    if (spec.kind === 'financing') return financingRows(product as FinancingTerms, typed, ctx);
    return miningRows(product as MiningTerms, typed, ctx);
  } catch {
    // a product row without the terms it needs (an older server): no summary rather than a wrong one
    return null;
  }
}
