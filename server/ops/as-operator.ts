// The CLI's commands that move money or decide a review, run as a named operator (`--as NAME`)
// through the console's own functions: the same roles (the console endpoint's), the same four eyes
// (a second, other operator completes a large payout and every manual credit or debit) and the
// same audit rows, naming the operator. Each command's words are checked before the sign-in, so a
// typo does not use up an authenticator code.
import type { EndpointName } from '../../contract/generated/endpoints.ts';
import type { ReviewKindName } from '../../contract/review-kinds.ts';
import { formatUnits } from '../../contract/decimal.ts';
import type { Db } from '../core/db/index.ts';
import { reviewId } from '../core/review-kind.ts';
import { decideAdjustment, listAdjustments, requestAdjustment } from '../backoffice/adjustments.ts';
import { type Decision, decideReview } from '../backoffice/review-decisions.ts';
import { manualAdjustments } from '../funds/deposits/admin-deposit.ts';
import { recordLoanRepayment } from '../funds/loans/loan-repayment.ts';
import { setWireInstructions } from '../funds/bank/wire.ts';
import { REVIEW_KINDS } from '../composition/reviews.ts';
import { PASSWORD_ENV, requireEndpointRoles, type SignedInOperator, TOTP_ENV } from './cli-operator.ts';
import { requireUser } from './commands.ts';
import { recordedMarket } from './recorded-market.ts';
import { refusal } from '../core/errors.ts';

/** A command ready to run once its operator has signed in: the console endpoint it stands for (whose roles it needs) and the run. */
export interface NamedCommand {
  endpoint: EndpointName;
  run(db: Db, as: SignedInOperator, now: number): Promise<string>;
}

export const NAMED_HELP = `Run as a named operator (--as NAME; the password and the authenticator code are asked on the terminal,
or read from ${PASSWORD_ENV} and ${TOTP_ENV}): the console's roles, four eyes and audit, the operator named in every row.
  approve <kind> <id> [args] --as NAME      reject <kind> <id> <reason…> --as NAME
  kyc approve <id> --as NAME                kyc reject <id> <reason…> --as NAME
  act loan repay <id> <amount> --as NAME    act wire instruct <id> <text…> --as NAME
  credit|debit <user> <coin> <amount> <reason…> --as NAME
                      asks for a manual credit or debit; a second finance operator decides it:
  adjustment approve <id> --as NAME         adjustment reject <id> <reason…> --as NAME
  adjustments [pending|done|rejected]       manual credits and debits (no sign-in: it only reads)`;

const usage = (text: string): never => {
  throw refusal('refusals.usage', { usage: text });
};

function words(rest: string[]): string {
  return rest.join(' ').trim();
}

/** approve's words after the id, as the console's decision fields (the inverse of review-decisions' approveArgs). */
function approvalFields(kind: ReviewKindName, args: string[]): Pick<Decision, 'amount' | 'fee' | 'coin'> {
  switch (kind) {
    case 'deposit': {
      const fee = args.find((a) => a.startsWith('fee='))?.slice('fee='.length);
      const [amount, positionalFee, ...extra] = args.filter((a) => !a.startsWith('fee='));
      if (extra.length || (fee !== undefined && positionalFee !== undefined)) usage('approve deposit <id> [received] [fee] --as NAME');
      return { amount, fee: fee ?? positionalFee };
    }
    case 'loan':
      if (args.length > 1) usage('approve loan <id> [amount] --as NAME');
      return { amount: args[0] };
    case 'wire':
      if (args.length !== 2) usage('approve wire <id> <coin> <amount> --as NAME');
      return { coin: args[0], amount: args[1] };
    default:
      if (args.length) usage(`approve ${kind} <id> --as NAME (it takes nothing after the id)`);
      return {};
  }
}

function reviewDecision(decision: 'approve' | 'reject', [kind, id, ...rest]: string[]): NamedCommand {
  if (!kind || !REVIEW_KINDS.some((k) => k.kind === kind))
    usage(`${decision} <kind> <id> … --as NAME; kinds: ${REVIEW_KINDS.map((k) => k.kind).join(', ')}${kind ? ` (not "${kind}")` : ''}`);
  const d: Decision = { kind, id: reviewId(id), decision };
  if (decision === 'reject') {
    d.reason = words(rest);
    if (!d.reason) usage(`reject ${kind} <id> <reason…> --as NAME: the customer sees the reason`);
  } else Object.assign(d, approvalFields(kind as ReviewKindName, rest));
  return {
    endpoint: 'adminDecideReview',
    async run(db, as, now) {
      const market = await recordedMarket(db, now);
      const r = await decideReview({ db, market, now, actor: as.actor, roles: as.roles }, REVIEW_KINDS, d);
      const tail =
        r.state === 'awaitingSecond'
          ? `\nNothing moved yet. Another operator with the role completes it: npm run ops -- approve ${kind} ${d.id} … --as OTHER, or the back office.`
          : '';
      return `${r.message}\n(approvals ${r.approvals} of ${r.required}, by operator ${as.operator.name})${tail}`;
    },
  };
}

function loanRepayment([id, amount, ...extra]: string[]): NamedCommand {
  if (!amount || extra.length) usage('act loan repay <id> <amount> --as NAME');
  const loanId = reviewId(id);
  return {
    endpoint: 'adminRepayLoan',
    async run(db, as, now) {
      const r = await recordLoanRepayment(db, as.actor, loanId, amount, now);
      const show = (v: bigint) => `${formatUnits(v, r.decimals)} ${r.order.coin}`;
      const owed = r.full ? 'It is repaid in full.' : `Still owed: ${show(r.before.owed - r.amount)}.`;
      return `Recorded a repayment of ${show(r.amount)} on loan ${loanId} (loan_repayment), by operator ${as.operator.name}. ${owed}`;
    },
  };
}

function wireInstructions([id, ...text]: string[]): NamedCommand {
  const wireId = reviewId(id);
  if (!words(text)) usage('act wire instruct <id> <text…> --as NAME: the instructions the customer will see');
  return {
    endpoint: 'adminWireInstructions',
    async run(db, as, now) {
      const row = await setWireInstructions(db, as.actor, wireId, words(text), now);
      return `Wire transfer ${wireId}: the customer now sees these instructions (set by operator ${as.operator.name}): ${row.instructions}`;
    },
  };
}

function actCommand([kind, action, ...rest]: string[]): NamedCommand {
  if (kind === 'loan' && action === 'repay') return loanRepayment(rest);
  if (kind === 'wire' && action === 'instruct') return wireInstructions(rest);
  return usage('act loan repay <id> <amount> --as NAME, or act wire instruct <id> <text…> --as NAME (other actions only read: run them without --as)');
}

function adjustmentRequest(direction: 'credit' | 'debit', [ref, coin, amount, ...reason]: string[]): NamedCommand {
  if (!ref || !coin || !amount || !words(reason)) usage(`${direction} <user> <coin> <amount> <reason…> --as NAME (the reason is kept with the request)`);
  return {
    endpoint: 'adminAdjust',
    async run(db, as, now) {
      const user = await requireUser(db, ref);
      const a = await requestAdjustment(db, as.actor, { uid: Number(user.id), coin, amount, direction, reason: words(reason) }, now);
      return [
        `Asked for a manual ${direction} of ${a.amount} ${a.coin} for user ${a.uid}: adjustment ${a.id}, requested by operator ${as.operator.name}. Nothing moved yet.`,
        `A second finance operator decides it: npm run ops -- adjustment approve ${a.id} --as OTHER (or reject ${a.id} <reason…>), or the back office.`,
      ].join('\n');
    },
  };
}

function adjustmentDecision([sub, id, ...reason]: string[]): NamedCommand {
  if (sub !== 'approve' && sub !== 'reject') return usage('adjustment approve <id> --as NAME, or adjustment reject <id> <reason…> --as NAME');
  const approvalId = reviewId(id);
  if (sub === 'reject' && !words(reason)) usage('adjustment reject <id> <reason…> --as NAME');
  return {
    endpoint: 'adminDecideAdjustment',
    async run(db, as, now) {
      const a = await decideAdjustment(db, manualAdjustments, as.actor, { id: approvalId, decision: sub, reason: words(reason) || undefined }, now);
      const what = `manual ${a.direction} ${a.id} of ${a.amount} ${a.coin} for user ${a.uid}`;
      return a.status === 'done'
        ? `Approved the ${what}: asked by ${a.requestedBy}, approved by ${a.approvedBy}; the money moved.`
        : `Rejected the ${what} (asked by ${a.requestedBy}); nothing moved.`;
    },
  };
}

/** The command, ready to run as an operator; a usage error (nothing asked, nothing changed) for words it cannot take; undefined for a command --as does not apply to. */
export function namedCommand(command: string, rest: string[]): NamedCommand | undefined {
  return Object.hasOwn(NAMED, command) ? NAMED[command](command, rest) : undefined;
}

const NAMED: Record<string, (command: string, rest: string[]) => NamedCommand | undefined> = {
  approve: (command, rest) => reviewDecision(command as 'approve', rest),
  reject: (command, rest) => reviewDecision(command as 'reject', rest),
  kyc: (_command, rest) => (rest[0] === 'approve' || rest[0] === 'reject' ? reviewDecision(rest[0], ['kyc', ...rest.slice(1)]) : undefined),
  act: (_command, rest) => actCommand(rest),
  credit: (command, rest) => adjustmentRequest(command as 'credit', rest),
  debit: (command, rest) => adjustmentRequest(command as 'debit', rest),
  adjustment: (_command, rest) => adjustmentDecision(rest),
};

/** The CLI commands that run as a named operator with --as (each is a command of the CLI's table: tests/scripts/check-registries.test.ts). */
export const NAMED_COMMANDS: readonly string[] = Object.keys(NAMED);

/** Signs-in done: the endpoint's roles checked (a refusal audited), then the console's function. */
export async function runNamed(db: Db, named: NamedCommand, as: SignedInOperator, now: number): Promise<string> {
  await requireEndpointRoles(db, as, named.endpoint, now);
  return named.run(db, as, now);
}

/** `adjustments [status]`: the manual credits and debits, newest first. */
export async function adjustmentList(db: Db, [status]: string[]): Promise<Record<string, string | number>[]> {
  if (status !== undefined && !['pending', 'done', 'rejected'].includes(status)) usage('adjustments [pending|done|rejected]');
  return (await listAdjustments(db, { status })).map((a) => ({
    id: a.id,
    user: a.uid,
    what: `${a.direction} ${a.amount} ${a.coin}`,
    status: a.status,
    requestedBy: a.requestedBy,
    approvedBy: a.approvedBy ?? '',
    reason: a.reason,
    created: a.created,
  }));
}
