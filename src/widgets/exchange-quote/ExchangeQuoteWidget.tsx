// The live quote of the exchange form: the rate of the chosen pair from GET
// /recharge/exchangeFind {symbol: "FROM_TO"}, polled while the screen is open, the fee and the
// amount the user gets for the typed amount, computed exactly (./quote.ts) from the prices the
// server answered. A swap button turns the pair round; choosing the to-coin as the from-coin
// swaps the two. The server executes at its own price when the form is sent (and answers the
// amounts that moved).
// ui:options: fromField, toField, amountField (default from_coin, to_coin, num), pollMs (default 5000).
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { decimalsOf } from '../../../contract/decimal';
import { displayDecimals, formatRate } from '../../../contract/display-rule';
import { formatAmount } from '../../../contract/number-format';
import { endpoint as exchangeFind } from '../../api/generated/screens/exchange-find';
import { formContextOf } from '../formContext';
import { exchangeAmounts, isAmount, ratioPercent } from './quote';
import './exchange-quote.css';

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

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

  // Choosing as from-coin the coin that is the to-coin turns the pair round (and the other way).
  const last = useRef({ from, to });
  useEffect(() => {
    const before = last.current;
    last.current = { from, to };
    if (!from || from !== to) return;
    if (before.from !== from && before.from) ctx.setField(toField, before.from);
    else if (before.to !== to && before.to) ctx.setField(fromField, before.to);
  }, [from, to, ctx, fromField, toField]);

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
    const amounts = isAmount(num) ? exchangeAmounts(num, quote.fromPrice, quote.toPrice, quote.feeRate, quote.toDecimals) : null;
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
      {body}
    </div>
  );
}
