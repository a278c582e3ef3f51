// The coin table and its networks: what can be deposited and withdrawn where, with which
// limits and fee. The operator manages it (`npm run ops -- coin …`); the first start seeds
// it from SEED_COINS. Amount columns hold units (10^-8).
import type { CoinNetwork, CoinWithNetworks } from '../../../contract/generated/types.ts';
import { plainUnits, units } from '../../../contract/decimal.ts';
import { loadConfig } from '../../../contract/loader.ts';
import type { CoinNetworkRow, CoinRow } from '../../core/db/types.ts';
import { validationError } from '../../core/errors.ts';
import type { Tx } from '../../core/ledger.ts';
import { requireCoin } from '../../core/coins.ts';
import { onePage } from '../../platform/http/records.ts';

export interface NetworkFormat {
  network: string;
  name: string;
  pattern: string;
  example: string;
  /** A paid withdrawal's transaction hash (regular expression) and one that matches it */
  txPattern?: string;
  txExample?: string;
  /** The explorer page of a transaction, {hash} where the hash goes */
  explorerTx?: string;
}

let formats: Map<string, NetworkFormat> | undefined;

/** schemas/config/networks.json: every network's address format. */
export function networkFormats(): Map<string, NetworkFormat> {
  formats ??= new Map(loadConfig<{ networks: NetworkFormat[] }>('networks').networks.map((n) => [n.network, n]));
  return formats;
}

/** Whether `address` has the format of `network` (an unknown network has none). */
export function addressMatches(network: string, address: string): boolean {
  const f = networkFormats().get(network);
  return f !== undefined && new RegExp(f.pattern).test(address);
}

/** Any hash or bank reference where the network's config names no format. */
const ANY_TX = /^[A-Za-z0-9_-]{8,128}$/;

/** Whether `hash` has the transaction-hash format of `network` (networks.json `txPattern`, else ANY_TX). */
export function txHashMatches(network: string, hash: string): boolean {
  const f = networkFormats().get(network);
  return (f?.txPattern ? new RegExp(f.txPattern) : ANY_TX).test(hash);
}

/** A hash in the format of `network`, for the refusal of one that is not. */
export const txHashExample = (network: string): string => networkFormats().get(network)?.txExample ?? '';

/** The explorer page of a transaction on `network`, or null when the config names none. */
export function explorerUrl(network: string, hash: string | null): string | null {
  const template = networkFormats().get(network)?.explorerTx;
  return template && hash ? template.replace('{hash}', encodeURIComponent(hash)) : null;
}

export interface SeedNetwork {
  network: string;
  address: string;
  depositMin: string;
  withdrawMin: string;
  withdrawMax: string;
  withdrawFee: string;
}

export interface SeedCoin {
  coin: string;
  name: string;
  decimals: number;
  networks: SeedNetwork[];
}

const net = (network: string, address: string, depositMin: string, withdrawMin: string, withdrawMax: string, withdrawFee: string): SeedNetwork => ({
  network,
  address,
  depositMin,
  withdrawMin,
  withdrawMax,
  withdrawFee,
});

/** Demo coins and networks; the deposit addresses are well-formed examples, not real wallets. */
export const SEED_COINS: readonly SeedCoin[] = [
  {
    coin: 'USDT',
    name: 'Tether',
    decimals: 6,
    networks: [
      net('TRC20', 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9', '10', '10', '100000', '1'),
      net('ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '10', '20', '100000', '5'),
      net('BEP20', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', '10', '10', '100000', '0.8'),
    ],
  },
  { coin: 'BTC', name: 'Bitcoin', decimals: 8, networks: [net('BTC', 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', '0.0001', '0.001', '10', '0.0002')] },
  {
    coin: 'ETH',
    name: 'Ethereum',
    decimals: 8,
    networks: [
      net('ERC20', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', '0.005', '0.01', '200', '0.002'),
      net('BEP20', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb', '0.005', '0.01', '200', '0.0005'),
    ],
  },
  {
    coin: 'USDC',
    name: 'USD Coin',
    decimals: 6,
    networks: [
      net('ERC20', '0x6B175474E89094C44Da98b954EedeAC495271d0F', '10', '20', '100000', '5'),
      net('TRC20', 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8', '10', '10', '100000', '1'),
    ],
  },
  { coin: 'TRX', name: 'TRON', decimals: 6, networks: [net('TRC20', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', '10', '20', '1000000', '1')] },
  { coin: 'BNB', name: 'Binance Coin', decimals: 6, networks: [net('BEP20', '0x2170Ed0880ac9A755fd29B2688956BD959F933F8', '0.01', '0.02', '5000', '0.0005')] },
];

/** Fills an empty coin table from SEED_COINS (inside the caller's transaction). */
export async function seedCoins(db: Tx, now: number): Promise<void> {
  const existing = await db.selectFrom('coins').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  for (const [sort, c] of SEED_COINS.entries()) {
    const row = await db
      .insertInto('coins')
      .values({ coin: c.coin, name: c.name, logo: '', decimals: c.decimals, sort, enabled: 1, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const n of c.networks) {
      await db
        .insertInto('coin_networks')
        .values({
          coin_id: row.id,
          network: n.network,
          deposit_address: n.address,
          deposit_min: units(n.depositMin).toString(),
          withdraw_min: units(n.withdrawMin).toString(),
          withdraw_max: units(n.withdrawMax).toString(),
          withdraw_fee: units(n.withdrawFee).toString(),
          deposit_enabled: 1,
          withdraw_enabled: 1,
          created_at: now,
        })
        .execute();
    }
  }
}

/** A network of a coin, with the coin's row. */
export interface CoinNetworkOf {
  coin: CoinRow;
  network: CoinNetworkRow;
}

export function toCoinNetwork(coin: CoinRow, n: CoinNetworkRow): CoinNetwork {
  const d = Number(coin.decimals);
  return {
    coin: coin.coin,
    network: n.network,
    address: n.deposit_address,
    depositMin: plainUnits(BigInt(n.deposit_min)),
    withdrawMin: plainUnits(BigInt(n.withdraw_min)),
    withdrawMax: plainUnits(BigInt(n.withdraw_max)),
    withdrawFee: plainUnits(BigInt(n.withdraw_fee)),
    decimals: d,
    depositEnabled: Number(n.deposit_enabled) === 1,
    withdrawEnabled: Number(n.withdraw_enabled) === 1,
  };
}

export interface CoinTable {
  coins: CoinRow[];
  networks: CoinNetworkRow[];
}

export async function coinTable(db: Tx): Promise<CoinTable> {
  const coins = await db.selectFrom('coins').selectAll().orderBy('sort').orderBy('id').execute();
  const networks = await db.selectFrom('coin_networks').selectAll().orderBy('id').execute();
  return { coins, networks };
}

/** The enabled coins with their networks; czstatus 1 keeps deposit-enabled networks, 2 withdrawal-enabled ones (coins left without a network go). */
export function coinList(table: CoinTable, czstatus?: number): CoinWithNetworks[] {
  const keep = (n: CoinNetworkRow) => (czstatus === 1 ? Number(n.deposit_enabled) === 1 : czstatus === 2 ? Number(n.withdraw_enabled) === 1 : true);
  return table.coins
    .filter((c) => Number(c.enabled) === 1)
    .map((c) => ({
      ID: Number(c.id),
      coin: c.coin,
      name: c.name,
      logo: c.logo,
      decimals: Number(c.decimals),
      networks: table.networks.filter((n) => Number(n.coin_id) === Number(c.id) && keep(n)).map((n) => toCoinNetwork(c, n)),
    }))
    .filter((c) => czstatus === undefined || c.networks.length > 0);
}

/**
 * GET /coin/getCoinList as every screen file on that route answers it (the coin pickers' source
 * and the deposit and withdrawal coin lists): the coins, every network flat for forms to pick
 * from, and the one page the lists show.
 */
export async function coinListAnswer(db: Tx, czstatus?: number) {
  const list = coinList(await coinTable(db), czstatus);
  return { ...onePage(list), networks: list.flatMap((c) => c.networks) };
}

/**
 * The network of an enabled coin: 4019 for an unknown coin; code 7 funds.networkMismatch on
 * `field` when the coin has no such network (BTC on TRC20), naming the coin's networks.
 */
export async function requireNetwork(db: Tx, coin: string, network: string, field = 'czline'): Promise<CoinNetworkOf> {
  const c = await requireCoin(db, coin);
  const all = await db.selectFrom('coin_networks').selectAll().where('coin_id', '=', c.id).orderBy('id').execute();
  const n = all.find((r) => r.network === network.trim().toUpperCase());
  if (!n) throw validationError(field, 'funds.networkMismatch', { coin: c.coin, networks: all.map((r) => r.network).join(', ') });
  return { coin: c, network: n };
}
