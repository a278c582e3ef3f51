// Which coins exist: the configured coins (schemas/config/coins.json) with their display
// decimals, the coins a balance can hold, and the enabled rows of the operator's coin table.
// Every domain that moves money names coins through here.
import { DEFAULT_DECIMALS } from '../../contract/decimal.ts';
import { loadConfig } from '../../contract/loader.ts';
import { ResultCode } from '../../contract/result-codes.ts';
import type { CoinRow } from './db/types.ts';
import { businessError } from './errors.ts';
import type { Tx } from './ledger.ts';

/** The coin every market settles and every USDT value is counted in. */
export const USDT = 'USDT';

/** schemas/config/coins.json */
export interface CoinConfig {
  coin: string;
  name: string;
  /** Decimals the coin's amounts are shown with (rounded down) */
  decimals: number;
  networks: string[];
}

let coinTable: Map<string, CoinConfig> | undefined;

function coinsByName(): Map<string, CoinConfig> {
  coinTable ??= new Map(loadConfig<{ coins: CoinConfig[] }>('coins').coins.map((c) => [c.coin, c]));
  return coinTable;
}

/** The configured coins (schemas/config/coins.json). */
export function coinConfigs(): CoinConfig[] {
  return [...coinsByName().values()];
}

/** Display decimals of a coin's amounts (schemas/config/coins.json); 6 for a coin not listed. */
export function coinDecimals(coin: string): number {
  return coinsByName().get(coin.toUpperCase())?.decimals ?? DEFAULT_DECIMALS;
}

/** Coins a balance can hold: USDT and the base coin of every USDT market. */
export function knownCoins(): string[] {
  if (!coins) {
    const markets = loadConfig<{ markets: { base: string; quote: string }[] }>('markets').markets;
    coins = [USDT, ...new Set(markets.filter((m) => m.quote === 'USDT').map((m) => m.base))];
  }
  return [...coins];
}

let coins: string[] | undefined;

/** An enabled coin of the coin table (server/funds/coins/coins.ts manages it), or 4019. */
export async function requireCoin(db: Tx, coin: string): Promise<CoinRow> {
  const row = await db.selectFrom('coins').selectAll().where('coin', '=', coin.trim().toUpperCase()).where('enabled', '=', 1).executeTakeFirst();
  if (!row) throw businessError(ResultCode.unsupportedCoin);
  return row;
}
