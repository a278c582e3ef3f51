// The amounts of a coin exchange at given USDT prices, the same for the quote the app shows
// and the conversion the server executes (server/funds/exchange/exchange.ts), never a float:
//   gross    = num × fromPrice / toPrice, rounded down to the to-coin's decimals (one rounding)
//   fee      = gross × feeRate, rounded up to the same decimals
//   received = gross − fee
import { divide, multiply, roundDown, STORAGE_SCALE, sub } from './decimal.ts';

export interface ExchangeAmounts {
  gross: string;
  fee: string;
  received: string;
}

export function exchangeAmounts(num: string, fromPrice: string, toPrice: string, feeRate: string, toDecimals: number): ExchangeAmounts {
  // num and a price have at most 8 decimals each (ledger units): their product is exact with 16
  const gross = divide(multiply(num, fromPrice, 2 * STORAGE_SCALE), toPrice, toDecimals, 'down');
  const fee = multiply(gross, feeRate, toDecimals, 'up');
  return { gross, fee, received: roundDown(sub(gross, fee), toDecimals) };
}
