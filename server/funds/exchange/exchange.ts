// Coin exchange (/bitcoin/exchange): one coin into another at the SERVER's price at the moment
// of execution, exactly, in one transaction.
//
// Rate of a pair. Every coin is priced in USDT by its market `<coin>usdt` (schemas/config/
// markets.json); USDT itself is 1. The rate FROM → TO is P(FROM) / P(TO). A coin without such a
// market, or whose market is closed or stale (an interrupted upstream feed), has no current
// price: it cannot be exchanged (4021) and the quote says so.
//
// Amounts, for `num` of FROM, with r = exchangeFeeRate (schemas/config/funds.json) and d = the
// TO coin's decimals (coin table):
//   gross    = num × P(FROM) / P(TO), rounded down to d decimals   (one rounding of the exact value)
//   fee      = gross × r, rounded UP to d decimals
//   received = gross − fee  ( = gross × (1 − r) rounded down to d decimals)
// and the ledger moves exactly these: spot_exchange −num FROM, spot_exchange +gross TO,
// exchange_fee −fee TO. The quote widget (src/widgets/exchange-quote/quote.ts) computes the same
// numbers from the same prices with the same functions of contract/decimal.ts, so what the
// screen shows at a price is what moves at that price.
import type { Endpoints } from '../../../contract/generated/endpoints.ts';
import type { ExchangeInfo, ExchangeQuote, ExchangeResult } from '../../../contract/generated/types.ts';
import { divide, formatUnits, units } from '../../../contract/decimal.ts';
import { exchangeAmounts } from '../../../contract/exchange.ts';

export { type ExchangeAmounts, exchangeAmounts } from '../../../contract/exchange.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { isoTime } from '../../core/db/index.ts';
import type { CoinRow, UserRow } from '../../core/db/types.ts';
import { ApiError, businessError } from '../../core/errors.ts';
import { positiveAmount } from '../../core/amounts.ts';
import { USDT } from '../../core/coins.ts';
import { applyChanges, type Tx } from '../../core/ledger.ts';

import { fundsRules } from '../rules.ts';
import { usdtPriceOf } from '../../platform/market/usdt-price.ts';
import { ResultCode } from '../../../contract/result-codes.ts';

/** Why an exchange cannot be done; each is answered with 4021 and exchange.<reason>. */
export type ExchangeRefusal = 'noPrice' | 'sameCoin' | 'tooSmall';

/** Decimals of the rate as the quote carries it (display only: amounts use the prices). */
export const RATE_DECIMALS = 10;

export function exchangeRefused(reason: ExchangeRefusal, coin = ''): ApiError {
  return new ApiError(ResultCode.exchangeFailed, `exchange.${reason}`, { reason, coin }, { coin });
}

/** The coins that can be exchanged: exchangeCoins of funds.json that the coin table has enabled, in the table's order. */
export async function exchangeCoins(db: Tx): Promise<CoinRow[]> {
  const allowed = new Set(fundsRules().exchangeCoins.map((c) => c.toUpperCase()));
  const rows = await db.selectFrom('coins').selectAll().where('enabled', '=', 1).orderBy('sort').orderBy('id').execute();
  return rows.filter((r) => allowed.has(r.coin));
}

/** An exchangeable coin by its code; 4019 otherwise. */
function pick(coins: CoinRow[], code: string): CoinRow {
  const c = coins.find((r) => r.coin === code.trim().toUpperCase());
  if (!c) throw businessError(ResultCode.unsupportedCoin);
  return c;
}

/** The coin's current USDT price as a decimal string; null when it has none (no market, closed, stale). */
export function usdtPrice(ctx: AppContext, coin: string): string | null {
  return usdtPriceOf(ctx.market, coin, ctx.now());
}

/**
 * The pair a symbol names, in any case: FROM_TO (the app's form), FROM/TO, FROM-TO, the two codes
 * run together as a market symbol ("btcusdt"), or one coin (into USDT). 4019 when a coin of it
 * cannot be exchanged.
 */
export function exchangePair(coins: CoinRow[], symbol: string): [CoinRow, CoinRow] {
  const text = symbol.trim().toUpperCase();
  const parts = text.split(/[_/-]/);
  if (parts.length === 2) return [pick(coins, parts[0]), pick(coins, parts[1])];
  const single = coins.find((c) => c.coin === text);
  if (single) return [single, pick(coins, USDT)];
  for (const from of coins) {
    const to = text.startsWith(from.coin) ? coins.find((c) => c.coin === text.slice(from.coin.length)) : undefined;
    if (to) return [from, to];
  }
  throw businessError(ResultCode.unsupportedCoin);
}

function quoteOf(ctx: AppContext, from: CoinRow, to: CoinRow): ExchangeQuote {
  const fromPrice = usdtPrice(ctx, from.coin);
  const toPrice = usdtPrice(ctx, to.coin);
  const status: ExchangeQuote['status'] = from.coin === to.coin ? 'sameCoin' : fromPrice === null || toPrice === null ? 'noPrice' : 'ok';
  return {
    symbol: `${from.coin}_${to.coin}`,
    from_coin: from.coin,
    to_coin: to.coin,
    fromDecimals: Number(from.decimals),
    toDecimals: Number(to.decimals),
    fromPrice: fromPrice ?? '',
    toPrice: toPrice ?? '',
    rate: status === 'ok' ? divide(fromPrice!, toPrice!, RATE_DECIMALS, 'down') : '',
    feeRate: fundsRules().exchangeFeeRate,
    status,
    missing: status === 'noPrice' ? (fromPrice === null ? from.coin : to.coin) : '',
    at: isoTime(ctx.now()),
  };
}

/**
 * GET /recharge/exchangeFind {symbol?}: the exchangeable coins with their current USDT price
 * ('' without one) and, for a symbol (exchangePair), the pair's quote. An unknown coin in the symbol
 * answers 4019; a pair without a current price is a quote with status noPrice (not an error:
 * the screen polls it).
 */
export async function exchangeInfo(ctx: AppContext, symbol: string | undefined): Promise<ExchangeInfo> {
  const coins = await exchangeCoins(ctx.db);
  let quote: ExchangeQuote | null = null;
  if (symbol) quote = quoteOf(ctx, ...exchangePair(coins, symbol));
  return {
    list: coins.map((c) => ({ ID: Number(c.id), coin: c.coin, name: c.name, logo: c.logo, decimals: Number(c.decimals), price: usdtPrice(ctx, c.coin) ?? '' })),
    feeRate: fundsRules().exchangeFeeRate,
    quote,
  };
}

/** What an exchange carries (the generated request type: the amount as a decimal string or a JSON number). */
export type ExchangeInput = Endpoints['exchange']['input'];

/**
 * POST /recharge/exchange: converts `num` of from_coin into to_coin at the prices of this
 * moment (never a price the client sent). 4019 for a coin that cannot be exchanged; 4021 for
 * one coin on both sides, no current price, or nothing to receive; 4020 when the balance does
 * not cover num (the transaction writes nothing then). Answers the amounts that moved.
 */
export async function exchange(ctx: AppContext, user: Pick<UserRow, 'id'>, input: ExchangeInput): Promise<ExchangeResult> {
  const coins = await exchangeCoins(ctx.db);
  const from = pick(coins, input.from_coin);
  const to = pick(coins, input.to_coin);
  const numUnits = positiveAmount(input.num, 'num', Number(from.decimals), 'exchange.numInvalid');
  if (from.coin === to.coin) throw exchangeRefused('sameCoin', from.coin);
  const quote = quoteOf(ctx, from, to);
  if (quote.status !== 'ok') throw exchangeRefused('noPrice', quote.missing);
  const num = formatUnits(numUnits, Number(from.decimals));
  const amounts = exchangeAmounts(num, quote.fromPrice, quote.toPrice, quote.feeRate, quote.toDecimals);
  const gross = units(amounts.gross);
  const fee = units(amounts.fee);
  if (gross - fee <= 0n) throw exchangeRefused('tooSmall', to.coin);
  const now = ctx.now();
  await ctx.db.transaction().execute((trx) =>
    applyChanges(
      trx,
      [
        { userId: user.id, coin: from.coin, available: -numUnits, frozen: 0n, type: 'spot_exchange', refId: null },
        { userId: user.id, coin: to.coin, available: gross, frozen: 0n, type: 'spot_exchange', refId: null },
        { userId: user.id, coin: to.coin, available: -fee, frozen: 0n, type: 'exchange_fee', refId: null },
      ],
      now,
    ),
  );
  return {
    from_coin: from.coin,
    to_coin: to.coin,
    num,
    gross: amounts.gross,
    fee: amounts.fee,
    received: amounts.received,
    rate: quote.rate,
    fromPrice: quote.fromPrice,
    toPrice: quote.toPrice,
    feeRate: quote.feeRate,
    at: isoTime(now),
  };
}
