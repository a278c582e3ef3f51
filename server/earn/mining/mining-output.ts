// The daily output of running machines, paid by the earn job:
//   day k (1 … term) is due at started_at + k days; its output (quantity = machines, fractional
//   for a share):
//     income type 2 (constant coin amount): daily_output × quantity, rounded down to the coin
//     income type 1 (constant output value): daily_output × quantity USDT at the live market
//       price of <coin>usdt, rounded down; without a current price nothing is paid and the day
//       waits for the next run (a price is never made up)
//   frozen part = output × frozen_ratio, rounded down: credited frozen (mining_earnings_frozen)
//   and released release_days after its day (mining_earnings_released); the rest is credited
//   available at once (mining_earnings_released: it is released output).
//
// Every step is a conditional update (order days_paid, payout released_at) in the transaction of
// its ledger rows, and (order, day) is unique, so no run, restart or race pays anything twice.
import { div, mul, parseAmount, plainUnits, roundTo, units } from '../../../contract/decimal.ts';
import type { Db } from '../../core/db/index.ts';
import { MiningIncome, type MiningOrderRow, MiningStatus } from '../../core/db/types.ts';
import type { JobDeps } from '../../platform/jobs/job.ts';
import { applyChanges, type Change, type Tx } from '../../core/ledger.ts';
import { coinDecimals, DAY_MS } from '../products/earn-units.ts';
import { nextStepAt } from '../products/next-step.ts';

/** The live USDT price of `coin` in units; 1 for USDT; null when there is no current price. */
export function usdtPrice(ctx: Pick<JobDeps, 'market'>, coin: string): bigint | null {
  if (coin === 'USDT') return units('1');
  const symbol = `${coin.toLowerCase()}usdt`;
  if (!ctx.market.market(symbol) || ctx.market.isStale?.(symbol)) return null;
  try {
    const parsed = parseAmount(ctx.market.price(symbol));
    return parsed && parsed.units > 0n ? parsed.units : null;
  } catch {
    return null;
  }
}

/** The output of one day of an order: coin units and the price used (null: no price now, pay later). */
export function dayOutput(ctx: Pick<JobDeps, 'market'>, o: MiningOrderRow, decimals: number): { amount: bigint; price: bigint | null } | null {
  const perDay = mul(BigInt(o.daily_output), BigInt(o.quantity));
  if (Number(o.income_type) === MiningIncome.coin) return { amount: roundTo(perDay, decimals, 'down'), price: null };
  const price = usdtPrice(ctx, o.output_coin);
  if (price === null) return null;
  return { amount: roundTo(div(perDay, price, 'down'), decimals, 'down'), price };
}

/** Pays day `day` of a running order (due at `dueAt`); false when there is no price now or another run paid it. */
async function payDay(ctx: JobDeps, trx: Tx, o: MiningOrderRow, day: number, dueAt: number, now: number, decimals: number): Promise<boolean> {
  const id = Number(o.id);
  const out = dayOutput(ctx, o, decimals);
  if (!out) return false;
  const frozen = roundTo(mul(out.amount, units(o.frozen_ratio)), decimals, 'down');
  const free = out.amount - frozen;
  const updated = await trx
    .updateTable('mining_orders')
    .set({ days_paid: day, output_paid: (BigInt(o.output_paid) + out.amount).toString() })
    .where('id', '=', id)
    .where('status', '=', MiningStatus.running)
    .where('days_paid', '=', day - 1)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return false;
  const releaseAt = dueAt + Number(o.release_days) * DAY_MS;
  await trx
    .insertInto('mining_payouts')
    .values({
      order_id: id,
      user_id: Number(o.user_id),
      day,
      coin: o.output_coin,
      amount: out.amount.toString(),
      frozen: frozen.toString(),
      price: out.price === null ? '' : plainUnits(out.price),
      paid_at: now,
      release_at: releaseAt,
      released_at: frozen > 0n ? null : now,
    })
    .execute();
  const userId = Number(o.user_id);
  const changes: Change[] = [];
  if (frozen > 0n) changes.push({ userId, coin: o.output_coin, available: 0n, frozen, type: 'mining_earnings_frozen', refId: id });
  if (free > 0n) changes.push({ userId, coin: o.output_coin, available: free, frozen: 0n, type: 'mining_earnings_released', refId: id });
  if (changes.length) await applyChanges(trx, changes, now);
  return true;
}

/** One step of a running order at `now`: the next due day, else its end after the last day. */
async function outputStep(ctx: JobDeps, id: number, now: number, decimals: Map<string, number>): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const o = await trx.selectFrom('mining_orders').selectAll().where('id', '=', id).executeTakeFirst();
    if (!o || Number(o.status) !== MiningStatus.running || o.started_at === null) return false;
    const paid = Number(o.days_paid);
    const day = paid + 1;
    const dueAt = Number(o.started_at) + day * DAY_MS;
    if (day <= Number(o.term_days) && dueAt <= now) return payDay(ctx, trx, o, day, dueAt, now, decimals.get(o.output_coin) ?? 8);
    if (paid >= Number(o.term_days) && Number(o.ends_at) <= now) {
      const updated = await trx
        .updateTable('mining_orders')
        .set({ status: MiningStatus.ended, ended_at: now })
        .where('id', '=', id)
        .where('status', '=', MiningStatus.running)
        .where('days_paid', '=', paid)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0;
    }
    return false;
  });
}

/** Releases one payout's frozen part when its time has come; false when already released. */
async function releaseStep(db: Db, payoutId: number, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const p = await trx.selectFrom('mining_payouts').selectAll().where('id', '=', payoutId).executeTakeFirst();
    if (!p || p.released_at !== null || Number(p.release_at) > now) return false;
    const updated = await trx
      .updateTable('mining_payouts')
      .set({ released_at: now })
      .where('id', '=', payoutId)
      .where('released_at', 'is', null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    const frozen = BigInt(p.frozen);
    await applyChanges(
      trx,
      [{ userId: Number(p.user_id), coin: p.coin, available: frozen, frozen: -frozen, type: 'mining_earnings_released', refId: Number(p.order_id) }],
      now,
    );
    return true;
  });
}

/** The earn job: every due day of every running machine (each once), ends, and due releases. */
export async function runMiningJob(ctx: JobDeps): Promise<number> {
  const now = ctx.now();
  let steps = 0;
  const running = await ctx.db
    .selectFrom('mining_orders')
    .select('id')
    .where('status', '=', MiningStatus.running)
    .where(nextStepAt('ends_at'), '<=', now)
    .orderBy('id')
    .execute();
  if (running.length) {
    const decimals = await coinDecimals(ctx.db);
    for (const { id } of running) while (await outputStep(ctx, Number(id), now, decimals)) steps++;
  }
  const due = await ctx.db.selectFrom('mining_payouts').select('id').where('released_at', 'is', null).where('release_at', '<=', now).orderBy('id').execute();
  for (const { id } of due) if (await releaseStep(ctx.db, Number(id), now)) steps++;
  return steps;
}
