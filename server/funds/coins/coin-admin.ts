// The coin table as operators change it, from the back office or `npm run ops -- coin …`: every
// change is checked whole before anything is written, and written with one audit row holding the
// rows before and after, in the same transaction. Where customers send money (a new network, a new
// deposit address, switching on) waits for a second operator instead. Amount columns hold units (10^-8).
import { parseAmount } from '../../../contract/decimal.ts';
import type { AdminCoin, AdminNetworkChange, AdminSetNetworkPayload, CoinNetwork } from '../../../contract/generated/types.ts';
import type { Db } from '../../core/db/index.ts';
import { lockNamed } from '../../core/db/locks.ts';
import type { CoinNetworkRow, CoinRow } from '../../core/db/types.ts';
import { type AmountInput, decimalText } from '../../core/amounts.ts';
import { validationError } from '../../core/errors.ts';
import type { Tx } from '../../core/ledger.ts';
import { type AuditActor, appendAudit } from '../../platform/audit/audit.ts';
import { networkFormats, toCoinNetwork } from './coins.ts';
import { gatedPart, lockNetwork, propose, withdrawProposals } from './network-proposals.ts';

export const COIN_CODE = /^[A-Z0-9]{2,16}$/;
export const MAX_COIN_DECIMALS = 8;
const AMOUNT_COLUMNS = { depositMin: 'deposit_min', withdrawMin: 'withdraw_min', withdrawMax: 'withdraw_max', withdrawFee: 'withdraw_fee' } as const;
type AmountField = keyof typeof AMOUNT_COLUMNS;
const NEEDED = ['address', 'depositMin', 'withdrawMin', 'withdrawMax', 'withdrawFee'] as const;

/** A network as an operator gives it: every field but coin and network left out stays as it is. */
export type NetworkChange = Omit<AdminSetNetworkPayload, AmountField> & Partial<Record<AmountField, AmountInput>>;

export async function requireCoinRow(db: Tx, code: string): Promise<CoinRow> {
  const coin = code.trim().toUpperCase();
  const row = await db.selectFrom('coins').selectAll().where('coin', '=', coin).executeTakeFirst();
  if (!row) throw validationError('coin', 'admin.coinUnknown', { coin });
  return row;
}

async function networksOf(db: Tx, coinId: number): Promise<CoinNetworkRow[]> {
  return db.selectFrom('coin_networks').selectAll().where('coin_id', '=', coinId).orderBy('id').execute();
}

function adminCoin(c: CoinRow, networks: CoinNetworkRow[]): AdminCoin {
  return {
    coin: c.coin,
    name: c.name,
    decimals: Number(c.decimals),
    enabled: Number(c.enabled) === 1,
    networkCount: networks.length,
    networks: networks.map((n) => n.network).join(', '),
  };
}

/** Every coin, enabled or not, in the coin table's order. */
export async function adminCoins(db: Tx): Promise<AdminCoin[]> {
  const coins = await db.selectFrom('coins').selectAll().orderBy('sort').orderBy('id').execute();
  const networks = await db.selectFrom('coin_networks').selectAll().orderBy('id').execute();
  return coins.map((c) =>
    adminCoin(
      c,
      networks.filter((n) => Number(n.coin_id) === Number(c.id)),
    ),
  );
}

/** One coin's networks, whether the coin is enabled or not. */
export async function adminCoinNetworks(db: Tx, code: string): Promise<CoinNetwork[]> {
  const c = await requireCoinRow(db, code);
  return (await networksOf(db, c.id)).map((n) => toCoinNetwork(c, n));
}

async function coinSnapshot(db: Tx, c: CoinRow): Promise<AdminCoin> {
  return adminCoin(c, await networksOf(db, c.id));
}

export async function addCoin(db: Db, actor: AuditActor, input: { coin: string; name: string; decimals: number }, now: number): Promise<AdminCoin> {
  const coin = input.coin.trim().toUpperCase();
  const name = input.name.trim();
  if (!COIN_CODE.test(coin)) throw validationError('coin', 'admin.coinCodeFormat');
  if (name.length < 1 || name.length > 32) throw validationError('name', 'admin.coinNameFormat');
  if (!Number.isInteger(input.decimals) || input.decimals < 0 || input.decimals > MAX_COIN_DECIMALS)
    throw validationError('decimals', 'admin.coinDecimalsFormat');
  return db.transaction().execute(async (trx) => {
    // additions take turns: the same coin added twice at once is refused by name, not by the unique index
    await lockNamed(trx, 'coins');
    if (await trx.selectFrom('coins').select('id').where('coin', '=', coin).executeTakeFirst()) throw validationError('coin', 'admin.coinExists', { coin });
    const { max } = await trx
      .selectFrom('coins')
      .select((eb) => eb.fn.max('sort').as('max'))
      .executeTakeFirstOrThrow();
    const row = await trx
      .insertInto('coins')
      .values({ coin, name, logo: '', decimals: input.decimals, sort: Number(max ?? 0) + 1, enabled: 1, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    const after = adminCoin(row, []);
    await appendAudit(trx, { ...actor, action: 'coin.add', targetKind: 'coin', targetId: coin, before: null, after }, now);
    return after;
  });
}

export async function setCoinEnabled(db: Db, actor: AuditActor, code: string, enabled: boolean, now: number): Promise<AdminCoin> {
  return db.transaction().execute(async (trx) => {
    const c = await requireCoinRow(trx, code);
    const before = await coinSnapshot(trx, c);
    await trx
      .updateTable('coins')
      .set({ enabled: enabled ? 1 : 0 })
      .where('id', '=', c.id)
      .execute();
    const after = await coinSnapshot(trx, await requireCoinRow(trx, code));
    await appendAudit(trx, { ...actor, action: enabled ? 'coin.enable' : 'coin.disable', targetKind: 'coin', targetId: c.coin, before, after }, now);
    return after;
  });
}

/** The exact text of a decimal field (a JSON number by its shortest text); malformed text is left to the caller's parse. */
export function exactDecimal(value: AmountInput, field: string): string {
  return typeof value === 'number' ? decimalText(value, field) : value;
}

/** An amount of a network: 0 or more, at most the coin's decimals, as units. */
function networkAmount(field: AmountField, value: AmountInput, coin: CoinRow): string {
  const parsed = parseAmount(exactDecimal(value, field));
  if (!parsed) throw validationError(field, 'admin.decimalFormat', { field });
  const decimals = Number(coin.decimals);
  if (parsed.decimals > decimals) throw validationError(field, 'admin.amountDecimals', { field, coin: coin.coin, decimals });
  return parsed.units.toString();
}

function knownNetwork(text: string) {
  const network = text.trim().toUpperCase();
  const format = networkFormats().get(network);
  if (!format) throw validationError('network', 'admin.networkUnknown', { network, networks: [...networkFormats().keys()].join(', ') });
  return format;
}

/** The network's columns after the change, checked whole (a new network needs every field). */
function mergedNetwork(change: NetworkChange, coin: CoinRow, existing: CoinNetworkRow | undefined) {
  const format = knownNetwork(change.network);
  if (change.address !== undefined && !new RegExp(format.pattern).test(change.address))
    throw validationError('address', 'admin.networkAddress', { network: format.network, example: format.example });
  const amount = (field: AmountField) => {
    const given = change[field];
    return given === undefined || given === '' ? (existing?.[AMOUNT_COLUMNS[field]] ?? '') : networkAmount(field, given, coin);
  };
  const onOff = (given: 'on' | 'off' | undefined, current: number | undefined) => (given === undefined ? Number(current ?? 1) : given === 'on' ? 1 : 0);
  const merged = {
    deposit_address: change.address ?? existing?.deposit_address ?? '',
    deposit_min: amount('depositMin'),
    withdraw_min: amount('withdrawMin'),
    withdraw_max: amount('withdrawMax'),
    withdraw_fee: amount('withdrawFee'),
    deposit_enabled: onOff(change.deposit, existing?.deposit_enabled),
    withdraw_enabled: onOff(change.withdraw, existing?.withdraw_enabled),
  };
  const present = {
    address: merged.deposit_address,
    depositMin: merged.deposit_min,
    withdrawMin: merged.withdraw_min,
    withdrawMax: merged.withdraw_max,
    withdrawFee: merged.withdraw_fee,
  };
  const missing = NEEDED.filter((k) => present[k] === '');
  if (missing.length) throw validationError(missing[0], 'admin.networkNeeds', { fields: missing.join(', ') });
  if (BigInt(merged.withdraw_min) > BigInt(merged.withdraw_max)) throw validationError('withdrawMin', 'admin.withdrawMinAboveMax');
  return merged;
}

/**
 * Adds a network to a coin, or changes the fields given of one it has. Limits, the fee and
 * switching off apply at once; a new network, a new address and switching on become a proposal
 * that a second operator approves (./network-proposals.ts), and customers keep seeing what they
 * saw until then. Either all of it is taken or, refused, none of it.
 */
export async function setNetwork(db: Db, actor: AuditActor, change: NetworkChange, now: number): Promise<AdminNetworkChange> {
  return db.transaction().execute(async (trx) => {
    const c = await requireCoinRow(trx, change.coin);
    const network = knownNetwork(change.network).network;
    await lockNetwork(trx, c.coin, network);
    const existing = (await networksOf(trx, c.id)).find((n) => n.network === network);
    const merged = mergedNetwork(change, c, existing);
    const gated = gatedPart(merged, existing);
    const proposal = gated ? await propose(trx, actor, c, network, gated, existing, now) : null;
    if (existing) {
      const atOnce = { ...merged, deposit_address: existing.deposit_address, ...onlyOff(merged, existing) };
      await trx.updateTable('coin_networks').set(atOnce).where('id', '=', existing.id).execute();
      const row = (await networksOf(trx, c.id)).find((n) => n.network === network)!;
      const before = toCoinNetwork(c, existing);
      const after = toCoinNetwork(c, row);
      if (JSON.stringify(before) !== JSON.stringify(after))
        await appendAudit(trx, { ...actor, action: 'coin.network.change', targetKind: 'coin', targetId: `${c.coin}/${network}`, before, after }, now);
      return { network: after, proposal };
    }
    return { network: null, proposal };
  });
}

/** The switches as they apply at once: off goes through, on waits for the second approval. */
function onlyOff(merged: { deposit_enabled: number; withdraw_enabled: number }, existing: CoinNetworkRow) {
  return {
    deposit_enabled: Math.min(merged.deposit_enabled, Number(existing.deposit_enabled)),
    withdraw_enabled: Math.min(merged.withdraw_enabled, Number(existing.withdraw_enabled)),
  };
}

export async function removeNetwork(db: Db, actor: AuditActor, code: string, networkText: string, now: number): Promise<AdminCoin> {
  return db.transaction().execute(async (trx) => {
    const c = await requireCoinRow(trx, code);
    const network = networkText.trim().toUpperCase();
    await lockNetwork(trx, c.coin, network);
    const existing = (await networksOf(trx, c.id)).find((n) => n.network === network);
    if (!existing) throw validationError('network', 'admin.networkNotOfCoin', { coin: c.coin, network });
    const withdrawn = await withdrawProposals(trx, actor, c.id, network, now);
    await trx.deleteFrom('coin_networks').where('id', '=', existing.id).execute();
    await appendAudit(
      trx,
      { ...actor, action: 'coin.network.remove', targetKind: 'coin', targetId: `${c.coin}/${network}`, before: toCoinNetwork(c, existing), after: withdrawn.length ? { withdrawnProposals: withdrawn } : null },
      now,
    );
    return coinSnapshot(trx, c);
  });
}
