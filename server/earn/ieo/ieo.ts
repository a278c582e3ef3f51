// IEO (new-coin subscriptions): the projects the operator manages (server/earn/ieo/ieo-ops.ts), a
// customer's subscription and its referral rewards, the thaw job, and the shapes the screens read.
//
// A subscription is one transaction: the project's `sold` moves by a compare-and-set on the value
// read (two buyers never both take the last coins), the payment leaves the price coin's available
// balance (ledger ieo_subscribe), the coins arrive frozen (ieo_subscribe, frozen_change), and the
// inviter chain (users.invited_by, up to three levels) is paid its rates of the payment
// (schemas/config/referral.json, ledger ieo_reward_<level>), one ieo_rewards row per order and level
// under a unique key. The project's terms (price, lock-up days, thaw time) are copied onto the order.
// The thaw job releases each order once: a conditional status update in the same transaction as
// the ledger row (asset_release).
import type { IeoOrder, IeoProject } from '../../../contract/generated/types.ts';
import { div, formatUnits, mul, roundTo, units } from '../../../contract/decimal.ts';
import { liveConfig } from '../../core/live-config.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { isoTime } from '../../core/db/index.ts';
import { forUpdate } from '../../core/db/locks.ts';
import { type IeoOrderRow, IeoOrderStatus, type IeoProjectRow, type UserRow } from '../../core/db/types.ts';
import { localName } from '../../core/local-names.ts';
import { ApiError, validationError } from '../../core/errors.ts';
import type { Translate } from '../../platform/i18n/i18n.ts';
import { type AmountInput, positiveAmount } from '../../core/amounts.ts';
import type { JobDeps } from '../../platform/jobs/job.ts';
import { applyChanges, type Change, type LedgerType, type Tx } from '../../core/ledger.ts';
import { ResultCode } from '../../../contract/result-codes.ts';

export const DAY_MS = 86_400_000;

export const IeoState = { upcoming: 1, live: 2, ended: 3 } as const;

const REWARD_TYPES: LedgerType[] = ['ieo_reward_1', 'ieo_reward_2', 'ieo_reward_3'];

/** Level 1, 2, 3 rates of the payment (ratios as decimal strings). */
export function referralRates(): string[] {
  return liveConfig<{ ieoRewardRates: string[] }>('referral').ieoRewardRates;
}

export function projectState(p: Pick<IeoProjectRow, 'start_at' | 'end_at'>, now: number): 1 | 2 | 3 {
  if (now < Number(p.start_at)) return IeoState.upcoming;
  if (now >= Number(p.end_at)) return IeoState.ended;
  return IeoState.live;
}

export function thawTime(p: Pick<IeoProjectRow, 'end_at' | 'lock_days'>): number {
  return Number(p.end_at) + Number(p.lock_days) * DAY_MS;
}

/** Decimals of the price coin (coin table; 8 when it is not there). */
export async function priceDecimals(db: Tx, coin: string): Promise<number> {
  const row = await db.selectFrom('coins').select('decimals').where('coin', '=', coin).executeTakeFirst();
  return row ? Number(row.decimals) : 8;
}

/** What `num` coins cost: num × price, rounded up to the price coin's decimals. */
export function paymentFor(num: bigint, price: bigint, decimals: number): bigint {
  return roundTo(mul(num, price, 'up'), decimals, 'up');
}

/** Coins each of `projectIds` the user subscribed so far. */
export async function subscribedBy(db: Tx, userId: number, projectIds: number[]): Promise<Map<number, bigint>> {
  const out = new Map<number, bigint>();
  if (projectIds.length === 0) return out;
  const rows = await db.selectFrom('ieo_orders').select(['project_id', 'amount']).where('user_id', '=', userId).where('project_id', 'in', projectIds).execute();
  for (const r of rows) out.set(Number(r.project_id), (out.get(Number(r.project_id)) ?? 0n) + BigInt(r.amount));
  return out;
}

/** "2025-01-15 12:00 UTC" for a message. */
const utcText = (ms: number) => `${isoTime(ms).slice(0, 16).replace('T', ' ')} UTC`;

/** A decimal without trailing zeros, for messages ("10.00" → "10"). */
const trim = (text: string) => (text.includes('.') ? text.replace(/\.?0+$/, '') : text);

const minBig = (...v: bigint[]) => v.reduce((a, b) => (b < a ? b : a));
const nonNegative = (v: bigint) => (v > 0n ? v : 0n);

function timing(p: IeoProjectRow, now: number, t: Translate): string {
  if (Number(p.prohibited)) return t('ieo.timing.paused');
  const state = projectState(p, now);
  if (state === IeoState.ended) return t('ieo.timing.ended');
  const until = state === IeoState.upcoming ? Number(p.start_at) : Number(p.end_at);
  const left = until - now;
  const days = Math.floor(left / DAY_MS);
  const hours = Math.floor((left % DAY_MS) / 3_600_000);
  const minutes = Math.max(1, Math.ceil((left % 3_600_000) / 60_000));
  const params = { days, hours, minutes };
  return state === IeoState.upcoming ? t('ieo.timing.startsIn', params) : t('ieo.timing.endsIn', params);
}

type IeoBlockReason = 'ieoPaused' | 'ieoNotStarted' | 'ieoEnded' | 'ieoSoldOut' | 'ieoCapReached';

/** Why the caller cannot subscribe now, in the order the server refuses (checkTerms); null while one can. */
function subscribeBlock(
  p: IeoProjectRow,
  remaining: bigint,
  myRemaining: bigint,
  now: number,
): { reason: IeoBlockReason; until: number | null; link: null } | null {
  const block = (reason: IeoBlockReason, until: number | null = null) => ({ reason, until, link: null });
  if (Number(p.prohibited)) return block('ieoPaused');
  const state = projectState(p, now);
  if (state === IeoState.upcoming) return block('ieoNotStarted', Number(p.start_at));
  if (state === IeoState.ended) return block('ieoEnded', Number(p.end_at));
  if (remaining < BigInt(p.order_min) || remaining === 0n) return block('ieoSoldOut');
  if (myRemaining < BigInt(p.order_min) || myRemaining === 0n) return block('ieoCapReached');
  return null;
}

/** A project as the calling user sees it (`mine`: coins the user subscribed to it so far). */
export function toIeoProject(p: IeoProjectRow, mine: bigint, now: number, t: Translate, lang: unknown, priceCoinDecimals: number): IeoProject {
  const d = Number(p.decimals);
  const total = BigInt(p.total);
  const sold = BigInt(p.sold);
  const remaining = nonNegative(total - sold);
  const myRemaining = nonNegative(BigInt(p.user_cap) - mine);
  const f = (v: bigint) => formatUnits(v, d);
  const state = projectState(p, now);
  const name = localName(p, lang);
  const price = formatUnits(BigInt(p.price), priceCoinDecimals);
  return {
    ID: Number(p.id),
    name,
    coin: p.coin,
    logo: p.logo,
    decimals: d,
    startAt: isoTime(Number(p.start_at)),
    endAt: isoTime(Number(p.end_at)),
    thawAt: isoTime(thawTime(p)),
    total: f(total),
    sold: f(sold),
    remaining: f(remaining),
    progress: formatUnits(total === 0n ? 0n : div(sold, total, 'down'), 4),
    price,
    priceCoin: p.price_coin,
    lockDays: Number(p.lock_days),
    userCap: f(BigInt(p.user_cap)),
    orderMin: f(BigInt(p.order_min)),
    orderMax: f(BigInt(p.order_max)),
    myRemaining: f(myRemaining),
    maxNow: f(minBig(BigInt(p.order_max), remaining, myRemaining)),
    state,
    open: state === IeoState.live && !Number(p.prohibited),
    timing: timing(p, now, t),
    block: subscribeBlock(p, remaining, myRemaining, now),
    countdownStart: state === IeoState.upcoming && !Number(p.prohibited) ? isoTime(Number(p.start_at)) : '',
    countdownEnd: state === IeoState.live && !Number(p.prohibited) ? isoTime(Number(p.end_at)) : '',
    terms: t('ieo.terms', {
      coin: p.coin,
      price: trim(price),
      priceCoin: p.price_coin,
      lockDays: Number(p.lock_days),
      min: trim(f(BigInt(p.order_min))),
      max: trim(f(BigInt(p.order_max))),
      cap: trim(f(BigInt(p.user_cap))),
    }),
  };
}

/** Projects with their price coins' decimals and the user's subscriptions, shaped for the screens. */
export async function ieoProjectsFor(ctx: AppContext, userId: number, rows: IeoProjectRow[], lang: unknown): Promise<IeoProject[]> {
  const t = ctx.i18n.translator(lang);
  const now = ctx.now();
  const mine = await subscribedBy(
    ctx.db,
    userId,
    rows.map((r) => Number(r.id)),
  );
  const decimals = new Map<string, number>();
  for (const r of rows) if (!decimals.has(r.price_coin)) decimals.set(r.price_coin, await priceDecimals(ctx.db, r.price_coin));
  return rows.map((r) => toIeoProject(r, mine.get(Number(r.id)) ?? 0n, now, t, lang, decimals.get(r.price_coin) ?? 8));
}

// ---- subscription ------------------------------------------------------------------------

export interface IeoPurchase {
  pid: number;
  num: AmountInput;
}

/** Refuses a subscription the project's terms do not allow now; each message names the limit. */
function checkTerms(p: IeoProjectRow, num: bigint, mine: bigint, now: number): void {
  const f = (v: bigint) => formatUnits(v, Number(p.decimals));
  if (Number(p.prohibited)) throw validationError('pid', 'ieo.closed');
  const state = projectState(p, now);
  if (state === IeoState.upcoming) throw validationError('pid', 'ieo.notStarted', { start: utcText(Number(p.start_at)) });
  if (state === IeoState.ended) throw validationError('pid', 'ieo.ended', { end: utcText(Number(p.end_at)) });
  const limit = (key: string, code: number, value: bigint) => new ApiError(code, key, { field: 'num' }, { limit: trim(f(value)), coin: p.coin });
  if (num < BigInt(p.order_min)) throw limit('ieo.belowMin', ResultCode.belowMinimum, BigInt(p.order_min));
  if (num > BigInt(p.order_max)) throw limit('ieo.aboveMax', ResultCode.aboveMaximum, BigInt(p.order_max));
  const remaining = nonNegative(BigInt(p.total) - BigInt(p.sold));
  if (num > remaining) throw limit('ieo.aboveRemaining', ResultCode.aboveMaximum, remaining);
  const myRemaining = nonNegative(BigInt(p.user_cap) - mine);
  if (num > myRemaining) throw limit('ieo.aboveCap', ResultCode.aboveMaximum, myRemaining);
}

/** The inviters of `userId`, nearest first, at most `levels` of them (a loop in the chain stops it). */
export async function inviterChain(db: Tx, userId: number, levels: number): Promise<number[]> {
  const chain: number[] = [];
  let current = userId;
  for (let level = 0; level < levels; level++) {
    const row = await db.selectFrom('users').select('invited_by').where('id', '=', current).executeTakeFirst();
    const next = row?.invited_by === null || row?.invited_by === undefined ? null : Number(row.invited_by);
    if (next === null || next === userId || chain.includes(next)) break;
    chain.push(next);
    current = next;
  }
  return chain;
}

/** Pays levels 1–3 of the order's payment to the inviter chain, each once (unique order + level). */
async function payReferralRewards(trx: Tx, order: IeoOrderRow, decimals: number, now: number): Promise<void> {
  const rates = referralRates();
  const chain = await inviterChain(trx, Number(order.user_id), rates.length);
  for (const [i, inviter] of chain.entries()) {
    const amount = roundTo(mul(BigInt(order.payment), units(rates[i]), 'down'), decimals, 'down');
    if (amount <= 0n) continue;
    const inserted = await trx
      .insertInto('ieo_rewards')
      .values({
        order_id: Number(order.id),
        level: i + 1,
        user_id: inviter,
        coin: order.price_coin,
        rate: rates[i],
        amount: amount.toString(),
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['order_id', 'level']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1) continue;
    await applyChanges(trx, [{ userId: inviter, coin: order.price_coin, type: REWARD_TYPES[i], available: amount, frozen: 0n, refId: Number(order.id) }], now);
  }
}

/** POST /issue/buySubmit: `num` coins of a live project, paid now, frozen until the thaw time. */
export async function buyIeo(ctx: AppContext, user: Pick<UserRow, 'id'>, input: IeoPurchase, lang: unknown): Promise<IeoOrder> {
  const first = await ctx.db.selectFrom('ieo_projects').selectAll().where('id', '=', input.pid).executeTakeFirst();
  if (!first) throw validationError('pid', 'ieo.projectUnknown');
  const num = positiveAmount(input.num, 'num', Number(first.decimals), 'ieo.numInvalid');
  const order = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    // the project's row is held until commit: subscriptions to one project take turns (its sold amount and each user's cap)
    const p = await forUpdate(trx, trx.selectFrom('ieo_projects').selectAll().where('id', '=', input.pid)).executeTakeFirstOrThrow();
    const mine = (await subscribedBy(trx, user.id, [Number(p.id)])).get(Number(p.id)) ?? 0n;
    checkTerms(p, num, mine, now);
    // compare-and-set on the sold amount read above: a concurrent subscription makes this one fail, never oversell
    const moved = await trx
      .updateTable('ieo_projects')
      .set({ sold: (BigInt(p.sold) + num).toString() })
      .where('id', '=', p.id)
      .where('sold', '=', p.sold)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new ApiError(ResultCode.aboveMaximum, 'ieo.soldMeanwhile', { field: 'num' });
    const decimals = await priceDecimals(trx, p.price_coin);
    const payment = paymentFor(num, BigInt(p.price), decimals);
    const row = await trx
      .insertInto('ieo_orders')
      .values({
        user_id: user.id,
        project_id: Number(p.id),
        coin: p.coin,
        amount: num.toString(),
        payment: payment.toString(),
        price: p.price,
        price_coin: p.price_coin,
        lock_days: Number(p.lock_days),
        thaw_at: thawTime(p),
        status: IeoOrderStatus.frozen,
        created_at: now,
        released_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const changes: Change[] = [
      { userId: user.id, coin: p.price_coin, type: 'ieo_subscribe', available: -payment, frozen: 0n, refId: Number(row.id) },
      { userId: user.id, coin: p.coin, type: 'ieo_subscribe', available: 0n, frozen: num, refId: Number(row.id) },
    ];
    await applyChanges(trx, changes, now);
    await payReferralRewards(trx, row, decimals, now);
    return { row, name: localName(p, lang), decimals: Number(p.decimals), priceDecimals: decimals, project: { price: p.price, coin: p.price_coin } };
  });
  return toIeoOrder(ctx, order.row, order.name, order.decimals, order.priceDecimals, order.project);
}

// ---- records -----------------------------------------------------------------------------

/** Market value now of `amount` coins in USDT units, or null where the coin has no USDT market. */
function marketValue(ctx: Pick<JobDeps, 'market'>, coin: string, amount: bigint): bigint | null {
  const symbol = `${coin.toLowerCase()}usdt`;
  if (!ctx.market.market(symbol)) return null;
  try {
    return mul(amount, units(ctx.market.price(symbol)), 'down');
  } catch {
    return null;
  }
}

/** The project's price now, for the value of a holding whose coin has no market yet: units of `coin` per coin. */
export interface ProjectPrice {
  price: string;
  coin: string;
}

/**
 * What the order's coins are worth now in its price coin: at the live market price where the coin
 * trades against USDT (and was paid in USDT), else at the project's current subscription price
 * (paid in the same coin); null without either.
 */
function holdingValue(ctx: Pick<JobDeps, 'market'>, o: IeoOrderRow, project: ProjectPrice | undefined): bigint | null {
  const amount = BigInt(o.amount);
  const market = o.price_coin === 'USDT' ? marketValue(ctx, o.coin, amount) : null;
  if (market !== null) return market;
  return project && project.coin === o.price_coin ? mul(amount, BigInt(project.price), 'down') : null;
}

export function toIeoOrder(
  ctx: Pick<JobDeps, 'market'>,
  o: IeoOrderRow,
  name: string,
  decimals: number,
  priceCoinDecimals: number,
  project?: ProjectPrice,
): IeoOrder {
  const payment = BigInt(o.payment);
  const value = holdingValue(ctx, o, project);
  const profit = value === null ? null : roundTo(value, priceCoinDecimals, 'down') - payment;
  return {
    ID: Number(o.id),
    pid: Number(o.project_id),
    name,
    coin: o.coin,
    amount: formatUnits(BigInt(o.amount), decimals),
    payment: formatUnits(payment, priceCoinDecimals),
    price: formatUnits(BigInt(o.price), priceCoinDecimals),
    priceCoin: o.price_coin,
    lockDays: Number(o.lock_days),
    thawAt: isoTime(Number(o.thaw_at)),
    status: Number(o.status) as 1 | 2,
    profit: profit === null ? '' : formatUnits(profit, priceCoinDecimals),
    profitRatio: profit === null || payment === 0n ? '' : formatUnits(div(profit, payment, profit < 0n ? 'up' : 'down'), 4),
    CreatedAt: isoTime(Number(o.created_at)),
    releasedAt: o.released_at === null ? '' : isoTime(Number(o.released_at)),
  };
}

// ---- thaw ----------------------------------------------------------------------------------

/** Releases every order due at ctx.now(), each exactly once; returns how many it released. */
export async function releaseDueIeoOrders(ctx: JobDeps): Promise<number> {
  const now = ctx.now();
  const due = await ctx.db
    .selectFrom('ieo_orders')
    .selectAll()
    .where('status', '=', IeoOrderStatus.frozen)
    .where('thaw_at', '<=', now)
    .orderBy('id')
    .limit(500)
    .execute();
  let released = 0;
  for (const o of due) {
    released += await ctx.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('ieo_orders')
        .set({ status: IeoOrderStatus.released, released_at: now })
        .where('id', '=', o.id)
        .where('status', '=', IeoOrderStatus.frozen)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return 0;
      const amount = BigInt(o.amount);
      await applyChanges(
        trx,
        [{ userId: Number(o.user_id), coin: o.coin, type: 'asset_release', available: amount, frozen: -amount, refId: Number(o.id) }],
        now,
      );
      return 1;
    });
  }
  return released;
}
