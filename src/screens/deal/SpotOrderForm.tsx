// The spot ticket's form: side and type switches, price and amount inputs, percent shortcuts,
// what is available, the estimate, the check's message and the submit button.
import { useTranslation } from 'react-i18next';
import { coinDecimals } from '../../../contract/display-rule';
import { formatAmount } from '../../../contract/number-format';
import { AmountInput } from '../../ui/AmountInput';
import type { MarketInfo } from '../market/markets';
import { type OrderType, type Side, type SpotOrder } from './useSpotOrderForm';

const SHORTCUTS = [25, 50, 75, 100];

function SideSwitch({ side, setSide }: { side: Side; setSide(s: Side): void }) {
  const { t } = useTranslation();
  return (
    <div className="segmented side-switch" role="tablist">
      {(['buy', 'sell'] as Side[]).map((s) => (
        <button key={s} type="button" role="tab" aria-selected={side === s} className={side === s ? `active ${s}` : ''} onClick={() => setSide(s)}>
          {t(`trade.${s}`)}
        </button>
      ))}
    </div>
  );
}

function TypeSwitch({ type, setType }: { type: OrderType; setType(k: OrderType): void }) {
  const { t } = useTranslation();
  return (
    <div className="type-switch">
      {(['limit', 'market'] as OrderType[]).map((k) => (
        <button key={k} type="button" aria-pressed={type === k} className={type === k ? 'active' : ''} onClick={() => setType(k)}>
          {t(`trade.${k}`)}
        </button>
      ))}
    </div>
  );
}

/** A limit order's price; a market order takes the market's. */
function PriceInput({ order }: { order: SpotOrder }) {
  const { t } = useTranslation();
  if (order.type !== 'limit') return <p className="input input-static muted">{t('trade.marketPrice')}</p>;
  return (
    <AmountInput className="input" name="price" placeholder={t('trade.price')} aria-label={t('trade.price')} value={order.price} onValue={order.setPrice} />
  );
}

/** A market buy states what it spends of the quote coin; any other order its amount of the base coin. */
function OrderAmount({ market, order }: { market: MarketInfo; order: SpotOrder }) {
  const { t } = useTranslation();
  if (order.marketBuy) {
    return (
      <AmountInput
        className="input"
        name="usdt"
        placeholder={t('trade.usdtAmount')}
        aria-label={t('trade.usdtAmount')}
        value={order.usdt}
        onValue={order.setUsdt}
      />
    );
  }
  return (
    <AmountInput
      className="input"
      name="amount"
      placeholder={`${t('trade.amount')} (${market.base})`}
      aria-label={t('trade.amount')}
      value={order.amount}
      onValue={order.setAmount}
    />
  );
}

function Shortcuts({ onPick }: { onPick(pct: number): void }) {
  return (
    <div className="shortcuts">
      {SHORTCUTS.map((p) => (
        <button key={p} type="button" onClick={() => onPick(p)}>
          {p}%
        </button>
      ))}
    </div>
  );
}

function AvailableLine({ market, order }: { market: MarketInfo; order: SpotOrder }) {
  const { t, i18n } = useTranslation();
  return (
    <p className="muted small">
      {t('trade.available')}:{' '}
      <span className="available">
        {order.side === 'buy'
          ? `${formatAmount(order.available.quote, coinDecimals(market.quote), i18n.language)} ${market.quote}`
          : `${formatAmount(order.available.base, coinDecimals(market.base), i18n.language)} ${market.base}`}
      </span>
    </p>
  );
}

export function SpotOrderForm({ market, order }: { market: MarketInfo; order: SpotOrder }) {
  const { t, i18n } = useTranslation();
  const { side, estimate, error } = order;
  return (
    <form
      className="ticket"
      onSubmit={(e) => {
        e.preventDefault();
        void order.submit();
      }}
    >
      <SideSwitch side={side} setSide={order.setSide} />
      <TypeSwitch type={order.type} setType={order.setType} />
      <PriceInput order={order} />
      <OrderAmount market={market} order={order} />
      <Shortcuts onPick={order.shortcut} />
      <AvailableLine market={market} order={order} />
      {estimate && <p className="muted small">{t('trade.estimated', { value: formatAmount(estimate, coinDecimals(market.quote), i18n.language) })}</p>}
      {error && (
        <p className="field-message" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className={`btn btn-block ${side === 'buy' ? 'btn-up' : 'btn-down'}`} disabled={order.busy}>
        {t(side === 'buy' ? 'trade.placeBuy' : 'trade.placeSell', { coin: market.base })}
      </button>
    </form>
  );
}
