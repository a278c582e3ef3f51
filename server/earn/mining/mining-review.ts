// The review kind "mining" (`ops approve|reject mining <id>`):
//   approval: the frozen price leaves (mining_purchase, frozen −x), the order runs from then, and
//             reward = price paid × reward_ratio, rounded down, is paid (mining_purchase_reward)
//   rejection: the frozen price comes back (mining_purchase, available +x, frozen −x)
import { formatUnits, mul, plainUnits, roundTo, units } from '../../../contract/decimal.ts';
import { transact, type Db } from '../../core/db/index.ts';
import { type MiningOrderRow, MiningStatus, MiningType } from '../../core/db/types.ts';
import { alreadyDecided, type ReviewItem, type ReviewKind, userLabel } from '../../core/review-kind.ts';
import { applyChanges, type Change, type Tx } from '../../core/ledger.ts';
import { coinDecimals, DAY_MS } from '../products/earn-units.ts';
import { sharePercent } from './mining-machines.ts';
import { refusal } from '../../core/errors.ts';

const STATUS_NAMES: Record<number, string> = { 1: 'waiting for review', 2: 'running', 3: 'rejected', 4: 'ended' };

async function orderRow(db: Tx, id: number): Promise<MiningOrderRow> {
  const row = await db.selectFrom('mining_orders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw refusal('refusals.review.miningUnknown', { id });
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
    if (args.length > 0) throw refusal('refusals.usage', { usage: 'approve mining <id>' });
    return transact(db, async (trx) => {
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

  async moves(db, id, args) {
    if (args.length > 0) throw refusal('refusals.usage', { usage: 'approve mining <id>' });
    const o = await db.selectFrom('mining_orders').select(['price_coin', 'amount']).where('id', '=', id).executeTakeFirst();
    // the price paid: what the machine's output and the purchase reward stand on
    return o && { coin: o.price_coin, units: BigInt(o.amount) };
  },

  reject(db: Db, id: number, reason: string, now: number): Promise<string> {
    return transact(db, async (trx) => {
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
