// The live quote of the exchange form: the rate of the chosen pair from GET
// /recharge/exchangeFind {symbol: "FROM_TO"}, polled while the screen is open, the fee and the
// amount the user gets for the typed amount, computed exactly (./quote.ts) from the prices the
// server answered. A swap button turns the pair round; choosing the to-coin as the from-coin
// swaps the two, says so and empties the amount (it was typed in the other coin). The form's
// confirmation repeats what is paid, got and the rate. The server executes at its own price when
// the form is sent (and answers the amounts that moved).
// ui:options: fromField, toField, amountField (default from_coin, to_coin, num), pollMs (default 5000).
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { decimalsOf } from '../../../contract/decimal';
import { displayDecimals, formatRate } from '../../../contract/display-rule';
import { formatAmount } from '../../../contract/number-format';
import type { ExchangeQuote } from '../../../contract/generated/types';
import { endpoint as exchangeFind } from '../../api/generated/screens/exchange-find';
import { type FormContext, formContextOf } from '../formContext';
import { exchangeAmounts, isAmount, type QuoteAmounts, ratioPercent } from './quote';
import './exchange-quote.css';

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

type Fields = { fromField: string; toField: string; amountField: string };

/**
 * Choosing as from-coin the coin that is the to-coin turns the pair round (and the other way),
 * visibly: the pair it made is returned for a note, and the amount, typed in the coin that is now
 * received, is emptied.
 */
function useSameCoinSwap(ctx: FormContext, { fromField, toField, amountField }: Fields, from: string, to: string) {
  const last = useRef({ from, to });
  const [swapped, setSwapped] = useState<{ from: string; to: string } | null>(null);
  useEffect(() => {
    const before = last.current;
    last.current = { from, to };
    if (!from || from !== to) return;
    const other =
      before.from !== from && before.from
        ? { field: toField, coin: before.from }
        : before.to !== to && before.to
          ? { field: fromField, coin: before.to }
          : null;
    if (!other) return;
    ctx.setField(other.field, other.coin);
    ctx.setField(amountField, undefined);
    setSwapped(other.field === toField ? { from, to: other.coin } : { from: other.coin, to });
  }, [from, to, ctx, fromField, toField, amountField]);
  // the note stays while the pair is the one the swap made
  return swapped && swapped.from === from && swapped.to === to ? swapped : null;
}

interface Quoted {
  quote: ExchangeQuote;
  amounts: QuoteAmounts;
  num: string;
  rate: string;
}

/** The form's confirmation repeats what is paid, what is got, the rate and the fee. */
function useConfirmRows(ctx: FormContext, quoted: Quoted | null) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const rows = useMemo(() => {
    if (!quoted) return null;
    const { quote, amounts, num, rate } = quoted;
    const got = (v: string) => `${formatAmount(v, displayDecimals(quote.to_coin, quote.toDecimals), locale)} ${quote.to_coin}`;
    const feePercent = ratioPercent(quote.feeRate);
    return [
      { label: t('exchange.pay'), value: `${formatAmount(num, decimalsOf(num), locale)} ${quote.from_coin}` },
      { label: t('exchange.receive'), value: got(amounts.received) },
      { label: t('exchange.rate'), value: `1 ${quote.from_coin} ≈ ${formatRate(rate, locale)} ${quote.to_coin}` },
      { label: t('exchange.fee', { rate: formatAmount(feePercent, decimalsOf(feePercent), locale) }), value: got(amounts.fee) },
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the rows change with the numbers in them, not with a new object of the same
  }, [quoted?.quote, quoted?.amounts.received, quoted?.amounts.fee, quoted?.num, quoted?.rate, locale, t]);
  const { confirmRows } = ctx;
  useEffect(() => {
    confirmRows?.(rows);
    return () => confirmRows?.(null);
  }, [rows, confirmRows]);
}

export function ExchangeQuoteWidget({ id, options, registry }: WidgetProps) {
  const { t, i18n } = useTranslation();
  const ctx = formContextOf(registry);
  const fromField = typeof options.fromField === 'string' ? options.fromField : 'from_coin';
  const toField = typeof options.toField === 'string' ? options.toField : 'to_coin';
  const amountField = typeof options.amountField === 'string' ? options.amountField : 'num';
  const pollMs = typeof options.pollMs === 'number' ? options.pollMs : 5000;
  const from = text(ctx.formData[fromField]);
  const to = text(ctx.formData[toField]);
  const num = ctx.formData[amountField];

  const swapped = useSameCoinSwap(ctx, { fromField, toField, amountField }, from, to);

  const symbol = `${from}_${to}`;
  const q = exchangeFind.useQuery({ symbol }, { skip: !from || !to, pollingInterval: pollMs, skipPollingIfUnfocused: true });
  const quote = q.currentData?.quote ?? null;
  const locale = i18n.language;
  // the coin received as the display rule shows it (USDT 2 decimals, another coin its own)
  const show = (v: string, decimals: number) => formatAmount(v, displayDecimals(quote?.to_coin, decimals), locale);

  const swap = () => {
    ctx.setField(fromField, to);
    ctx.setField(toField, from);
  };

  const amounts = quote?.status === 'ok' && isAmount(num) ? exchangeAmounts(num, quote.fromPrice, quote.toPrice, quote.feeRate, quote.toDecimals) : null;
  const rate = quote?.status === 'ok' ? quote.rate : '';
  useConfirmRows(ctx, quote && amounts && typeof num === 'string' ? { quote, amounts, num, rate } : null);

  let body;
  if (!from || !to) body = <p className="field-hint">{t('exchange.choosePair')}</p>;
  else if (!quote) body = <p className="field-hint">{q.isError ? t('exchange.rateFailed') : t('common.loading')}</p>;
  else if (quote.status === 'sameCoin') body = <p className="field-hint">{t('exchange.sameCoinHint')}</p>;
  else if (quote.status === 'noPrice') {
    body = (
      <p className="field-hint quote-warning" role="status">
        {t('exchange.noPriceHint', { coin: quote.missing })}
      </p>
    );
  } else {
    const feePercent = ratioPercent(quote.feeRate);
    const at = new Date(quote.at);
    body = (
      <>
        <p className="quote-rate" data-testid="quote-rate">
          1 {quote.from_coin} ≈ {formatRate(quote.rate, locale)} {quote.to_coin}
        </p>
        <dl className="quote-lines">
          <div>
            <dt>{t('exchange.fee', { rate: formatAmount(feePercent, decimalsOf(feePercent), locale) })}</dt>
            <dd data-testid="quote-fee">{amounts ? `${show(amounts.fee, quote.toDecimals)} ${quote.to_coin}` : '—'}</dd>
          </div>
          <div className="quote-receive">
            <dt>{t('exchange.receive')}</dt>
            <dd data-testid="quote-receive">{amounts ? `${show(amounts.received, quote.toDecimals)} ${quote.to_coin}` : '—'}</dd>
          </div>
        </dl>
        <p className="field-hint">
          {t('exchange.rateTime', { time: Number.isNaN(at.getTime()) ? '' : at.toLocaleTimeString(locale), seconds: Math.round(pollMs / 1000) })}
        </p>
      </>
    );
  }

  return (
    <div className="exchange-quote" id={id} aria-live="polite">
      <button type="button" className="btn btn-ghost btn-small quote-swap" onClick={swap} disabled={!from || !to}>
        ⇅ {t('exchange.swap')}
      </button>
      {swapped && (
        <p className="field-hint quote-swapped" role="status" data-testid="quote-swapped">
          {t('exchange.swapped', { from: swapped.from, to: swapped.to })}
        </p>
      )}
      {body}
    </div>
  );
}
