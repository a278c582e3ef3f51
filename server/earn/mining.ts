// Mining machines. A customer buys whole machines (sole: `num`) or a share of one (shared: a
// percent of one machine and the amount it costs). The price is frozen (ledger mining_purchase:
// available → frozen) and the order waits for review (`ops approve|reject mining <id>`), with the
// machine's terms copied onto it; they never change afterwards.
//
//   approval: the frozen price leaves (mining_purchase, frozen −x), the order runs from then, and
//             reward = price paid × reward_ratio, rounded down, is paid (mining_purchase_reward)
//   rejection: the frozen price comes back (mining_purchase, available +x, frozen −x)
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
import type { MiningMachine, MiningOrder } from '../../contract/generated/types.ts';
import { div, formatUnits, mul, parseAmount, plainUnits, roundTo, units } from '../../contract/decimal.ts';
import { costOf, shareQuantity } from '../../contract/mining.ts';
import type { AppContext } from '../platform/http/context.ts';
import { type Db, isoTime } from '../core/db/index.ts';
import { MiningIncome, type MiningMachineRow, type MiningOrderRow, MiningStatus, MiningType } from '../core/db/types.ts';
import { localName } from '../core/local-names.ts';
import { alreadyDecided, ReviewError, type ReviewItem, type ReviewKind, userLabel } from '../core/review-kind.ts';
import { ApiError, businessError, validationError } from '../core/errors.ts';
import type { Translate } from '../platform/i18n/i18n.ts';
import { type AmountInput, decimalText, positiveAmount } from '../core/amounts.ts';
import type { JobDeps } from '../platform/jobs/job.ts';
import { applyChanges, balanceOf, type Change, type Tx } from '../core/ledger.ts';
import { coinDecimals, DAY_MS, ratePercent } from './financing.ts';
import { ResultCode } from '../../contract/result-codes.ts';

/** A share is a percent of one machine with at most this many decimals */
export const SHARE_DECIMALS = 2;
const ONE_MACHINE = units('1');
const STATUS_NAMES: Record<number, string> = { 1: 'waiting for review', 2: 'running', 3: 'rejected', 4: 'ended' };

/** The percent of a machine quantity: 0.25 machine → "25". */
export const sharePercent = (quantity: bigint): string => plainUnits(quantity * 100n);

// ---- machines -----------------------------------------------------------------------------

export function machineTerms(m: Pick<MiningMachineRow, 'type' | 'income_type' | 'daily_output' | 'output_coin' | 'frozen_ratio' | 'release_days' | 'term_days'>, t: Translate): string {
  const output = plainUnits(BigInt(m.daily_output));
  const daily = Number(m.income_type) === MiningIncome.value ? t('mining.dailyValue', { amount: output, coin: m.output_coin }) : t('mining.dailyCoins', { amount: output, coin: m.output_coin });
  const frozen = BigInt(units(m.frozen_ratio)) > 0n ? t('mining.termsFrozen', { percent: ratePercent(m.frozen_ratio), days: Number(m.release_days) }) : '';
  return [t('mining.terms', { daily, term: Number(m.term_days) }), frozen].filter(Boolean).join(' ');
}

export function toMiningMachine(m: MiningMachineRow, priceDecimals: number, t: Translate, lang: unknown): MiningMachine {
  const sole = Number(m.type) === MiningType.sole;
  const max = BigInt(m.max_quantity);
  return {
    ID: Number(m.id),
    name: localName(m, lang),
    type: Number(m.type) as 1 | 2,
    priceCoin: m.price_coin,
    priceDecimals,
    price: formatUnits(BigInt(m.price), priceDecimals),
    outputCoin: m.output_coin,
    incomeType: Number(m.income_type) as 1 | 2,
    dailyOutput: plainUnits(BigInt(m.daily_output)),
    frozenRatio: m.frozen_ratio,
    releaseDays: Number(m.release_days),
    termDays: Number(m.term_days),
    maxPerOrder: sole ? plainUnits(max) : sharePercent(max),
    quantityDecimals: sole ? 0 : SHARE_DECIMALS,
    rewardRatio: m.reward_ratio,
    terms: machineTerms(m, t),
  };
}

/** Machines a customer can buy: open, their price coin enabled. */
export function openMachines(db: Tx) {
  return db.selectFrom('mining_machines').innerJoin('coins', 'coins.coin', 'mining_machines.price_coin').where('mining_machines.enabled', '=', 1).where('coins.enabled', '=', 1);
}

export async function machineNames(db: Tx, ids: number[], lang: unknown): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('mining_machines')
    .select(['id', 'name', 'names'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [Number(r.id), localName(r, lang)]));
}

// ---- orders -------------------------------------------------------------------------------

/**
 * An order's status on the wire (spec §3: the app lists the running machines with status 1):
 * 1 running, 2 waiting for review, 3 rejected, 4 ended. The table keeps its own numbering.
 */
const WIRE_STATUS = { [MiningStatus.running]: 1, [MiningStatus.pending]: 2, [MiningStatus.rejected]: 3, [MiningStatus.ended]: 4 } as const;
type WireStatus = (typeof WIRE_STATUS)[keyof typeof WIRE_STATUS];

/** The table's status for a wire status (a list filter); undefined for any other value. */
export function miningStatusOfWire(wire: number): number | undefined {
  const found = Object.entries(WIRE_STATUS).find(([, w]) => w === wire);
  return found ? Number(found[0]) : undefined;
}

export function toMiningOrder(o: MiningOrderRow, name: string, decimals: Map<string, number>): MiningOrder {
  const status = Number(o.status);
  const quantity = BigInt(o.quantity);
  const sole = Number(o.type) === MiningType.sole;
  const daysPaid = Number(o.days_paid);
  const started = o.started_at === null ? null : Number(o.started_at);
  return {
    ID: Number(o.id),
    machine_id: Number(o.machine_id),
    name,
    type: Number(o.type) as 1 | 2,
    num: sole ? plainUnits(quantity) : '',
    sharePercent: sole ? '' : sharePercent(quantity),
    priceCoin: o.price_coin,
    amount: formatUnits(BigInt(o.amount), decimals.get(o.price_coin) ?? 8),
    outputCoin: o.output_coin,
    incomeType: Number(o.income_type) as 1 | 2,
    dailyOutput: plainUnits(roundTo(mul(BigInt(o.daily_output), quantity), 8)),
    frozenRatio: o.frozen_ratio,
    releaseDays: Number(o.release_days),
    termDays: Number(o.term_days),
    status: WIRE_STATUS[status as keyof typeof WIRE_STATUS] as WireStatus,
    reason: o.reason,
    reward: formatUnits(BigInt(o.reward), decimals.get(o.price_coin) ?? 8),
    daysPaid,
    output: formatUnits(BigInt(o.output_paid), decimals.get(o.output_coin) ?? 8),
    CreatedAt: isoTime(Number(o.created_at)),
    startedAt: started === null ? '' : isoTime(started),
    endsAt: o.ends_at === null ? '' : isoTime(Number(o.ends_at)),
    nextPayoutAt: status === MiningStatus.running && started !== null && daysPaid < Number(o.term_days) ? isoTime(started + (daysPaid + 1) * DAY_MS) : '',
  };
}

export type MiningPurchase = { id: number; num: AmountInput } | { id: number; sharePercent: AmountInput; shareAmount: AmountInput };

/** The whole number of machines of a sole purchase: code 7 mining.numInvalid otherwise. */
function machineCount(value: AmountInput): bigint {
  let text: string;
  try {
    text = decimalText(value, 'num');
  } catch {
    throw validationError('num', 'mining.numInvalid');
  }
  if (!/^\d{1,9}$/.test(text) || BigInt(text) < 1n) throw validationError('num', 'mining.numInvalid');
  return BigInt(text) * ONE_MACHINE;
}

/**
 * POST buySingleMining_machine / buyShareMining_machine: checks the machine (open, of that
 * type), the quantity (whole machines, or a percent with at most 2 decimals; not above the
 * per-order limit: 4018) and, for a share, that the amount is what the share costs; 4020 when the
 * available balance is short. Freezes the price and writes the order in one transaction.
 */
export async function buyMining(ctx: AppContext, userId: number, input: MiningPurchase): Promise<MiningOrder> {
  const m = await openMachines(ctx.db).selectAll('mining_machines').select('coins.decimals as coin_decimals').where('mining_machines.id', '=', input.id).executeTakeFirst();
  if (!m) throw validationError('id', 'mining.machineUnknown');
  const decimals = Number(m.coin_decimals);
  const sole = 'num' in input;
  if (sole !== (Number(m.type) === MiningType.sole)) throw validationError('id', sole ? 'mining.soldInShares' : 'mining.soldWhole');
  const max = BigInt(m.max_quantity);
  const price = BigInt(m.price);
  let quantity: bigint;
  let amount: bigint;
  if ('num' in input) {
    quantity = machineCount(input.num);
    if (quantity > max) throw new ApiError(ResultCode.aboveMaximum, 'mining.numMax', { field: 'num' }, { limit: plainUnits(max) });
    amount = costOf(quantity, price, decimals);
  } else {
    const percent = positiveAmount(input.sharePercent, 'sharbltxt', SHARE_DECIMALS, 'mining.shareInvalid');
    if (percent > units('100')) throw validationError('sharbltxt', 'mining.shareInvalid');
    quantity = shareQuantity(percent);
    if (quantity > max) throw new ApiError(ResultCode.aboveMaximum, 'mining.shareMax', { field: 'sharbltxt' }, { limit: sharePercent(max) });
    amount = costOf(quantity, price, decimals);
    const given = positiveAmount(input.shareAmount, 'gxfe', decimals, 'mining.shareAmountInvalid');
    if (given !== amount) throw validationError('gxfe', 'mining.shareAmountMismatch', { amount: `${formatUnits(amount, decimals)} ${m.price_coin}` });
  }
  const now = ctx.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    // refused before the insert, so a short balance uses no order id (a PostgreSQL sequence does not roll back)
    if ((await balanceOf(trx, userId, m.price_coin)).available < amount) throw businessError(ResultCode.insufficientBalance);
    const order = await trx
      .insertInto('mining_orders')
      .values({
        user_id: userId,
        machine_id: Number(m.id),
        type: Number(m.type),
        quantity: quantity.toString(),
        price_coin: m.price_coin,
        price: m.price,
        amount: amount.toString(),
        output_coin: m.output_coin,
        income_type: Number(m.income_type),
        daily_output: m.daily_output,
        frozen_ratio: m.frozen_ratio,
        release_days: Number(m.release_days),
        term_days: Number(m.term_days),
        reward_ratio: m.reward_ratio,
        status: MiningStatus.pending,
        reviewed_at: null,
        started_at: null,
        ends_at: null,
        ended_at: null,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await applyChanges(trx, [{ userId, coin: m.price_coin, available: -amount, frozen: amount, type: 'mining_purchase', refId: Number(order.id) }], now);
    return order;
  });
  return toMiningOrder(row, m.name, await coinDecimals(ctx.db));
}

// ---- review -------------------------------------------------------------------------------

async function orderRow(db: Tx, id: number): Promise<MiningOrderRow> {
  const row = await db.selectFrom('mining_orders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ReviewError(`No mining order has id ${id}.`);
  return row;
}

const already = (o: MiningOrderRow) => alreadyDecided('Mining order', { id: Number(o.id), status: Number(o.status), reason: o.reason }, STATUS_NAMES);

async function customer(db: Tx, userId: number): Promise<string> {
  const u = await db.selectFrom('users').select(['email', 'phone', 'country_code']).where('id', '=', userId).executeTakeFirst();
  return u ? userLabel(u) : `user ${userId}`;
}

export const miningReview: ReviewKind = {
  kind: 'mining',
  approveArgs: '            (takes the frozen price, starts the machine, pays the purchase reward)',

  async pending(db: Db): Promise<ReviewItem[]> {
    const rows = await db
      .selectFrom('mining_orders')
      .innerJoin('users', 'users.id', 'mining_orders.user_id')
      .leftJoin('mining_machines', 'mining_machines.id', 'mining_orders.machine_id')
      .select([
        'mining_orders.id',
        'mining_orders.type',
        'mining_orders.quantity',
        'mining_orders.amount',
        'mining_orders.price_coin',
        'mining_orders.term_days',
        'mining_orders.created_at',
        'mining_machines.name',
        'users.email',
        'users.phone',
        'users.country_code',
      ])
      .where('mining_orders.status', '=', MiningStatus.pending)
      .orderBy('mining_orders.id')
      .execute();
    const decimals = await coinDecimals(db);
    return rows.map((r) => {
      const q = BigInt(r.quantity);
      const what = Number(r.type) === MiningType.sole ? `${plainUnits(q)} × ${r.name ?? 'machine'}` : `${sharePercent(q)} % of ${r.name ?? 'machine'}`;
      return {
        kind: 'mining',
        id: Number(r.id),
        user: userLabel(r),
        summary: `${formatUnits(BigInt(r.amount), decimals.get(r.price_coin) ?? 8)} ${r.price_coin} · ${what}, ${Number(r.term_days)} days`,
        created: new Date(Number(r.created_at)).toISOString(),
      };
    });
  },

  approve(db: Db, id: number, args: string[], now: number): Promise<string> {
    if (args.length > 0) throw new ReviewError('Usage: approve mining <id>');
    return db.transaction().execute(async (trx) => {
      const o = await orderRow(trx, id);
      if (Number(o.status) !== MiningStatus.pending) return already(o);
      const decimals = (await coinDecimals(trx)).get(o.price_coin) ?? 8;
      const amount = BigInt(o.amount);
      const reward = roundTo(mul(amount, units(o.reward_ratio)), decimals, 'down');
      const updated = await trx
        .updateTable('mining_orders')
        .set({ status: MiningStatus.running, reviewed_at: now, started_at: now, ends_at: now + Number(o.term_days) * DAY_MS, reward: reward.toString() })
        .where('id', '=', id)
        .where('status', '=', MiningStatus.pending)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return already(await orderRow(trx, id));
      const userId = Number(o.user_id);
      const changes: Change[] = [{ userId, coin: o.price_coin, available: 0n, frozen: -amount, type: 'mining_purchase', refId: id }];
      if (reward > 0n) changes.push({ userId, coin: o.price_coin, available: reward, frozen: 0n, type: 'mining_purchase_reward', refId: id });
      await applyChanges(trx, changes, now);
      const show = (v: bigint) => `${formatUnits(v, decimals)} ${o.price_coin}`;
      return [
        `Approved mining order ${id} of ${await customer(trx, userId)}: took ${show(amount)} (mining_purchase); the machine runs ${Number(o.term_days)} days from now.`,
        reward > 0n ? `Paid the purchase reward ${show(reward)} (mining_purchase_reward).` : 'No purchase reward.',
      ].join('\n');
    });
  },

  reject(db: Db, id: number, reason: string, now: number): Promise<string> {
    return db.transaction().execute(async (trx) => {
      const o = await orderRow(trx, id);
      if (Number(o.status) !== MiningStatus.pending) return already(o);
      const text = reason.slice(0, 200);
      const updated = await trx
        .updateTable('mining_orders')
        .set({ status: MiningStatus.rejected, reason: text, reviewed_at: now })
        .where('id', '=', id)
        .where('status', '=', MiningStatus.pending)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return already(await orderRow(trx, id));
      const amount = BigInt(o.amount);
      await applyChanges(trx, [{ userId: Number(o.user_id), coin: o.price_coin, available: amount, frozen: -amount, type: 'mining_purchase', refId: id }], now);
      const decimals = (await coinDecimals(trx)).get(o.price_coin) ?? 8;
      return `Rejected mining order ${id} of ${await customer(trx, Number(o.user_id))}: "${text}". Unfroze ${formatUnits(amount, decimals)} ${o.price_coin}.`;
    });
  },
};

// ---- daily output -------------------------------------------------------------------------

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

/** One step of a running order at `now`: the next due day, else its end after the last day. */
async function outputStep(ctx: JobDeps, id: number, now: number, decimals: Map<string, number>): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const o = await trx.selectFrom('mining_orders').selectAll().where('id', '=', id).executeTakeFirst();
    if (!o || Number(o.status) !== MiningStatus.running || o.started_at === null) return false;
    const paid = Number(o.days_paid);
    const day = paid + 1;
    const dueAt = Number(o.started_at) + day * DAY_MS;
    if (day <= Number(o.term_days) && dueAt <= now) {
      const d = decimals.get(o.output_coin) ?? 8;
      const out = dayOutput(ctx, o, d);
      if (!out) return false;
      const frozen = roundTo(mul(out.amount, units(o.frozen_ratio)), d, 'down');
      const free = out.amount - frozen;
      const updated = await trx
        .updateTable('mining_orders')
        .set({ days_paid: day, output_paid: (BigInt(o.output_paid) + out.amount).toString() })
        .where('id', '=', id)
        .where('status', '=', MiningStatus.running)
        .where('days_paid', '=', paid)
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
    const updated = await trx.updateTable('mining_payouts').set({ released_at: now }).where('id', '=', payoutId).where('released_at', 'is', null).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    const frozen = BigInt(p.frozen);
    await applyChanges(trx, [{ userId: Number(p.user_id), coin: p.coin, available: frozen, frozen: -frozen, type: 'mining_earnings_released', refId: Number(p.order_id) }], now);
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
    .where('started_at', '<=', now - DAY_MS)
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
