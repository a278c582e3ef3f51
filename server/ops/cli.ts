// Operator CLI: `npm run ops -- <command> [args]` (DATA_DIR as for the server).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { databaseExists, databaseLocation, migrateToLatest, openDatabase } from '../core/db/index.ts';
import { pendingReviews, REVIEW_KINDS, ReviewError, reviewId, reviewKind } from '../reviews.ts';
import { COIN_HELP, coinCommand, listCoins } from '../funds/ops/coin.ts';
import { articleCommand, CONTENT_HELP, noticeCommand } from '../content/ops/content.ts';
import * as ops from './commands.ts';
import { table } from '../platform/ops/format.ts';
import { LOAN_HELP, loanCommand } from '../funds/ops/loan.ts';
import { IEO_HELP, ieoCommand } from '../earn/ops/ieo.ts';
import { FINANCING_HELP, financingCommand } from '../earn/ops/financing.ts';
import { MINING_HELP, miningCommand } from '../earn/ops/mining.ts';
import { KYC_HELP, kycCommand } from '../account/ops/kyc.ts';
import { PASSWORD_LINK_HELP, resetLink, userCreate } from '../account/ops/password-links.ts';
import { ResultCode } from '../../contract/result-codes.ts';

export const HELP = `Usage: npm run ops -- <command> [args]   (DATA_DIR selects the database, default ./data)

Commands:
  outbox [n]          latest n email/SMS codes (default 10): channel, target, code, time
  captcha <id>        the answer of an image captcha
  user <user>         id, email, phone, status, invitation code, credit score, created
  bar <user>          bar the user from logging in (${ResultCode.barred})
  freeze <user>       freeze the account (${ResultCode.frozen})
  unfreeze <user>     lift a freeze and a bar
${PASSWORD_LINK_HELP}
  invite-code         an invitation code that registration accepts (the demo user's)
  credit <user> <coin> <amount>
                      administrator deposit: add an exact positive amount (ledger admin_deposit)
  balance <user>      each coin's available, frozen and total
  reviews             everything waiting for review: kind, id, user, what, since
  approve <kind> <id> [args]
                      approve one item (kinds: ${REVIEW_KINDS.map((k) => k.kind).join(', ')})${REVIEW_KINDS.filter((k) => k.approveArgs)
                        .map((k) => `\n                        approve ${k.kind} <id> ${k.approveArgs}`)
                        .join('')}
  reject <kind> <id> <reason…>
                      reject one item; the customer sees the reason
${REVIEW_KINDS.flatMap((k) => Object.entries(k.actions ?? {}).map(([name, a]) => `  act ${k.kind} ${name} <id> ${a.args}\n                      ${a.help}\n`)).join('')}${COIN_HELP}
${LOAN_HELP ? `${LOAN_HELP}\n` : ''}${IEO_HELP}
${FINANCING_HELP}
${MINING_HELP}
${KYC_HELP}
${CONTENT_HELP}
  help                this list

<user> is an email, a phone number or a numeric user id.`;

export interface CliResult {
  code: number;
  out: string;
}

function record(value: object): string {
  const entries = Object.entries(value);
  const width = Math.max(...entries.map(([k]) => k.length));
  return entries.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n');
}

export async function runCli(args: string[], dataDir: string): Promise<CliResult> {
  const [command, arg, arg2, arg3] = args;
  if (!command || command === 'help' || command === '--help' || command === '-h') return { code: command ? 0 : 1, out: HELP };
  const known = [
    'outbox',
    'captcha',
    'user',
    'bar',
    'freeze',
    'unfreeze',
    'invite-code',
    'credit',
    'balance',
    'reviews',
    'approve',
    'reject',
    'act',
    'coin',
    'loan',
    'ieo',
    'financing',
    'mining',
    'kyc',
    'user-create',
    'reset-link',
    'article',
    'notice',
  ];
  if (!known.includes(command)) return { code: 1, out: `Unknown command "${command}".\n\n${HELP}` };
  if (!(await databaseExists(resolve(dataDir)))) return { code: 1, out: `No database at ${databaseLocation(resolve(dataDir))}. Start the server once, or set DATA_DIR.` };

  const db = openDatabase(resolve(dataDir));
  try {
    await migrateToLatest(db);
    switch (command) {
      case 'outbox': {
        const n = arg === undefined ? 10 : Number(arg);
        if (!Number.isInteger(n) || n < 1) return { code: 1, out: `outbox [n]: n must be a positive integer, not "${arg}".` };
        return { code: 0, out: table((await ops.outbox(db, n)).map((e) => ({ ...e }))) };
      }
      case 'captcha':
        return { code: 0, out: await ops.captcha(db, arg) };
      case 'user':
        return { code: 0, out: record(await ops.user(db, arg)) };
      case 'bar':
        return { code: 0, out: `Barred.\n${record(await ops.bar(db, arg))}` };
      case 'freeze':
        return { code: 0, out: `Frozen.\n${record(await ops.freeze(db, arg))}` };
      case 'unfreeze':
        return { code: 0, out: `Unfrozen (bar lifted too).\n${record(await ops.unfreeze(db, arg))}` };
      case 'credit': {
        const b = await ops.credit(db, arg, arg2, arg3);
        return { code: 0, out: `Credited ${arg3} ${b.coin} (admin_deposit).\n${record({ user: b.user, coin: b.coin, available: b.available, frozen: b.frozen, total: b.total })}` };
      }
      case 'balance':
        return { code: 0, out: table((await ops.balance(db, arg)).map((b) => ({ ...b }))) };
      case 'reviews':
        return { code: 0, out: table((await pendingReviews(db)).map((r) => ({ ...r }))) };
      case 'approve':
        return { code: 0, out: await reviewKind(arg).approve(db, reviewId(arg2), args.slice(3), Date.now()) };
      case 'reject': {
        const reason = args.slice(3).join(' ').trim();
        if (!reason) return { code: 1, out: 'Usage: reject <kind> <id> <reason>: the customer sees the reason.' };
        return { code: 0, out: await reviewKind(arg).reject(db, reviewId(arg2), reason, Date.now()) };
      }
      case 'act': {
        const kind = reviewKind(arg);
        const action = kind.actions?.[arg2 ?? ''];
        if (!action) return { code: 1, out: `${kind.kind} has no action "${arg2 ?? ''}". Actions: ${Object.keys(kind.actions ?? {}).join(', ') || 'none'}.` };
        return { code: 0, out: await action.run(db, reviewId(arg3), args.slice(4), Date.now(), resolve(dataDir)) };
      }
      case 'coin':
        return { code: 0, out: arg === 'list' || arg === undefined ? table(await listCoins(db)) : await coinCommand(db, args.slice(1), Date.now()) };
      case 'loan':
        return { code: 0, out: await loanCommand(db, args.slice(1), Date.now()) };
      case 'ieo':
        return { code: 0, out: await ieoCommand(db, args.slice(1), Date.now()) };
      case 'financing':
        return { code: 0, out: await financingCommand(db, args.slice(1), Date.now()) };
      case 'mining':
        return { code: 0, out: await miningCommand(db, args.slice(1), Date.now()) };
      case 'kyc':
        return { code: 0, out: await kycCommand(db, args.slice(1), Date.now()) };
      case 'article':
        return { code: 0, out: await articleCommand(db, args.slice(1), Date.now()) };
      case 'notice':
        return { code: 0, out: await noticeCommand(db, args.slice(1), Date.now()) };
      case 'user-create':
        return { code: 0, out: `Created an account without a password; its set-password link is in the outbox.\n${record(await userCreate(db, arg, arg2, Date.now()))}` };
      case 'reset-link':
        return { code: 0, out: `Reset link sent to the outbox.\n${record(await resetLink(db, arg, Date.now()))}` };
      default:
        return { code: 0, out: await ops.inviteCode(db) };
    }
  } catch (error) {
    if (error instanceof ops.OpsError || error instanceof ReviewError) return { code: 1, out: error.message };
    throw error;
  } finally {
    await db.destroy();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  runCli(process.argv.slice(2), process.env.DATA_DIR ?? './data').then(
    ({ code, out }) => {
      (code === 0 ? console.log : console.error)(out);
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
