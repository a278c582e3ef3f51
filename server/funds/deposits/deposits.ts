// Crypto deposits. The customer sends coins to the platform's address on a network, then
// reports it with the amount and a transfer proof (POST /recharge/createRecharge): a row
// under review, no balance change. An operator decides it (`ops approve deposit <id>
// [received] [fee]`, `ops reject deposit <id> <reason…>`): approval credits the received
// amount with a `deposit_success` ledger row in the same transaction as the status change;
// deciding twice changes nothing and says so. `ops act deposit proof <id> [file]` shows the proof and saves its image.
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Endpoints } from '../../../contract/generated/endpoints.ts';
import type { Deposit } from '../../../contract/generated/types.ts';
import { formatUnits, parseAmount, plainUnits, STORAGE_SCALE } from '../../../contract/decimal.ts';
import { transact, type Db } from '../../core/db/index.ts';
import { isoTime } from '../../core/db/index.ts';
import { type DepositRow, ReviewStatus, type UploadRow } from '../../core/db/tables/funds.ts';
import { ApiError, validationError } from '../../core/errors.ts';
import { positiveAmount } from '../../core/amounts.ts';
import { applyChanges, type Tx } from '../../core/ledger.ts';
import { notify } from '../../core/notify.ts';
import { requireNetwork } from '../coins/coins.ts';
import { rejectionReason, REVIEW_STATUS_NAMES, type ReviewItem, type ReviewKind, userLabel } from '../../core/review-kind.ts';

/** Largest single deposit, customer's or administrator's (units are checked exactly, this is a sanity cap). */
export const MAX_DEPOSIT = 10n ** 12n;
import { ownUpload, uploadBytes, uploadNameOf, uploadUrl } from '../../platform/uploads/uploads.ts';
import { bucketFromEnv } from '../../platform/storage/bucket.ts';
import { ResultCode } from '../../../contract/result-codes.ts';
import { refusal } from '../../core/errors.ts';

/** cate: who made the deposit. */
export const DepositOrigin = { user: 1, admin: 2 } as const;

/** Largest single deposit, in units (a sanity cap; the network minimum is the real bound below). */
const MAX_UNITS = MAX_DEPOSIT * 10n ** 8n;

/** Display decimals of each coin of the coin table (amounts of a coin never have more). */
async function decimalsByCoin(db: Tx): Promise<Map<string, number>> {
  const rows = await db.selectFrom('coins').select(['coin', 'decimals']).execute();
  return new Map(rows.map((r) => [r.coin, Number(r.decimals)]));
}

/** A deposit row as the customer sees it. */
export function toDeposit(row: DepositRow, decimals: number): Deposit {
  const amount = (v: string | null) => (v === null ? '' : formatUnits(BigInt(v), decimals));
  return {
    ID: Number(row.id),
    coin: row.coin,
    czline: row.network,
    address: row.address,
    num: amount(row.amount),
    fee: amount(row.fee),
    received: amount(row.received),
    status: Number(row.status) as Deposit['status'],
    cate: Number(row.origin) as Deposit['cate'],
    payimg: row.proof ? uploadUrl(row.proof) : '',
    reason: row.reason,
    CreatedAt: isoTime(row.created_at),
    reviewedAt: row.reviewed_at === null ? '' : isoTime(row.reviewed_at),
  };
}

export async function depositsToShow(db: Tx, rows: DepositRow[]): Promise<Deposit[]> {
  const decimals = await decimalsByCoin(db);
  return rows.map((r) => toDeposit(r, decimals.get(r.coin) ?? 8));
}

/** What a deposit claim carries (the generated request type: the amount as a decimal string or a JSON number). */
export type DepositRequest = Endpoints['createRecharge']['input'];

/**
 * Records a user deposit under review, after checking everything the customer claims:
 * the coin (4019) and its network (code 7 funds.networkMismatch), deposits open on it, the
 * platform's current address there, the amount (≥ the network's minimum, at most the coin's
 * decimals) and a proof that is one of the caller's own uploads not already on another
 * deposit still under review or completed. Nothing is written when a check fails.
 */
export async function createDeposit(db: Db, userId: number, input: DepositRequest, now: number): Promise<Deposit> {
  if (input.cate !== DepositOrigin.user) throw validationError('cate', 'deposit.userOnly');
  const { coin, network } = await requireNetwork(db, input.coin, input.czline);
  if (Number(network.deposit_enabled) !== 1) throw validationError('czline', 'deposit.networkClosed', { coin: coin.coin, network: network.network });
  if (input.address.trim() !== network.deposit_address) throw validationError('address', 'deposit.addressMismatch');

  // the network's decimals and minimum were held against the amount before this handler ran (the schema's x-limits,
  // server/platform/http/endpoints.ts checkLimits)
  const amount = positiveAmount(input.num, 'num', STORAGE_SCALE, 'deposit.amountInvalid');
  if (amount > MAX_UNITS) throw validationError('num', 'deposit.aboveMaximum', { limit: plainUnits(MAX_UNITS) });

  const name = uploadNameOf(input.payimg);
  return transact(db, async (trx) => {
    const upload = name ? await ownUpload(trx, userId, name) : undefined;
    if (!upload) throw validationError('payimg', 'deposit.proofNotYours');
    const used = await trx
      .selectFrom('deposits')
      .select('id')
      .where('proof', '=', upload.name)
      .where('status', 'in', [ReviewStatus.pending, ReviewStatus.completed])
      .executeTakeFirst();
    if (used) throw validationError('payimg', 'deposit.proofUsed');
    const row = await trx
      .insertInto('deposits')
      .values({
        user_id: userId,
        coin: coin.coin,
        network: network.network,
        address: network.deposit_address,
        amount: amount.toString(),
        fee: '0',
        received: null,
        proof: upload.name,
        origin: DepositOrigin.user,
        status: ReviewStatus.pending,
        reason: '',
        created_at: now,
        reviewed_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toDeposit(row, Number(coin.decimals));
  });
}

/** One of the user's deposits; another user's id answers like a missing one. */
export async function findDeposit(db: Db, userId: number, id: number): Promise<Deposit> {
  const row = await db.selectFrom('deposits').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw new ApiError(ResultCode.error, 'errors.notFound');
  const [shown] = await depositsToShow(db, [row]);
  return shown;
}

/**
 * An administrator deposit as a deposit record (cate 2, completed, no proof), so the customer's
 * deposit history shows it with its type. Call inside the transaction that credits it (the
 * ledger's agent_deposit row); `units` is the credited amount.
 */
export async function recordAdminDeposit(trx: Tx, userId: number, coin: string, units: bigint, now: number): Promise<number> {
  const row = await trx
    .insertInto('deposits')
    .values({
      user_id: userId,
      coin,
      network: '',
      address: '',
      amount: units.toString(),
      fee: '0',
      received: units.toString(),
      proof: '',
      origin: DepositOrigin.admin,
      status: ReviewStatus.completed,
      reason: '',
      created_at: now,
      reviewed_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

// ---- operator review ---------------------------------------------------------------------

async function depositOrFail(db: Tx, id: number): Promise<DepositRow> {
  const row = await db.selectFrom('deposits').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw refusal('refusals.review.depositUnknown', { id });
  return row;
}

function alreadyDecided(row: DepositRow): string {
  return `Deposit ${row.id} is already ${REVIEW_STATUS_NAMES[Number(row.status)] ?? `in status ${row.status}`}; nothing changed.`;
}

/** An operator's amount argument (`field`: received or fee) in the coin's decimals: units, or a refusal naming it. */
function operatorAmount(text: string, field: 'received' | 'fee', coin: string, decimals: number, allowZero: boolean): bigint {
  const parsed = parseAmount(text.trim());
  if (!parsed) throw refusal(`refusals.review.${field}Format`, { input: text });
  if (parsed.decimals > decimals) throw refusal(`refusals.review.${field}Decimals`, { coin, decimals, input: text });
  if (parsed.units === 0n && !allowZero) throw refusal(`refusals.review.receivedPositive`);
  if (parsed.units > MAX_UNITS) throw refusal(`refusals.review.${field}Max`, { max: plainUnits(MAX_UNITS) });
  return parsed.units;
}

const APPROVE_USAGE = 'approve deposit <id> [received] [fee]   (fee=<fee> alone: received = amount − fee)';

/** `[received] [fee]`, or `fee=<fee>` anywhere: the received amount and the fee as typed. */
function approveArgsOf(args: string[]): { receivedArg?: string; feeArg?: string } {
  let receivedArg: string | undefined;
  let feeArg: string | undefined;
  for (const arg of args) {
    const named = /^fee=(.*)$/i.exec(arg);
    if (named && feeArg === undefined) feeArg = named[1];
    else if (!named && receivedArg === undefined) receivedArg = arg;
    else if (!named && feeArg === undefined) feeArg = arg;
    else throw refusal('refusals.usage', { usage: APPROVE_USAGE });
  }
  return { receivedArg, feeArg };
}

/**
 * Approves a deposit: credits `received` (default: the amount less the fee; fee 0 unless
 * given) with a deposit_success ledger row, in the transaction that moves it out of review.
 */
/** What approving a deposit with these arguments credits and keeps, or a refusal naming the bad argument. */
function creditOf(row: DepositRow, decimals: number, args: string[]): { received: bigint; fee: bigint } {
  const { receivedArg, feeArg } = approveArgsOf(args);
  const amount = BigInt(row.amount);
  const fee = feeArg === undefined ? 0n : operatorAmount(feeArg, 'fee', row.coin, decimals, true);
  const received = receivedArg === undefined ? amount - fee : operatorAmount(receivedArg, 'received', row.coin, decimals, false);
  if (received <= 0n) throw refusal('refusals.review.feeLeavesNothing', { fee: plainUnits(fee), amount: plainUnits(amount), coin: row.coin });
  return { received, fee };
}

export async function approveDeposit(db: Db, id: number, args: string[], now: number): Promise<string> {
  approveArgsOf(args);
  return transact(db, async (trx) => {
    const row = await depositOrFail(trx, id);
    if (Number(row.status) !== ReviewStatus.pending) return alreadyDecided(row);
    const decimals = (await decimalsByCoin(trx)).get(row.coin) ?? 8;
    const amount = BigInt(row.amount);
    const { received, fee } = creditOf(row, decimals, args);
    const updated = await trx
      .updateTable('deposits')
      .set({ status: ReviewStatus.completed, fee: fee.toString(), received: received.toString(), reviewed_at: now })
      .where('id', '=', id)
      .where('status', '=', ReviewStatus.pending)
      .executeTakeFirst();
    // another approval or rejection got there first: nothing of ours is written
    if (Number(updated.numUpdatedRows) !== 1) return alreadyDecided(await depositOrFail(trx, id));
    await applyChanges(trx, [{ userId: Number(row.user_id), coin: row.coin, available: received, frozen: 0n, type: 'deposit_success', refId: id }], now);
    await notify(trx, Number(row.user_id), 'deposit_approved', { coin: row.coin, amount: plainUnits(received) }, now);
    const show = (v: bigint) => formatUnits(v, decimals);
    return `Deposit ${id} approved: credited ${show(received)} ${row.coin} (reported ${show(amount)}, fee ${show(fee)}), ledger deposit_success.`;
  });
}

export async function rejectDeposit(db: Db, id: number, reason: string, now: number): Promise<string> {
  const text = rejectionReason(reason);
  return transact(db, async (trx) => {
    const row = await depositOrFail(trx, id);
    if (Number(row.status) !== ReviewStatus.pending) return alreadyDecided(row);
    const updated = await trx
      .updateTable('deposits')
      .set({ status: ReviewStatus.rejected, reason: text, reviewed_at: now })
      .where('id', '=', id)
      .where('status', '=', ReviewStatus.pending)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return alreadyDecided(await depositOrFail(trx, id));
    await notify(trx, Number(row.user_id), 'deposit_rejected', { coin: row.coin, amount: plainUnits(BigInt(row.amount)), reason: text }, now);
    return `Deposit ${id} rejected: "${text}". No balance changed.`;
  });
}

async function pendingDeposits(db: Db): Promise<ReviewItem[]> {
  const rows = await db
    .selectFrom('deposits')
    .innerJoin('users', 'users.id', 'deposits.user_id')
    .select(['deposits.id', 'deposits.coin', 'deposits.network', 'deposits.amount', 'deposits.created_at', 'users.email', 'users.phone', 'users.country_code'])
    .where('deposits.status', '=', ReviewStatus.pending)
    .orderBy('deposits.id')
    .execute();
  const decimals = await decimalsByCoin(db);
  return rows.map((r) => ({
    kind: 'deposit',
    id: Number(r.id),
    user: userLabel(r),
    summary: `${formatUnits(BigInt(r.amount), decimals.get(r.coin) ?? 8)} ${r.coin} on ${r.network} (proof: act deposit proof ${r.id})`,
    created: isoTime(r.created_at),
  }));
}

/** Saves a proof's bytes to a new file (never over an existing one); the path as saved. */
async function saveProof(db: Db, upload: UploadRow, file: string): Promise<string> {
  let bytes: Buffer | undefined;
  try {
    bytes = await uploadBytes(db, bucketFromEnv(), upload);
  } catch (error) {
    return `  saved nothing: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (!bytes) return '  saved nothing: the store has no bytes of this image (lost before the upgrade)';
  const path = resolve(file);
  try {
    await writeFile(path, bytes, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    return `  saved nothing: ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`;
  }
  return `  saved ${path}`;
}

/** A deposit's transfer proof: its type, size and time; with a file name, its bytes saved there (from the database or the bucket of S3_URL). */
async function proofOf(db: Db, id: number, [file]: string[]): Promise<string> {
  const row = await depositOrFail(db, id);
  if (!row.proof) return `Deposit ${id} has no proof (an administrator deposit).`;
  const upload = await db.selectFrom('uploads').selectAll().where('name', '=', row.proof).executeTakeFirst();
  if (!upload) return `Deposit ${id}: proof ${row.proof} is not in the uploads table.`;
  const lines = [
    `Deposit ${id} proof:`,
    `  name  ${upload.name}`,
    `  type  ${upload.mime}`,
    `  size  ${upload.size} bytes`,
    `  sent  ${isoTime(upload.created_at)}`,
  ];
  lines.push(file ? await saveProof(db, upload, file) : `  save it with: act deposit proof ${id} <file>`);
  return lines.join('\n');
}

export const depositReview: ReviewKind = {
  kind: 'deposit',
  approveArgs: '[received] [fee]   (or fee=<fee>; received default: the amount less the fee; fee default 0)',
  pending: pendingDeposits,
  approve: approveDeposit,
  async moves(db, id, args) {
    const row = await db.selectFrom('deposits').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const { received } = creditOf(row, (await decimalsByCoin(db)).get(row.coin) ?? 8, args);
    return { coin: row.coin, units: received, claimed: { coin: row.coin, units: BigInt(row.amount) } };
  },
  reject: rejectDeposit,
  async images(db, id) {
    const row = await db.selectFrom('deposits').select('proof').where('id', '=', id).executeTakeFirst();
    return row?.proof ? { proof: row.proof } : {};
  },
  actions: {
    proof: {
      args: '[file]',
      help: 'the deposit’s transfer proof (type, size); with a file name, saves the image there',
      run: (db, id, args) => proofOf(db, id, args),
    },
  },
};
