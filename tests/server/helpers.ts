// Shared set-up for the server tests: a server on a fresh temp data dir with an injectable
// clock, request helpers, and expected messages read straight from the locale files.
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Ajv } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { inlineRefs, loadConfig } from '../../contract/loader.ts';
import { buildServer, type RateLimits, type ServerOptions } from '../../server/composition/app.ts';
import { captchaAnswer } from '../../server/platform/codes/captcha.ts';
import { I18n, localizeNumbers } from '../../server/platform/i18n/i18n.ts';
import { DEMO_INVITATION_CODE } from '../../server/composition/seed.ts';
import { adminDeposit } from '../../server/funds/deposits/admin-deposit.ts';
import { ApiError } from '../../server/core/errors.ts';
import { englishRefusal } from '../../server/ops/cli.ts';

export const ROOT = resolve(import.meta.dirname, '../..');

export interface Clock {
  now: () => number;
  advance(ms: number): void;
}

export function clock(start = Date.UTC(2025, 0, 15, 12, 0, 0)): Clock {
  let t = start;
  return {
    now: () => t,
    advance: (ms) => {
      t += ms;
    },
  };
}

/** Limits high enough not to get in the way; rate-limit tests pass their own. */
export const RELAXED: RateLimits = {
  login: { max: 10_000, windowMs: 60_000 },
  passkeySignIn: { max: 10_000, windowMs: 60_000 },
  captcha: { max: 10_000, windowMs: 60_000 },
  captchaTotal: { max: 10_000, windowMs: 60_000 },
  passkeyChallengeTotal: { max: 10_000, windowMs: 60_000 },
  codePerTarget: { max: 1, windowMs: 60_000 },
  codePerIp: { max: 10_000, windowMs: 60_000 },
  loginPerAccount: { max: 10_000, windowMs: 60_000 },
  registerPerIp: { max: 10_000, windowMs: 60_000 },
  registerPerTarget: { max: 10_000, windowMs: 60_000 },
  resetPerIp: { max: 10_000, windowMs: 60_000 },
  resetPerTarget: { max: 10_000, windowMs: 60_000 },
  codeFreePerIp: { max: 10_000, windowMs: 60_000 },
  codeSmsPerCountry: { max: 10_000, windowMs: 60_000 },
  codeSmsTotal: { max: 10_000, windowMs: 60_000 },
  codeEmailTotal: { max: 10_000, windowMs: 60_000 },
  adminLogin: { max: 10_000, windowMs: 60_000 },
  adminLoginPerName: { max: 10_000, windowMs: 60_000 },
  codeCheckPerIp: { max: 10_000, windowMs: 60_000 },
  codeCheckPerAccount: { max: 10_000, windowMs: 60_000 },
  freezePerIp: { max: 10_000, windowMs: 60_000 },
  // the server's own per-second order limit: the order tests are written against it
  ordersPerSecond: { max: 10, windowMs: 1000 },
  ordersPerDay: { max: 10_000, windowMs: 86_400_000 },
  withdrawalsPerDay: { max: 10_000, windowMs: 86_400_000 },
  withdrawalValuePerDay: { maxUsdt: '1000000000000', windowMs: 86_400_000 },
  newAddressesPerDay: { max: 10_000, windowMs: 86_400_000 },
  signInSecondSteps: { max: 10_000, windowMs: 86_400_000 },
};

export function tempDir(prefix = 'coinapp-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export interface TestServer {
  app: FastifyInstance;
  clock: Clock;
  dataDir: string;
}

export async function startServer(opts: Partial<ServerOptions> = {}, c: Clock = clock()): Promise<TestServer> {
  const dataDir = opts.dataDir ?? tempDir();
  const app = await buildServer({ now: c.now, ...opts, dataDir, rateLimits: { ...RELAXED, ...opts.rateLimits } });
  return { app, clock: c, dataDir };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response data is read loosely in tests and checked by assertions
export type Loose = any;

export interface Envelope<T = Loose> {
  status: number;
  code: number;
  msg: string;
  data: T;
}

export interface CallOptions {
  body?: unknown;
  query?: Record<string, string | number>;
  token?: string;
  /** An operator's X-Admin-Token */
  adminToken?: string;
  lang?: string;
  ip?: string;
  userAgent?: string;
}

export async function call<T = Loose>(app: FastifyInstance, method: string, path: string, o: CallOptions = {}): Promise<Envelope<T>> {
  const headers: Record<string, string> = {};
  if (o.token) headers['x-token'] = o.token;
  if (o.adminToken) headers['x-admin-token'] = o.adminToken;
  if (o.lang) headers.lang = o.lang;
  if (o.userAgent) headers['user-agent'] = o.userAgent;
  const res = await app.inject({
    method: method as 'GET',
    url: `/api${path}`,
    query: o.query ? Object.fromEntries(Object.entries(o.query).map(([k, v]) => [k, String(v)])) : undefined,
    payload: o.body as object | undefined,
    headers,
    remoteAddress: o.ip,
  });
  const json = res.json() as { code: number; msg: string; data: T };
  expect(Object.keys(json).sort()).toEqual(['code', 'data', 'msg']);
  return { status: res.statusCode, ...json };
}

export async function newCaptcha(app: FastifyInstance, ip?: string): Promise<{ captchaId: string; captcha: string }> {
  const r = await call(app, 'POST', '/base/captcha', { ip });
  expect(r.code).toBe(0);
  const answer = await captchaAnswer(app.db, r.data.captchaId);
  return { captchaId: r.data.captchaId, captcha: answer! };
}

/** The newest code sent to `target` (an email, or "+86 13800138000"), read from the outbox. */
export async function outboxCode(app: FastifyInstance, target: string): Promise<string | undefined> {
  const row = await app.db.selectFrom('outbox').select('code').where('target', '=', target).orderBy('id', 'desc').executeTakeFirst();
  return row?.code;
}

/** The body of the newest message sent to `target`, read from the outbox. */
export async function lastMessageTo(app: FastifyInstance, target: string): Promise<string> {
  const row = await app.db.selectFrom('outbox').select('body').where('target', '=', target).orderBy('id', 'desc').executeTakeFirstOrThrow();
  return row.body;
}

export async function sendEmailCode(app: FastifyInstance, email: string): Promise<string> {
  const r = await call(app, 'POST', '/base/emailCode', { body: { email } });
  expect(r.code, r.msg).toBe(0);
  return (await outboxCode(app, email.toLowerCase()))!;
}

export async function sendPhoneCode(app: FastifyInstance, phone: string, countryCode = '+86'): Promise<string> {
  const r = await call(app, 'POST', '/base/phoneCode', { body: { phone, countryCode } });
  expect(r.code, r.msg).toBe(0);
  return (await outboxCode(app, `${countryCode} ${phone}`))!;
}

export async function registerByEmail(app: FastifyInstance, email: string, passWord = 'Secret-pass-123', invitationCode = DEMO_INVITATION_CODE) {
  const emailCode = await sendEmailCode(app, email);
  const cap = await newCaptcha(app);
  const r = await call(app, 'POST', '/base/registerUser', { body: { email, emailCode, passWord, invitationCode, ...cap } });
  expect(r.code, r.msg).toBe(0);
  return r.data as { token: string; user: { ID: number; invitationCode: string } };
}

export async function login(app: FastifyInstance, username: string, password: string, o: CallOptions = {}): Promise<Envelope> {
  const cap = await newCaptcha(app, o.ip);
  return call(app, 'POST', '/base/login', { ...o, body: { username, password, ...cap } });
}

export async function count(
  app: FastifyInstance,
  table: 'users' | 'outbox' | 'verification_codes' | 'bank_cards' | 'withdrawal_addresses' | 'articles' | 'captchas',
): Promise<number> {
  const { n } = await app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

// ---- messages, straight from the locale files ----

type Tree = Record<string, unknown>;
const languages = loadConfig<{ default: string; languages: { code: string; prefix: string }[] }>('languages');

function localeFile(code: string, dir: string): Tree | undefined {
  const file = join(dir, `${code}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Tree) : undefined;
}

function get(tree: Tree | undefined, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Tree)[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

const headerLanguage = new I18n();

/** The message for `key` in the language of the `lang` header, falling back per key to en-US. */
export function msg(lang: string | undefined, key: string, params: Record<string, string | number> = {}, dir = join(ROOT, 'locales')): string {
  // the language the server answers a `lang` header in: a prefix (jp) or a standard tag (ja, ko, en-GB)
  const code = lang === undefined ? languages.default : headerLanguage.resolve(lang);
  const text = get(localeFile(code, dir), key) ?? get(localeFile(languages.default, dir), key);
  if (text === undefined) throw new Error(`no message ${key}`);
  const shown = localizeNumbers(params, code);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(shown[name] ?? `{{${name}}}`));
}

// ---- entity shapes ----

const ajv = new Ajv({ strict: false, allErrors: true });
const entityDir = join(ROOT, 'schemas/entities');
const entities = new Map(
  readdirSync(entityDir).map((f) => [
    f.replace(/\.json$/, ''),
    ajv.compile(inlineRefs(JSON.parse(readFileSync(join(entityDir, f), 'utf8')), entityDir) as object),
  ]),
);

/** Asserts `value` has exactly the shape of schemas/entities/<name>.json. */
export function expectEntity(name: 'user' | 'bank-card' | 'withdrawal-address' | 'article' | 'session', value: unknown): void {
  const validate = entities.get(name)!;
  expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
}

// ---- identity verification (issue 8): withdrawals, bank withdrawals and loans need it (4025) ----

/** Marks the user verified as an approved identity record would (a user_cards row with status 2). */
export async function verifyIdentity(db: import('../../server/core/db/index.ts').Db, userId: number): Promise<void> {
  const now = Date.now();
  await db
    .insertInto('user_cards')
    .values({
      user_id: userId,
      type: 3,
      name: 'Test User',
      card_front: '',
      card_end: '',
      card_hand: '',
      status: 2,
      reason: '',
      created_at: now,
      updated_at: now,
      reviewed_at: now,
    })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ status: 2, reason: '' }))
    .execute();
  await db.updateTable('users').set({ real_name_status: 2 }).where('id', '=', userId).execute();
}

/** The withdrawal password customerWithdrawal sets. */
export const WITHDRAWAL_PIN = '418263';

/**
 * A new verified customer (`email`, password Secret-pass-123) with a withdrawal password and
 * 5,000 USDT, who asks to withdraw `amount` USDT on TRC20: what operator reviews start from.
 */
export async function customerWithdrawal(s: TestServer, email: string, amount: string): Promise<{ userId: number; withdrawalId: number; token: string }> {
  const password = 'Secret-pass-123';
  const { token, user } = await registerByEmail(s.app, email, password);
  await verifyIdentity(s.app.db, user.ID);
  expect((await call(s.app, 'POST', '/user/changePayPassword', { token, body: { loginPassword: password, password: WITHDRAWAL_PIN } })).code).toBe(0);
  await adminDeposit(s.app.db, user.ID, 'USDT', '5000', s.clock.now());
  const coins = await call(s.app, 'GET', '/coin/getCoinList', {});
  const coinId = coins.data.list.find((c: { coin: string }) => c.coin === 'USDT').ID;
  const r = await call(s.app, 'POST', '/withdraw/createWithdraw', {
    token,
    body: { coinname: 'USDT', coin_id: coinId, czline: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', num: amount, pay_password: WITHDRAWAL_PIN },
  });
  expect(r.code, r.msg).toBe(0);
  return { userId: user.ID, withdrawalId: r.data.ID, token };
}

/**
 * What the operator CLI prints for the refusal `run` ends in: a refusal's en-US text (after its
 * field's name, as server/ops/cli.ts shows it), another error's message. Fails when `run` succeeds.
 */
export async function refusalText(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (error) {
    if (error instanceof ApiError) return englishRefusal(error);
    if (error instanceof Error) return error.message;
    throw error;
  }
  throw new Error('expected a refusal, and it succeeded');
}
