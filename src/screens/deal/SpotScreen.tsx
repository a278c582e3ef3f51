// Spot ticket: limit and market orders, percent-of-balance shortcuts, depth, current orders.
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { compare, decimalsOf, divide, isPositive, multiply, percentOf } from '../../../contract/decimal';
import { formatAmount } from '../../../contract/number-format';
import { Link, useSearchParams } from 'react-router-dom';
import { createActionKey } from '../../api/actionKey';
import { endpoint as assetsEndpoint } from '../../api/generated/screens/assets';
import { endpoint as buyEndpoint, type SpotBuyPayload } from '../../api/generated/screens/spot-buy';
import { endpoint as sellEndpoint, type SpotSellPayload } from '../../api/generated/screens/spot-sell';
import { toast } from '../../ui/overlays';
import { useTickers } from '../../store/marketHooks';
import { marketOf } from '../market/markets';
import { PairPicker } from '../market/PairPicker';
import { ChangeChip } from '../market/PairRow';
import { PriceAnnouncer } from '../market/PriceAnnouncer';
import { DepthLadder } from './DepthLadder';
import { OpenOrders } from './OpenOrders';
import { ResultCode } from '../../../contract/result-codes';

type Side = 'buy' | 'sell';
type OrderType = 'limit' | 'market';
const SHORTCUTS = [25, 50, 75, 100];
const QUOTE_DECIMALS = 6;

export default function SpotScreen() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const market = marketOf(params.get('symbol'));
  const tickers = useTickers();
  const ticker = tickers[market.symbol];
  const [side, setSide] = useState<Side>('buy');
  const [type, setType] = useState<OrderType>('limit');
  const [price, setPrice] = useState('');
  const [amount, setAmount] = useState('');
  const [usdt, setUsdt] = useState('');
  const [error, setError] = useState('');
  const assets = assetsEndpoint.useQuery({ cate: 1 });
  const [buy, buyState] = buyEndpoint.useMutation();
  const [sell, sellState] = sellEndpoint.useMutation();
  const busy = buyState.isLoading || sellState.isLoading;
  // One Idempotency-Key per order the user submits, the same for a retry of that order
  const actionKey = useRef(createActionKey()).current;

  const available = useMemo(() => {
    const find = (coin: string) => assets.data?.list.find((a) => a.coin === coin)?.available ?? '0';
    return { base: find(market.base), quote: find(market.quote) };
  }, [assets.data, market]);
  const last = ticker ? String(ticker.close) : '';
  const shownLast = last ? formatAmount(last, market.priceDecimals, i18n.language) : '--';
  const marketBuy = side === 'buy' && type === 'market';
  const effectivePrice = type === 'limit' ? price : last;
  const estimate = !marketBuy && isPositive(amount) && isPositive(effectivePrice) ? multiply(amount, effectivePrice, QUOTE_DECIMALS) : '';

  const shortcut = (pct: number) => {
    if (side === 'sell') return setAmount(percentOf(available.base, pct, market.amountDecimals));
    const spend = percentOf(available.quote, pct, QUOTE_DECIMALS);
    if (marketBuy) return setUsdt(spend);
    if (isPositive(effectivePrice)) setAmount(divide(spend, effectivePrice, market.amountDecimals));
  };

  const check = (): string => {
    if (type === 'limit' && !isPositive(price)) return t(`errors.${ResultCode.priceRequired}`);
    if (type === 'limit' && decimalsOf(price) > market.priceDecimals) return t('trade.decimalsAllowed', { field: t('trade.price'), decimals: market.priceDecimals });
    if (marketBuy ? !isPositive(usdt) : !isPositive(amount)) return t(`errors.${ResultCode.amountRequired}`);
    if (!marketBuy && decimalsOf(amount) > market.amountDecimals) return t('trade.decimalsAllowed', { field: t('trade.amount'), decimals: market.amountDecimals });
    const need = marketBuy ? usdt : side === 'buy' ? estimate || '0' : amount;
    const have = side === 'buy' ? available.quote : available.base;
    return compare(need, have) > 0 ? t(`errors.${ResultCode.insufficientBalance}`) : '';
  };

  const submit = async () => {
    const problem = check();
    setError(problem);
    if (problem) return;
    const buyOrder: SpotBuyPayload = marketBuy ? { symbol: market.symbol, buytype: 'market', musdt: usdt } : { symbol: market.symbol, buytype: type, mprice: price || undefined, mnum: amount };
    const sellOrder: SpotSellPayload = { symbol: market.symbol, type, mprice: type === 'limit' ? price : undefined, mnum: amount };
    const res =
      side === 'buy' ? await buy({ ...buyOrder, idempotencyKey: actionKey.keyFor({ side, ...buyOrder }) }) : await sell({ ...sellOrder, idempotencyKey: actionKey.keyFor({ side, ...sellOrder }) });
    actionKey.settle(res);
    if ('data' in res && res.data) {
      toast(t(res.data.status === 'filled' ? 'trade.filledNow' : 'trade.placed'));
      setAmount('');
      setUsdt('');
    }
  };

  return (
    <div className="spot">
      <header className="ticket-head">
        <PairPicker market={market} route="/deal/deal" />
        <ChangeChip ticker={ticker} />
        <Link className="chart-link" to={`/deal/chart?symbol=${market.symbol}`}>
          {t('trade.chart')} ›
        </Link>
      </header>
      <div className="ticket-grid">
        <form
          className="ticket"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <div className="segmented side-switch" role="tablist">
            {(['buy', 'sell'] as Side[]).map((s) => (
              <button key={s} type="button" role="tab" aria-selected={side === s} className={side === s ? `active ${s}` : ''} onClick={() => setSide(s)}>
                {t(`trade.${s}`)}
              </button>
            ))}
          </div>
          <div className="type-switch">
            {(['limit', 'market'] as OrderType[]).map((k) => (
              <button key={k} type="button" aria-pressed={type === k} className={type === k ? 'active' : ''} onClick={() => setType(k)}>
                {t(`trade.${k}`)}
              </button>
            ))}
          </div>
          {type === 'limit' ? (
            <input className="input" name="price" inputMode="decimal" placeholder={t('trade.price')} aria-label={t('trade.price')} value={price} onChange={(e) => setPrice(e.target.value.trim())} />
          ) : (
            <p className="input input-static muted">{t('trade.marketPrice')}</p>
          )}
          {marketBuy ? (
            <input
              className="input"
              name="usdt"
              inputMode="decimal"
              placeholder={t('trade.usdtAmount')}
              aria-label={t('trade.usdtAmount')}
              value={usdt}
              onChange={(e) => setUsdt(e.target.value.trim())}
            />
          ) : (
            <input
              className="input"
              name="amount"
              inputMode="decimal"
              placeholder={`${t('trade.amount')} (${market.base})`}
              aria-label={t('trade.amount')}
              value={amount}
              onChange={(e) => setAmount(e.target.value.trim())}
            />
          )}
          <div className="shortcuts">
            {SHORTCUTS.map((p) => (
              <button key={p} type="button" onClick={() => shortcut(p)}>
                {p}%
              </button>
            ))}
          </div>
          <p className="muted small">
            {t('trade.available')}:{' '}
            <span className="available">
              {side === 'buy'
                ? `${formatAmount(available.quote, QUOTE_DECIMALS, i18n.language)} ${market.quote}`
                : `${formatAmount(available.base, market.amountDecimals, i18n.language)} ${market.base}`}
            </span>
          </p>
          {estimate && <p className="muted small">{t('trade.estimated', { value: formatAmount(estimate, QUOTE_DECIMALS, i18n.language) })}</p>}
          {error && (
            <p className="field-message" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className={`btn btn-block ${side === 'buy' ? 'btn-up' : 'btn-down'}`} disabled={busy}>
            {t(side === 'buy' ? 'trade.placeBuy' : 'trade.placeSell', { coin: market.base })}
          </button>
        </form>
        <DepthLadder market={market} onPick={(p) => setPrice(p)} />
      </div>
      <p className="last-price">
        <span className="muted">{t('trade.price')}</span> <strong>{shownLast}</strong>
        <PriceAnnouncer price={shownLast} />
      </p>
      <OpenOrders symbol={market.symbol} />
    </div>
  );
}
