// Operator CLI: `npm run ops -- <command> [args]` (DATA_DIR as for the server).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { importUploadFiles } from '../platform/uploads/upload-files.ts';
import { bucketOrphans, sweepOrphans } from '../platform/uploads/orphans.ts';
import { bucketFromEnv } from '../platform/storage/bucket.ts';
import { databaseExists, databaseLocation, type Db, migrateToLatest, openDatabase } from '../core/db/index.ts';
import { pendingReviews, REVIEW_KINDS, reviewId, reviewKind } from '../composition/reviews.ts';
import { COIN_HELP, coinCommand, listCoins } from '../funds/coins/coin-ops.ts';
import { articleCommand, CONTENT_HELP, noticeCommand } from '../content/ops/content.ts';
import { settleOpenApproval } from '../backoffice/review-decisions.ts';
import * as ops from './commands.ts';
import { table } from '../platform/ops/format.ts';
import { LOAN_HELP, loanCommand } from '../funds/loans/loan-ops.ts';
import { loanCatalogue } from '../funds/loans/loan-admin.ts';
import { productAdmin } from '../backoffice/products.ts';
import { IEO_HELP, ieoCommand } from '../earn/ieo/ieo-ops.ts';
import { FINANCING_HELP, financingCommand } from '../earn/financing/financing-ops.ts';
import { MINING_HELP, miningCommand } from '../earn/mining/mining-ops.ts';
import { KYC_HELP, kycCommand } from '../account/kyc/kyc-ops.ts';
import { PASSWORD_LINK_HELP, resetLink, userCreate } from '../account/password-links/password-link-ops.ts';
import { ResultCode } from '../../contract/result-codes.ts';
import { OPERATOR_HELP, operatorCommand } from '../backoffice/ops/operators.ts';
import { AUDIT_HELP, auditList, auditVerify } from '../backoffice/ops/audit.ts';
import { cliActor } from '../platform/audit/actor.ts';
import { attachAuditTrail } from '../platform/audit/trail.ts';
import { cliAudit } from './cli-audit.ts';
import { ApiError } from '../core/errors.ts';
import { I18n } from '../platform/i18n/i18n.ts';
import { type Prompt, signInOperator, takeAs, terminalPrompt } from './cli-operator.ts';
import { adjustmentList, NAMED_HELP, namedCommand, runNamed } from './as-operator.ts';
import { conveniencesRefusal } from './conveniences.ts';
import { installMode } from '../composition/install-mode.ts';
import { BACKUP_HELP, backupCommand, restoreCommand, verifyCommand } from './backup-commands.ts';
import { configExport, writeConfigExport } from '../platform/config/config-export.ts';
import { repositoryOpenApi } from '../composition/app.ts';

const english = new I18n();

/**
 * A refusal as the CLI prints it: the en-US text of its key (what an English operator reads in
 * the console). One whose values name a `field` its sentence leaves out (the product rules'
 * sentences stand under their input in the console) comes after that field's name.
 */
export function englishRefusal(error: ApiError): string {
  const text = english.t(english.defaultCode, error.msgKey, error.params);
  const field = error.params?.field;
  return field !== undefined && !/\{\{\s*field\s*\}\}/.test(english.t(english.defaultCode, error.msgKey)) ? `${field}: ${text}` : text;
}

const UPLOADS_HELP = `  uploads orphans     images in the S3_URL bucket that no upload names, stored over an hour ago
                      (a crash between storing an image and recording it leaves one)
  uploads sweep       remove those images from the bucket`;

const CONFIG_HELP = `  config export [--write [dir]]
                      what the published run-time configuration changed against schemas/config: one JSON
                      Patch (RFC 6902) per file; --write rewrites those files (in dir/config, default this
                      checkout's schemas/), so git diff shows the change`;

export const HELP = `Usage: npm run ops -- <command> [args]   (DATA_DIR selects the database, default ./data)

Commands:
  outbox [n]          latest n email/SMS codes (default 10): channel, target, code, time
  openapi             the API's OpenAPI 3.1 document (what /api/openapi.json serves), as JSON
  captcha <id>        the answer of an image captcha
  user <user>         id, email, phone, status, invitation code, credit score, created
  bar <user>          bar the user from logging in (${ResultCode.barred})
  freeze <user>       freeze the account (${ResultCode.frozen})
  unfreeze <user>     lift a freeze and a bar
  clear-pay-password <user>
                      clear a forgotten withdrawal password once you have checked who asks
                      (changing it takes the current one); the customer is told and sets a new one
${PASSWORD_LINK_HELP}
  invite-code         an invitation code that registration accepts (the demo user's)
  credit <user> <coin> <amount>
                      administrator deposit: add an exact positive amount (ledger agent_deposit); demo install only
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
${OPERATOR_HELP}
${AUDIT_HELP}
${UPLOADS_HELP}
${BACKUP_HELP}
${CONFIG_HELP}
  help                this list

${NAMED_HELP}

Every command that writes appends a row to the audit trail (actor "cli <OS user>", or "operator NAME" with --as).
A demo install (the default) runs credit, approve, reject, act, captcha and outbox as the host in one step; a
production install (NODE_ENV=production, or a database that ran in production) refuses them without --as.

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

/** A command run against an open database; `args` are the words after the command's name. */
type Command = (db: Db, args: string[], dataDir: string) => Promise<CliResult>;

const done = (out: string): CliResult => ({ code: 0, out });
const refused = (out: string): CliResult => ({ code: 1, out });

/** A command's result, or its refusal in English (exit code 1). */
async function printingRefusal(run: () => Promise<CliResult>): Promise<CliResult> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError) return refused(englishRefusal(error));
    throw error;
  }
}

/** A domain's `<command> <sub> …` family, which prints what its function returns. */
function subcommands(run: (db: Db, args: string[], now: number) => Promise<string>): Command {
  return async (db, args) => done(await run(db, args, Date.now()));
}

async function outboxCommand(db: Db, [count]: string[]): Promise<CliResult> {
  const n = count === undefined ? 10 : Number(count);
  if (!Number.isInteger(n) || n < 1) return refused(`outbox [n]: n must be a positive integer, not "${count}".`);
  return done(table((await ops.outbox(db, n)).map((e) => ({ ...e }))));
}

async function creditCommand(db: Db, [ref, coin, amount]: string[]): Promise<CliResult> {
  const b = await ops.credit(db, ref, coin, amount);
  return done(
    `Credited ${amount} ${b.coin} (agent_deposit).\n${record({ user: b.user, coin: b.coin, available: b.available, frozen: b.frozen, total: b.total })}`,
  );
}

async function rejectCommand(db: Db, [kind, id, ...words]: string[]): Promise<CliResult> {
  const reason = words.join(' ').trim();
  if (!reason) return refused('Usage: reject <kind> <id> <reason>: the customer sees the reason.');
  const k = reviewKind(kind);
  const n = reviewId(id);
  return done(await hostDecision(db, k.kind, n, 'rejected', reason, (trx, now) => k.reject(trx, n, reason, now)));
}

/** A demo install's one-step decision as the host: the kind's own, with any first approval closed in the same transaction. */
function hostDecision(db: Db, kind: string, id: number, status: 'done' | 'rejected', reason: string | null, run: (trx: Db, now: number) => Promise<string>) {
  const now = Date.now();
  return db.transaction().execute(async (trx) => {
    const message = await run(trx, now);
    await settleOpenApproval(trx, kind, id, status, null, reason, now);
    return message;
  });
}

async function approveCommand(db: Db, [kind, id, ...rest]: string[]): Promise<CliResult> {
  const k = reviewKind(kind);
  const n = reviewId(id);
  return done(await hostDecision(db, k.kind, n, 'done', null, (trx, now) => k.approve(trx, n, rest, now)));
}

async function actCommand(db: Db, [kindName, actionName, id, ...rest]: string[], dataDir: string): Promise<CliResult> {
  const kind = reviewKind(kindName);
  const action = kind.actions?.[actionName ?? ''];
  if (!action) return refused(`${kind.kind} has no action "${actionName ?? ''}". Actions: ${Object.keys(kind.actions ?? {}).join(', ') || 'none'}.`);
  return done(await action.run(db, reviewId(id), rest, Date.now(), dataDir));
}

async function userCreateCommand(db: Db, [account, countryCode]: string[]): Promise<CliResult> {
  return done(
    `Created an account without a password; its set-password link is in the outbox.\n${record(await userCreate(db, account, countryCode, Date.now()))}`,
  );
}

async function coinListOrCommand(db: Db, args: string[]): Promise<CliResult> {
  return done(args[0] === 'list' || args[0] === undefined ? table(await listCoins(db)) : await coinCommand(db, cliActor(), args, Date.now()));
}

/**
 * How a successful command is audited: `reads` never; `writes` always; `customer` always, with the
 * customer its first word names (or their balance, for credit) before and after; `family` (a `<command>
 * <sub> …` family) unless its subcommand only reads (READ_SUBCOMMANDS); `domain` by the domain
 * functions it calls, which append their own rows with the rows before and after (coin, loan).
 */
type Audit = 'reads' | 'writes' | 'customer' | 'family' | 'domain';

/** The commands that open the database: the registry of the CLI's names, each with how it is audited. */
const TABLE: [string, Audit, Command][] = [
  ['outbox', 'reads', outboxCommand],
  ['captcha', 'reads', async (db, [id]) => done(await ops.captcha(db, id))],
  ['user', 'reads', async (db, [ref]) => done(record(await ops.user(db, ref)))],
  ['bar', 'customer', async (db, [ref]) => done(`Barred.\n${record(await ops.bar(db, ref))}`)],
  ['freeze', 'customer', async (db, [ref]) => done(`Frozen.\n${record(await ops.freeze(db, ref))}`)],
  ['unfreeze', 'customer', async (db, [ref]) => done(`Unfrozen (bar lifted too).\n${record(await ops.unfreeze(db, ref))}`)],
  [
    'clear-pay-password',
    'customer',
    async (db, [ref]) =>
      done(`Withdrawal password cleared; the customer was told and sets a new one in the app.\n${record(await ops.clearPayPassword(db, ref))}`),
  ],
  ['invite-code', 'reads', async (db) => done(await ops.inviteCode(db))],
  ['credit', 'customer', creditCommand],
  ['balance', 'reads', async (db, [ref]) => done(table((await ops.balance(db, ref)).map((b) => ({ ...b }))))],
  ['reviews', 'reads', async (db) => done(table((await pendingReviews(db)).map((r) => ({ ...r }))))],
  ['approve', 'writes', approveCommand],
  ['reject', 'writes', rejectCommand],
  ['act', 'writes', actCommand],
  ['coin', 'domain', coinListOrCommand],
  ['loan', 'domain', async (db, args) => done(await loanCommand(productAdmin(db, loanCatalogue), cliActor(), args, Date.now()))],
  ['ieo', 'family', subcommands(ieoCommand)],
  ['financing', 'family', subcommands(financingCommand)],
  ['mining', 'family', subcommands(miningCommand)],
  ['kyc', 'family', subcommands(kycCommand)],
  ['user-create', 'writes', userCreateCommand],
  ['reset-link', 'customer', async (db, [ref]) => done(`Reset link sent to the outbox.\n${record(await resetLink(db, ref, Date.now()))}`)],
  ['article', 'family', subcommands(articleCommand)],
  ['notice', 'family', subcommands(noticeCommand)],
  ['operator', 'family', subcommands(operatorCommand)],
  ['audit', 'reads', auditCommand],
  ['uploads', 'family', uploadsCommand],
  ['backup', 'reads', async (_db, args, dataDir) => backupCommand(args, dataDir)],
  ['config', 'reads', configCommand],
  ['verify', 'reads', async (db) => verifyCommand(db)],
  ['adjustments', 'reads', async (db, args) => done(table(await adjustmentList(db, args), 'No manual credit or debit.'))],
  [
    'debit',
    'reads',
    async () => refused('debit takes a named operator: debit <user> <coin> <amount> <reason…> --as NAME (a second finance operator approves it).'),
  ],
  [
    'adjustment',
    'reads',
    async () => refused('adjustment approve|reject takes a named operator: adjustment approve <id> --as NAME (not the one who asked for it).'),
  ],
];
const COMMANDS = new Map(TABLE.map(([name, audit, run]) => [name, { audit, run }]));
/** Commands runCli answers before it opens a database */
const WITHOUT_DATABASE = ['help', 'restore', 'openapi'];
/** Every command name the CLI takes (its HELP names each; scripts/check-registries.ts checkOpsHelp) */
export const COMMAND_NAMES: readonly string[] = [...WITHOUT_DATABASE, ...COMMANDS.keys()];

async function uploadsCommand(db: Db, [sub]: string[]): Promise<CliResult> {
  if (sub !== 'orphans' && sub !== 'sweep') return refused(`uploads: orphans or sweep, not "${sub ?? ''}".\n${UPLOADS_HELP}`);
  const bucket = bucketFromEnv();
  if (!bucket) return refused('uploads: S3_URL is not set. Without a bucket every image is kept in the database with its row, so none is left over.');
  const found = await (sub === 'sweep' ? sweepOrphans : bucketOrphans)(db, bucket, Date.now());
  const rows = table(
    found.map((o) => ({ name: o.name, bytes: o.size, stored: new Date(o.storedAt).toISOString() })),
    'No image in the bucket is without an upload.',
  );
  return done(sub === 'sweep' && found.length > 0 ? `Removed ${found.length} image(s) that no upload names.\n${rows}` : rows);
}

async function auditCommand(db: Db, [sub, count]: string[]): Promise<CliResult> {
  if (sub === 'verify') {
    const check = await auditVerify(db);
    return { code: check.ok ? 0 : 1, out: check.out };
  }
  if (sub === 'list') return done(await auditList(db, count));
  return refused(`audit: verify or list, not "${sub ?? ''}".\n${AUDIT_HELP}`);
}


async function configCommand(db: Db, [sub, flag, dir]: string[]): Promise<CliResult> {
  if (sub !== 'export' || (flag !== undefined && flag !== '--write')) return refused(`config: export [--write [dir]], not "${[sub, flag].filter(Boolean).join(' ')}".\n${CONFIG_HELP}`);
  const exported = await configExport(db);
  if (flag === undefined) return done(JSON.stringify({ version: exported.version, files: exported.files.map(({ file, patch }) => ({ file, patch })) }, null, 2));
  const written = writeConfigExport(exported, dir ? resolve(dir) : undefined);
  return done(written.length ? `Version ${exported.version}: wrote ${written.join(', ')}` : `Version ${exported.version}: every file is as shipped; nothing written.`);
}

const READ_SUBCOMMANDS = new Set(['list', 'show', 'orphans', undefined]);

function writes(command: string, args: string[]): boolean {
  const audit = COMMANDS.get(command)?.audit;
  if (audit === 'reads' || audit === 'domain') return false;
  if (command === 'act') return args[1] !== 'proof' && !REVIEW_KINDS.find((k) => k.kind === args[0])?.actions?.[args[1]]?.audited;
  return !(audit === 'family' && READ_SUBCOMMANDS.has(args[0]));
}

function cliTarget(command: string, args: string[]): { action: string; targetId: string } {
  if (command === 'act') return { action: `act.${args[0]}.${args[1]}`, targetId: args[2] ?? '' };
  if (command === 'approve' || command === 'reject' || COMMANDS.get(command)?.audit === 'family')
    return { action: `${command}.${args[0]}`, targetId: args[1] ?? '' };
  return { action: command, targetId: args[0] ?? '' };
}

export interface CliOptions {
  /** NODE_ENV (the install mode), OPS_PASSWORD and OPS_TOTP (default: the process's) */
  env?: NodeJS.ProcessEnv;
  /** How --as asks for the password and code without OPS_PASSWORD and OPS_TOTP (default: on the terminal) */
  prompt?: Prompt;
  /** The clock of the commands that sign in an operator (default: Date.now) */
  now?: () => number;
}

/** `--as NAME`: the command checked, the operator signed in as in the console, then the console's function. */
async function runAsOperator(db: Db, name: string, command: string, rest: string[], opts: CliOptions): Promise<CliResult> {
  const named = namedCommand(command, rest);
  if (!named) return refused(`--as applies to the commands that move money or decide a review, not "${command}".\n\n${NAMED_HELP}`);
  const now = opts.now ?? Date.now;
  const as = await signInOperator(db, name, opts.env ?? process.env, opts.prompt ?? terminalPrompt, now());
  return done(await runNamed(db, named, as, now()));
}

/** How long a CLI statement waits for the server's write lock (a person at a terminal can wait; a server request cannot). */
const CLI_BUSY_TIMEOUT_MS = 30_000;

export async function runCli(args: string[], dataDir: string, opts: CliOptions = {}): Promise<CliResult> {
  const { rest: words, as } = takeAs(args);
  const [command, ...rest] = words;
  if (!command || command === 'help' || command === '--help' || command === '-h') return { code: command ? 0 : 1, out: HELP };
  // restore is the one command that needs the database absent
  if (command === 'restore') return printingRefusal(() => restoreCommand(rest, resolve(dataDir)));
  // the repository's API, no database needed: what /api/openapi.json serves
  if (command === 'openapi') return { code: 0, out: JSON.stringify(repositoryOpenApi()) };
  const run = COMMANDS.get(command)?.run;
  if (!run) return refused(`Unknown command "${command}".\n\n${HELP}`);
  if (as === null) return refused('--as takes the name of the operator who signs in: --as NAME.');
  if (!(await databaseExists(resolve(dataDir))))
    return refused(`No database at ${databaseLocation(resolve(dataDir))}. Start the server once, or set DATA_DIR.`);

  // the server may be writing: the CLI's transactions wait for their turn at the write lock, longer than a request would
  const db = openDatabase(resolve(dataDir), { busyTimeoutMs: CLI_BUSY_TIMEOUT_MS, immediateTransactions: true });
  attachAuditTrail(db, resolve(dataDir));
  try {
    await migrateToLatest(db);
    await importUploadFiles(db, resolve(dataDir));
    if (as !== undefined) return await runAsOperator(db, as, command, rest, opts);
    const refusal = conveniencesRefusal(await installMode(db, opts.env ?? process.env), command, rest);
    if (refusal) return refused(refusal);
    const audit = writes(command, rest) ? await cliAudit(db, command, rest, COMMANDS.get(command)?.audit === 'customer') : undefined;
    await audit?.before();
    const result = await run(db, rest, resolve(dataDir));
    if (result.code === 0 && audit) {
      const { action, targetId } = cliTarget(command, rest);
      await audit.append(action, targetId, rest, result.out);
    }
    return result;
  } catch (error) {
    if (error instanceof ApiError) return refused(englishRefusal(error));
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
