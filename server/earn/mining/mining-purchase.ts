// Mining purchases. A customer buys whole machines (sole: `num`) or a share of one (shared: a
// percent of one machine and the amount it costs). The price is frozen (ledger mining_purchase:
// available → frozen) and the order waits for review (mining-review.ts), with the machine's
// terms copied onto it; they never change afterwards.
import type { MiningOrder } from '../../../contract/generated/types.ts';
import { formatUnits, mul, plainUnits, roundTo, units } from '../../../contract/decimal.ts';
import { costOf, shareQuantity } from '../../../contract/mining.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { isoTime } from '../../core/db/index.ts';
import { MiningIncome, type MiningOrderRow, MiningStatus, MiningType } from '../../core/db/types.ts';
import { USDT } from '../../core/coins.ts';
import { ApiError, businessError, validationError } from '../../core/errors.ts';
import { type AmountInput, decimalText, positiveAmount } from '../../core/amounts.ts';
import { applyChanges, balanceOf } from '../../core/ledger.ts';
import { coinDecimals, DAY_MS } from '../products/earn-units.ts';
import { openMachines, SHARE_DECIMALS, sharePercent } from './mining-machines.ts';
import { ResultCode } from '../../../contract/result-codes.ts';

const ONE_MACHINE = units('1');

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
    dailyOutputCoin: Number(o.income_type) === MiningIncome.value ? USDT : o.output_coin,
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
  const m = await openMachines(ctx.db)
    .selectAll('mining_machines')
    .select('coins.decimals as coin_decimals')
    .where('mining_machines.id', '=', input.id)
    .executeTakeFirst();
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
