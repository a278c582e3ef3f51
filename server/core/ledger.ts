// Balances and the ledger. Every balance change goes through applyChanges inside one
// database transaction, which writes the new balance and one ledger row per change:
//
//   amount        signed change of the total (available + frozen)
//   frozen_change signed change of the frozen part
//
// so for every (user, coin): available + frozen == Σ amount and frozen == Σ frozen_change,
// and the newest row's available_after / frozen_after equal the balance.
// ledgerMismatches(db) checks exactly that and returns [] when consistent.
import type { Insertable, Kysely } from 'kysely';
import type { Db } from './db/index.ts';
import type { BalancesTable, Database, LedgerTable, LedgerType } from './db/types.ts';
import { compiledQuery, compiledRowsQuery } from './db/compiled.ts';
import { isPostgres } from './db/locks.ts';
import { businessError } from './errors.ts';
import { ResultCode } from '../../contract/result-codes.ts';

export type { LedgerType } from './db/types.ts';

/** A database handle that may be a transaction. */
export type Tx = Kysely<Database>;

export interface Change {
  userId: number;
  coin: string;
  /** Signed change of the available part, units */
  available: bigint;
  /** Signed change of the frozen part, units */
  frozen: bigint;
  type: LedgerType;
  refId: number | null;
}

export interface Balance {
  coin: string;
  available: bigint;
  frozen: bigint;
}

const selectBalance = compiledQuery((db, userId: number, coin: string) =>
  db.selectFrom('balances').select(['available', 'frozen']).where('user_id', '=', userId).where('coin', '=', coin),
);

export async function balanceOf(db: Tx, userId: number, coin: string): Promise<Balance> {
  const [row] = (await selectBalance(db, userId, coin)).rows;
  return { coin, available: BigInt(row?.available ?? 0), frozen: BigInt(row?.frozen ?? 0) };
}

/** The user's balances, one per coin that has ever had a ledger row, by coin. */
export async function balancesOf(db: Tx, userId: number): Promise<Balance[]> {
  const rows = await db.selectFrom('balances').select(['coin', 'available', 'frozen']).where('user_id', '=', userId).orderBy('coin').execute();
  return rows.map((r) => ({ coin: r.coin, available: BigInt(r.available), frozen: BigInt(r.frozen) }));
}

type Held = Balance & { userId: number };

const heldKey = (userId: number, coin: string) => `${userId}\u0000${coin}`;

/** Balances read for writing (holdBalances), to check before changing them with applyChanges. */
export class HeldBalances {
  constructor(readonly byKey: Map<string, Held>) {}

  /** The held balance of (user, coin); throws when it was not held. */
  of(userId: number, coin: string): Balance {
    const b = this.byKey.get(heldKey(userId, coin));
    if (!b) throw new Error(`balance of user ${userId} ${coin} was not held`);
    return { coin, available: b.available, frozen: b.frozen };
  }
}

/**
 * Reads (and on PostgreSQL locks) the balances of `keys` for a check before applyChanges, which is
 * then given them and reads none of them again (a market buy checks its USDT against its budget).
 */
export async function holdBalances(trx: Tx, keys: { userId: number; coin: string }[], now: number): Promise<HeldBalances> {
  const distinct = new Map(keys.map((k) => [heldKey(k.userId, k.coin), k]));
  return new HeldBalances(await readBalancesForWrite(trx, [...distinct.values()], now));
}

/**
 * The current balances of `keys` (distinct), read for writing. On PostgreSQL their rows are locked
 * in one statement, ordered by user and coin so that two calls never hold one row each while waiting
 * for the other's. A missing row is created (zero) and then locked; usually every row exists, so
 * the insert is skipped.
 */
async function readBalancesForWrite(trx: Tx, keys: { userId: number; coin: string }[], now: number): Promise<Map<string, Held>> {
  const held = new Map<string, Held>();
  if (!isPostgres(trx)) {
    for (const k of keys) held.set(heldKey(k.userId, k.coin), { userId: k.userId, ...(await balanceOf(trx, k.userId, k.coin)) });
    return held;
  }
  const sorted = [...keys].sort((a, b) => a.userId - b.userId || (a.coin < b.coin ? -1 : a.coin > b.coin ? 1 : 0));
  await lockBalances(trx, sorted, held);
  const missing = sorted.filter((k) => !held.has(heldKey(k.userId, k.coin)));
  if (missing.length === 0) return held;
  await trx
    .insertInto('balances')
    .values(missing.map((k) => ({ user_id: k.userId, coin: k.coin, available: '0', frozen: '0', updated_at: now })))
    .onConflict((oc) => oc.columns(['user_id', 'coin']).doNothing())
    .execute();
  await lockBalances(trx, missing, held);
  return held;
}

const selectBalancesForUpdate = compiledRowsQuery((db, keys: { userId: number; coin: string }[]) =>
  db
    .selectFrom('balances')
    .select(['user_id', 'coin', 'available', 'frozen'])
    .where((eb) =>
      eb(
        eb.refTuple('user_id', 'coin'),
        'in',
        keys.map((k) => eb.tuple(k.userId, k.coin)),
      ),
    )
    .orderBy('user_id')
    .orderBy('coin')
    .forUpdate(),
);

/** Locks the existing balance rows of `sorted` (in that order) and adds them to `held`. */
async function lockBalances(trx: Tx, sorted: { userId: number; coin: string }[], held: Map<string, Held>): Promise<void> {
  const { rows } = await selectBalancesForUpdate(trx, sorted);
  for (const r of rows)
    held.set(heldKey(Number(r.user_id), r.coin), { userId: Number(r.user_id), coin: r.coin, available: BigInt(r.available), frozen: BigInt(r.frozen) });
}

/**
 * Applies the changes in order and writes their ledger rows. Must run inside a
 * transaction (`db.transaction().execute(trx => applyChanges(trx, …))`): a change that
 * would make available or frozen negative throws 4020 and the caller's transaction rolls
 * back everything. Changes of zero in both parts are skipped. Each balance is read (and on
 * PostgreSQL locked) once however many changes touch it; the balances are written with one
 * upsert and the ledger rows with one insert.
 */
export async function applyChanges(trx: Tx, changes: Change[], now: number, held?: HeldBalances): Promise<void> {
  const moving = changes.filter((c) => c.available !== 0n || c.frozen !== 0n);
  if (moving.length === 0) return;
  const keys = new Map(moving.map((c) => [heldKey(c.userId, c.coin), { userId: c.userId, coin: c.coin }]));
  // what the caller held is not read again; a copy is changed, so the caller's stays as it read it
  const unheld = [...keys].filter(([k]) => !held?.byKey.has(k)).map(([, key]) => key);
  const current = unheld.length > 0 ? await readBalancesForWrite(trx, unheld, now) : new Map<string, Held>();
  for (const k of keys.keys()) if (!current.has(k)) current.set(k, { ...held!.byKey.get(k)! });
  const rows: LedgerWrite[] = [];
  for (const c of moving) {
    const b = current.get(heldKey(c.userId, c.coin))!;
    b.available += c.available;
    b.frozen += c.frozen;
    if (b.available < 0n || b.frozen < 0n) throw businessError(ResultCode.insufficientBalance);
    rows.push({
      user_id: c.userId,
      coin: c.coin,
      type: c.type,
      amount: (c.available + c.frozen).toString(),
      frozen_change: c.frozen.toString(),
      available_after: b.available.toString(),
      frozen_after: b.frozen.toString(),
      ref_id: c.refId,
      created_at: now,
    });
  }
  const balances = [...current.values()].map((b) => ({
    user_id: b.userId,
    coin: b.coin,
    available: b.available.toString(),
    frozen: b.frozen.toString(),
    updated_at: now,
  }));
  if (isPostgres(trx)) await writeBalancesAndLedger(trx, balances, rows);
  else {
    await writeBalances(trx, balances);
    await writeLedger(trx, rows);
  }
}

type BalanceWrite = Insertable<BalancesTable> & Record<string, unknown>;
type LedgerWrite = Insertable<LedgerTable> & Record<string, unknown>;

const upsertBalances = (db: Tx, balances: BalanceWrite[]) =>
  db
    .insertInto('balances')
    .values(balances)
    .onConflict((oc) =>
      oc.columns(['user_id', 'coin']).doUpdateSet((eb) => ({
        available: eb.ref('excluded.available'),
        frozen: eb.ref('excluded.frozen'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    );

const writeBalances = compiledRowsQuery((db, balances: BalanceWrite[]) => upsertBalances(db, balances));
const writeLedger = compiledRowsQuery((db, rows: LedgerWrite[]) => db.insertInto('ledger').values(rows));
// PostgreSQL runs both writes as one statement (a data-modifying WITH): one round trip fewer.
const writeBalancesAndLedger = compiledRowsQuery((db, balances: BalanceWrite[], rows: LedgerWrite[]) =>
  db
    .with('written', () => upsertBalances(db, balances).returning('user_id'))
    .insertInto('ledger')
    .values(rows),
);

/** One inconsistency of a (user, coin): "user <id> <coin>: <problem>". */
export type Mismatch = string;

function mismatch(userId: number, coin: string, problem: string): Mismatch {
  return `user ${userId} ${coin}: ${problem}`;
}

/**
 * Every (user, coin) whose balance disagrees with its ledger: available + frozen must
 * equal Σ amount, frozen must equal Σ frozen_change, neither may be negative, and the
 * newest ledger row must show the balance. [] when all is consistent; otherwise one
 * line "user <id> <coin>: <problem>" per problem.
 */
export async function ledgerMismatches(db: Db): Promise<string[]> {
  const balances = await db.selectFrom('balances').select(['user_id', 'coin', 'available', 'frozen']).execute();
  const ledger = await db
    .selectFrom('ledger')
    .select(['user_id', 'coin', 'amount', 'frozen_change', 'available_after', 'frozen_after'])
    .orderBy('id')
    .execute();
  const sums = new Map<string, { total: bigint; frozen: bigint; lastAvailable: bigint; lastFrozen: bigint }>();
  const key = (userId: number, coin: string) => `${userId}\u0000${coin}`;
  for (const r of ledger) {
    const k = key(Number(r.user_id), r.coin);
    const s = sums.get(k) ?? { total: 0n, frozen: 0n, lastAvailable: 0n, lastFrozen: 0n };
    s.total += BigInt(r.amount);
    s.frozen += BigInt(r.frozen_change);
    s.lastAvailable = BigInt(r.available_after);
    s.lastFrozen = BigInt(r.frozen_after);
    sums.set(k, s);
  }
  const out: Mismatch[] = [];
  const seen = new Set<string>();
  for (const b of balances) {
    const userId = Number(b.user_id);
    const k = key(userId, b.coin);
    seen.add(k);
    const available = BigInt(b.available);
    const frozen = BigInt(b.frozen);
    const s = sums.get(k) ?? { total: 0n, frozen: 0n, lastAvailable: 0n, lastFrozen: 0n };
    const problems: string[] = [];
    if (available < 0n || frozen < 0n) problems.push(`negative balance available=${available} frozen=${frozen}`);
    if (available + frozen !== s.total) problems.push(`available+frozen=${available + frozen} but ledger sum=${s.total}`);
    if (frozen !== s.frozen) problems.push(`frozen=${frozen} but ledger frozen sum=${s.frozen}`);
    if (available !== s.lastAvailable || frozen !== s.lastFrozen)
      problems.push(`newest ledger row shows ${s.lastAvailable}/${s.lastFrozen}, balance is ${available}/${frozen}`);
    for (const problem of problems) out.push(mismatch(userId, b.coin, problem));
  }
  for (const [k, s] of sums) {
    if (seen.has(k)) continue;
    const [userId, coin] = k.split('\u0000');
    out.push(mismatch(Number(userId), coin, `ledger sum=${s.total} with no balance row`));
  }
  return out;
}
