// The spot ticket's form: side and type switches, the labelled price, amount and Total inputs (a
// typed Total sets the amount), percent shortcuts, what is available, a market buy's quantity
// estimated at the best ask, the check's message and the submit button.
import { useTranslation } from 'react-i18next';
import { coinDecimals } from '../../../contract/display-rule';
import { formatAmount } from '../../../contract/number-format';
import type { ReactNode } from 'react';
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

/** A visible label over its input. */
function TicketField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="ticket-field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A limit order's price; a market order takes the market's. */
function PriceInput({ market, order }: { market: MarketInfo; order: SpotOrder }) {
  const { t } = useTranslation();
  const label = `${t('trade.price')} (${market.quote})`;
  if (order.type !== 'limit') {
    return (
      <div className="ticket-field">
        <span className="field-label">{label}</span>
        <p className="input input-static muted">{t('trade.marketPrice')}</p>
      </div>
    );
  }
  return (
    <TicketField id="spot-price" label={label}>
      <AmountInput id="spot-price" className="input" name="price" value={order.price} onValue={order.setPrice} />
    </TicketField>
  );
}

/** A market buy states what it spends of the quote coin; any other order its amount of the base coin. */
function OrderAmount({ market, order }: { market: MarketInfo; order: SpotOrder }) {
  const { t } = useTranslation();
  if (order.marketBuy) {
    return (
      <TicketField id="spot-usdt" label={t('trade.usdtAmount')}>
        <AmountInput id="spot-usdt" className="input" name="usdt" value={order.usdt} onValue={order.setUsdt} />
      </TicketField>
    );
  }
  return (
    <TicketField id="spot-amount" label={`${t('trade.amount')} (${market.base})`}>
      <AmountInput id="spot-amount" className="input" name="amount" value={order.amount} onValue={order.setAmount} />
    </TicketField>
  );
}

/** price × amount, editable: typing it sets the amount (a market sell's at the last price, an estimate). */
function TotalInput({ market, order }: { market: MarketInfo; order: SpotOrder }) {
  const { t } = useTranslation();
  if (order.marketBuy) return null;
  const label = t(order.type === 'market' ? 'trade.totalEstimated' : 'trade.totalField', { coin: market.quote });
  return (
    <TicketField id="spot-total" label={label}>
      <AmountInput id="spot-total" className="input" name="total" value={order.total} onValue={order.setTotal} />
    </TicketField>
  );
}

/** A market buy's quantity, estimated at the order book's best ask. */
function EstimatedQuantity({ market, order }: { market: MarketInfo; order: SpotOrder }) {
  const { t, i18n } = useTranslation();
  if (!order.estimatedQuantity) return null;
  return (
    <p className="muted small" data-testid="spot-estimated-quantity">
      {t('trade.estimatedQuantity', {
        value: formatAmount(order.estimatedQuantity, market.amountDecimals, i18n.language),
        coin: market.base,
        price: formatAmount(order.bestAsk, market.priceDecimals, i18n.language),
      })}
    </p>
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
  const { t } = useTranslation();
  const { side, error } = order;
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
      <PriceInput market={market} order={order} />
      <OrderAmount market={market} order={order} />
      <Shortcuts onPick={order.shortcut} />
      <TotalInput market={market} order={order} />
      <AvailableLine market={market} order={order} />
      <EstimatedQuantity market={market} order={order} />
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
