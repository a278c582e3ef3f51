// Wire transfers (fiat deposits): the currencies and their minimums (schemas/config/
// wire-limits.json), the customer's request (it waits for an operator, no balance changes),
// the customer's view of a row, and the review kind "wire":
//
//   ops act wire instruct <id> <text…>   payment instructions the customer sees (bank, reference);
//                                        the back office's POST /admin/reviews/wireInstructions too
//   ops approve wire <id> <coin> <amount> the money arrived: credit <amount> <coin> (ledger wire_deposit)
//   ops reject wire <id> <reason…>       the customer sees the reason
//
// Approval credits in the same transaction as the status change; deciding twice changes nothing.
import type { Endpoints } from '../../../contract/generated/endpoints.ts';
import type { WireCurrencies, WireTransfer } from '../../../contract/generated/types.ts';
import { formatUnits, parseAmount, plainUnits, STORAGE_SCALE } from '../../../contract/decimal.ts';
import { liveConfig, perVersion } from '../../core/live-config.ts';
import { transact, type Db } from '../../core/db/index.ts';
import { isoTime } from '../../core/db/index.ts';
import { ReviewStatus, type UserRow, type WireTransferRow } from '../../core/db/types.ts';
import { validationError } from '../../core/errors.ts';
import { positiveAmount } from '../../core/amounts.ts';
import { applyChanges } from '../../core/ledger.ts';
import { notify } from '../../core/notify.ts';
import { type AuditActor, appendAudit } from '../../platform/audit/audit.ts';
import { cliActor } from '../../platform/audit/actor.ts';
import { rejectionReason, type ReviewItem, type ReviewKind, userLabel } from '../../core/review-kind.ts';
import { refusal } from '../../core/errors.ts';

/** ISO 4217 minor units: the decimals an amount of the currency may have (2 when not listed). */
const MINOR_UNITS: Readonly<Record<string, number>> = { JPY: 0, KRW: 0, VND: 0 };

export function currencyDecimals(currency: string): number {
  return MINOR_UNITS[currency] ?? 2;
}

export interface WireLimit {
  minimum: bigint;
  maximum: bigint;
}

/** schemas/config/wire-limits.json as published: the smallest and largest request per currency, in units (10^-8). */
export const wireLimits: () => Map<string, WireLimit> = perVersion(
  () =>
    new Map(
      Object.entries(liveConfig<Record<string, { minimum: string; maximum: string }>>('wire-limits')).map(([currency, l]) => [
        currency,
        { minimum: parseAmount(l.minimum)!.units, maximum: parseAmount(l.maximum)!.units },
      ]),
    ),
);

/** GET /wire_transfer/currencies */
export function wireCurrencies(): WireCurrencies {
  return {
    list: [...wireLimits()].map(([currency, l]) => ({
      currency,
      minimum: plainUnits(l.minimum),
      maximum: plainUnits(l.maximum),
      decimals: currencyDecimals(currency),
    })),
  };
}

/** What POST /user/wireTransfer carries (the generated request type: the amount as a decimal string or a JSON number). */
export type WireInput = Endpoints['createWireTransfer']['input'];

export function toWireTransfer(row: WireTransferRow): WireTransfer {
  return {
    ID: Number(row.id),
    email: row.email,
    amount: formatUnits(BigInt(row.amount), currencyDecimals(row.currency)),
    currency: row.currency,
    status: Number(row.status) as WireTransfer['status'],
    reason: row.reason,
    instructions: row.instructions,
    creditedCoin: row.credited_coin,
    creditedAmount: row.credited_amount === null ? null : plainUnits(BigInt(row.credited_amount)),
    CreatedAt: isoTime(Number(row.created_at)),
    reviewedAt: row.reviewed_at === null ? null : isoTime(Number(row.reviewed_at)),
  };
}

/** Writes a wire-transfer request (status 1) after checking the currency, the amount's form and decimals, and the currency's limits. */
export async function requestWire(db: Db, user: UserRow, input: WireInput, now: number): Promise<WireTransferRow> {
  const limit = wireLimits().get(input.currency);
  if (limit === undefined) throw validationError('currency', 'wire.currencyRequired');
  // the currency's decimals, minimum and maximum were held against the amount before this handler ran (the schema's x-limits,
  // server/platform/http/endpoints.ts checkLimits)
  const amount = positiveAmount(input.amount, 'amount', STORAGE_SCALE, 'wire.amountInvalid');
  return db
    .insertInto('wire_transfers')
    .values({
      user_id: user.id,
      email: input.email.trim(),
      amount: amount.toString(),
      currency: input.currency,
      status: ReviewStatus.pending,
      reason: '',
      instructions: '',
      credited_coin: null,
      credited_amount: null,
      created_at: now,
      reviewed_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

// ---- review kind "wire" ------------------------------------------------------------------

/** The longest payment instructions (schemas/admin/admin-wire-instructions.json says the same). */
export const INSTRUCTIONS_MAX = 1000;
const STATUS_NAME: Record<number, string> = { [ReviewStatus.pending]: 'waiting', [ReviewStatus.completed]: 'completed', [ReviewStatus.rejected]: 'rejected' };

async function wireById(db: Db, id: number): Promise<WireTransferRow> {
  const row = await db.selectFrom('wire_transfers').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw refusal('refusals.review.wireUnknown', { id });
  return row;
}

function already(row: WireTransferRow): string {
  const detail =
    Number(row.status) === ReviewStatus.rejected && row.reason
      ? ` (reason: ${row.reason})`
      : Number(row.status) === ReviewStatus.completed && row.credited_amount !== null
        ? ` (credited ${plainUnits(BigInt(row.credited_amount))} ${row.credited_coin ?? ''})`
        : '';
  return `Wire transfer ${row.id} is already ${STATUS_NAME[Number(row.status)] ?? `in status ${row.status}`}${detail}; nothing changed.`;
}

function announced(row: WireTransferRow): string {
  return `${formatUnits(BigInt(row.amount), currencyDecimals(row.currency))} ${row.currency}`;
}

/** The coin and the exact amount an approval credits, or a refusal saying what is wrong. */
async function creditOf(db: Db, args: string[]): Promise<{ coin: string; amount: bigint }> {
  const [coinText, amountText, ...rest] = args;
  if (!coinText || !amountText || rest.length > 0) throw refusal('refusals.review.wireApproveUsage');
  const coin = await db.selectFrom('coins').select(['coin', 'decimals']).where('coin', '=', coinText.toUpperCase()).where('enabled', '=', 1).executeTakeFirst();
  if (!coin) throw refusal('refusals.review.coinUnknown', { input: coinText });
  const parsed = parseAmount(amountText);
  if (!parsed || parsed.units <= 0n) throw refusal('refusals.review.amountFormat', { input: amountText });
  if (parsed.decimals > Number(coin.decimals))
    throw refusal('refusals.review.amountDecimals', { coin: coin.coin, decimals: Number(coin.decimals), input: amountText });
  return { coin: coin.coin, amount: parsed.units };
}

/**
 * Payment instructions (bank, account, reference) for a waiting wire transfer, replacing any
 * before; the customer sees them on the transfer. One audit row with the transfer before and after.
 */
export function setWireInstructions(db: Db, actor: AuditActor, id: number, text: string, now: number): Promise<WireTransferRow> {
  const instructions = text.trim();
  if (!instructions || instructions.length > INSTRUCTIONS_MAX) throw validationError('text', 'admin.instructionsLength');
  return transact(db, async (trx) => {
    const before = await trx.selectFrom('wire_transfers').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before || Number(before.status) !== ReviewStatus.pending) throw validationError('id', 'admin.wireNotWaiting', { id });
    const after = await trx
      .updateTable('wire_transfers')
      .set({ instructions })
      .where('id', '=', id)
      .where('status', '=', ReviewStatus.pending)
      .returningAll()
      .executeTakeFirstOrThrow();
    await appendAudit(
      trx,
      { ...actor, action: 'wire.instruct', targetKind: 'wire', targetId: id, before: toWireTransfer(before), after: toWireTransfer(after) },
      now,
    );
    return after;
  });
}

export const wireReview: ReviewKind = {
  kind: 'wire',
  approveArgs: '<coin> <amount>   (the money arrived: credit this exact amount, ledger wire_deposit)',

  async pending(db) {
    const rows = await db
      .selectFrom('wire_transfers')
      .innerJoin('users', 'users.id', 'wire_transfers.user_id')
      .selectAll('wire_transfers')
      .select(['users.email as user_email', 'users.phone', 'users.country_code'])
      .where('wire_transfers.status', '=', ReviewStatus.pending)
      .orderBy('wire_transfers.id')
      .execute();
    return rows.map((r): ReviewItem => ({
      kind: 'wire',
      id: Number(r.id),
      user: userLabel({ email: r.user_email, phone: r.phone, country_code: r.country_code }),
      summary: `${announced(r)}, reply to ${r.email}; ${r.instructions ? 'instructions sent' : 'no instructions yet (act wire instruct)'}`,
      created: isoTime(Number(r.created_at)),
    }));
  },

  async approve(db, id, args, now) {
    await wireById(db, id);
    const { coin, amount } = await creditOf(db, args);
    return transact(db, async (trx) => {
      const updated = await trx
        .updateTable('wire_transfers')
        .set({ status: ReviewStatus.completed, credited_coin: coin, credited_amount: amount.toString(), reviewed_at: now })
        .where('id', '=', id)
        .where('status', '=', ReviewStatus.pending)
        .executeTakeFirst();
      const row = await wireById(trx, id);
      if (Number(updated.numUpdatedRows) === 0) return already(row);
      await applyChanges(trx, [{ userId: Number(row.user_id), coin, available: amount, frozen: 0n, type: 'wire_deposit', refId: id }], now);
      await notify(trx, Number(row.user_id), 'wire_credited', { coin, amount: plainUnits(amount) }, now);
      return `Wire transfer ${id} approved (${announced(row)} received): credited ${plainUnits(amount)} ${coin} (wire_deposit).`;
    });
  },

  async reject(db, id, reason, now) {
    const text = rejectionReason(reason);
    await wireById(db, id);
    const updated = await db
      .updateTable('wire_transfers')
      .set({ status: ReviewStatus.rejected, reason: text, reviewed_at: now })
      .where('id', '=', id)
      .where('status', '=', ReviewStatus.pending)
      .executeTakeFirst();
    const row = await wireById(db, id);
    if (Number(updated.numUpdatedRows) === 0) return already(row);
    return `Wire transfer ${id} rejected (${announced(row)}); no balance changed. The customer sees: ${text}`;
  },

  async moves(db, id, args) {
    const row = await db.selectFrom('wire_transfers').select(['amount', 'currency']).where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const { coin, amount } = await creditOf(db, args);
    return { coin, units: amount, claimed: { coin: row.currency, units: BigInt(row.amount) } };
  },

  async notes(db, id) {
    const row = await db.selectFrom('wire_transfers').select('instructions').where('id', '=', id).executeTakeFirst();
    return row?.instructions ? { instructions: row.instructions } : {};
  },

  actions: {
    instruct: {
      args: '<text…>',
      help: 'payment instructions for a waiting wire transfer (bank, account, reference); the customer sees them, a new text replaces the old',
      audited: true,
      async run(db, id, args, now) {
        const text = args.join(' ').trim();
        if (!text) throw refusal('refusals.review.wireInstructUsage');
        const row = await setWireInstructions(db, cliActor(), id, text, now);
        return `Wire transfer ${id} (${announced(row)}): the customer now sees these instructions: ${row.instructions}`;
      },
    },
  },
};
