// Withdrawal passwords are HMAC-SHA256 under the server secret (server/platform/security/pin.ts,
// secret-key.ts), not the login password's scrypt: a new one is stored as hmac$<salt>$<mac>; the
// key comes from SECRET_KEY or from DATA_DIR/secret.key (created 0600 on first use, read after
// restarts, never in the database), so another key refuses the password; a legacy scrypt
// hash still verifies and is replaced on the first right use; wrong ones still count toward
// the lock.
import { randomBytes, scryptSync } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword, hashSlots } from '../../../../server/platform/security/password.ts';
import { loadSecretKey, parseSecretKey, SECRET_FILE } from '../../../../server/platform/security/secret-key.ts';
import { adminDeposit } from '../../../../server/funds/deposits/admin-deposit.ts';
import { startSession } from '../../../../server/platform/sessions/sessions.ts';
import { createUser } from '../../../../server/platform/sessions/users.ts';
import { call, clock, startServer, tempDir, type TestServer, verifyIdentity } from '../../helpers.ts';

/** A withdrawal password as stored before the HMAC form: the login-password scrypt format (N = 2^12 as tests hashed then). */
function legacyScryptHash(pin: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(pin.normalize('NFKC'), salt, 64, { N: 4096, r: 8, p: 1 });
  return ['scrypt', 4096, 8, 1, salt.toString('hex'), key.toString('hex')].join('$');
}

const LOGIN = 'Secret-pass-123';
const PIN = '482916';
const TRON = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const HMAC_FORM = /^hmac\$[0-9a-f]{32}\$[0-9a-f]{64}$/;
const OTHER_KEY = 'ab'.repeat(32);

const c = clock();
let s: TestServer;
let usdtId = 0;
let seq = 0;

interface Account {
  token: string;
  id: number;
}

let loginHash = '';
/** A verified user with 1000 USDT and, unless `pin` is null, a withdrawal password set through its endpoint. */
async function account(pin: string | null = PIN): Promise<Account> {
  const user = await createUser(s.app.db, { email: `pin${++seq}@example.com`, passwordHash: loginHash }, c.now());
  const token = await startSession(s.app.db, user.id, c.now());
  await verifyIdentity(s.app.db, user.id);
  await adminDeposit(s.app.db, user.id, 'USDT', '1000', c.now());
  if (pin !== null) expect((await call(s.app, 'POST', '/user/changePayPassword', { token, body: { loginPassword: LOGIN, password: pin } })).code).toBe(0);
  return { token, id: user.id };
}

const withdraw = (a: Account, pin: string) =>
  call(s.app, 'POST', '/withdraw/createWithdraw', { token: a.token, body: { coinname: 'USDT', coin_id: usdtId, czline: 'TRC20', address: TRON, num: '10', pay_password: pin } });

const stored = (a: Account) => s.app.db.selectFrom('users').select(['pay_password_hash', 'pay_failures']).where('id', '=', a.id).executeTakeFirstOrThrow();

/** Runs `run` with SECRET_KEY set to `key` (the server reads it when it hashes or checks a withdrawal password). */
async function withSecretKey<T>(key: string, run: () => Promise<T>): Promise<T> {
  const before = process.env.SECRET_KEY;
  process.env.SECRET_KEY = key;
  try {
    return await run();
  } finally {
    if (before === undefined) delete process.env.SECRET_KEY;
    else process.env.SECRET_KEY = before;
  }
}

async function restart(): Promise<void> {
  await s.app.close();
  s = await startServer({ dataDir: s.dataDir, scheduler: false }, c);
}

beforeAll(async () => {
  delete process.env.SECRET_KEY;
  s = await startServer({ scheduler: false }, c);
  loginHash = await hashPassword(LOGIN);
  const coins = await call(s.app, 'GET', '/coin/getCoinList', {});
  usdtId = coins.data.list.find((x: { coin: string }) => x.coin === 'USDT').ID;
});
afterAll(() => s.app.close());

describe('withdrawal passwords under the server secret', () => {
  it('a new one is stored in the HMAC form, not scrypt, and withdraws; the same one of two users is stored differently', async () => {
    const a = await account();
    const b = await account();
    const [ha, hb] = [(await stored(a)).pay_password_hash!, (await stored(b)).pay_password_hash!];
    expect(ha).toMatch(HMAC_FORM);
    expect(hb).toMatch(HMAC_FORM);
    expect(ha.split('$')[2]).not.toBe(hb.split('$')[2]);
    const r = await withdraw(a, PIN);
    expect(r.code, r.msg).toBe(0);
  });

  it('creates DATA_DIR/secret.key with mode 0600 on first use, keeps it out of the database, and reads the same key after a restart', async () => {
    const file = join(s.dataDir, SECRET_FILE);
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^[0-9a-f]{64}\n$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const key = parseSecretKey(text)!;
    for (const db of ['app.db', 'app.db-wal'].map((f) => join(s.dataDir, f)).filter((f) => existsSync(f))) {
      const bytes = readFileSync(db);
      expect(bytes.includes(key), db).toBe(false);
      expect(bytes.includes(Buffer.from(text.trim())), db).toBe(false);
    }

    const a = await account();
    await restart();
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(loadSecretKey(s.dataDir, {})).toEqual(key);
    expect((await withdraw(a, PIN)).code).toBe(0);
    // the file's key is the one the hashes are made with: given as SECRET_KEY it verifies them too
    expect((await withSecretKey(text.trim(), () => withdraw(a, PIN))).code).toBe(0);
  });

  it('with another SECRET_KEY the same database refuses the password, and counts it as a wrong one', async () => {
    const a = await account();
    const r = await withSecretKey(OTHER_KEY, () => withdraw(a, PIN));
    expect(r).toMatchObject({ code: 4023, data: { field: 'pay_password', remaining: 4 } });
    expect(Number((await stored(a)).pay_failures)).toBe(1);
    // a password set under that key works under it and not under the key file's
    const b = await withSecretKey(OTHER_KEY, () => account());
    expect((await withdraw(b, PIN)).code).toBe(4023);
    expect((await withSecretKey(OTHER_KEY, () => withdraw(b, PIN))).code).toBe(0);
  });

  it('a legacy scrypt hash still withdraws and is replaced by the HMAC form on the first right use; a wrong one leaves it', async () => {
    const a = await account(null);
    const legacy = legacyScryptHash(PIN);
    await s.app.db.updateTable('users').set({ pay_password_hash: legacy }).where('id', '=', a.id).execute();

    expect((await withdraw(a, '000000')).code).toBe(4023);
    expect((await stored(a)).pay_password_hash).toBe(legacy);

    const r = await withdraw(a, PIN);
    expect(r.code, r.msg).toBe(0);
    const upgraded = await stored(a);
    expect(upgraded.pay_password_hash).toMatch(HMAC_FORM);
    expect(Number(upgraded.pay_failures)).toBe(0);
    expect((await withdraw(a, PIN)).code).toBe(0);
    expect((await withdraw(a, '000000')).code).toBe(4023);
  });

  it('a legacy hash changed meanwhile is not overwritten by the upgrade', async () => {
    const a = await account(null);
    const limit = hashSlots.limit;
    hashSlots.limit = 1;
    try {
      const legacy = legacyScryptHash(PIN);
      await s.app.db.updateTable('users').set({ pay_password_hash: legacy }).where('id', '=', a.id).execute();
      // hold the only hash slot, so the request waits in its check with the legacy hash read
      let release = () => {};
      const held = hashSlots.run(() => new Promise<void>((resolve) => (release = resolve)));
      const pending = withdraw(a, PIN);
      await vi.waitFor(() => expect(hashSlots.waiting).toBe(1));
      // the owner sets a new one meanwhile: the request's upgrade must not bring back the old one
      await s.app.db.updateTable('users').set({ pay_password_hash: 'hmac$changed' }).where('id', '=', a.id).execute();
      release();
      await held;
      expect((await pending).code).toBe(0);
      expect((await stored(a)).pay_password_hash).toBe('hmac$changed');
    } finally {
      hashSlots.limit = limit;
    }
  });

  it('wrong ones in the HMAC form count toward the lock: the fifth in a row locks withdrawals', async () => {
    const a = await account();
    for (let remaining = 4; remaining >= 1; remaining--) {
      expect(await withdraw(a, '111111')).toMatchObject({ code: 4023, data: { remaining } });
    }
    const fifth = await withdraw(a, '111111');
    expect(fifth).toMatchObject({ code: 7, data: { block: { reason: 'payLocked', until: c.now() + 60 * 60_000 } } });
    expect((await withdraw(a, PIN)).data.block.reason).toBe('payLocked');
  });
});

describe('SECRET_KEY', () => {
  it('is hex or base64 of at least 32 bytes', () => {
    const bytes = Buffer.alloc(32, 7);
    expect(parseSecretKey(bytes.toString('hex'))).toEqual(bytes);
    expect(parseSecretKey(bytes.toString('base64'))).toEqual(bytes);
    expect(parseSecretKey(Buffer.alloc(48, 0xfb).toString('base64url'))).toEqual(Buffer.alloc(48, 0xfb));
    for (const bad of ['', 'ab'.repeat(31), Buffer.alloc(31).toString('base64'), 'not a key at all, not a key at all!']) expect(parseSecretKey(bad), bad).toBeUndefined();
  });

  it('a bad one stops the check with a message that does not show it; no key file is written', () => {
    const dir = tempDir();
    const bad = 'secret-but-too-short';
    expect(() => loadSecretKey(dir, { SECRET_KEY: bad })).toThrow(/^SECRET_KEY is not a key of at least 32 bytes/);
    try {
      loadSecretKey(dir, { SECRET_KEY: bad });
    } catch (error) {
      expect(String(error)).not.toContain(bad);
    }
    expect(existsSync(join(dir, SECRET_FILE))).toBe(false);
  });

  it('a damaged key file is refused rather than replaced (a new key would invalidate every stored password)', () => {
    const dir = tempDir();
    writeFileSync(join(dir, SECRET_FILE), 'short\n', { mode: 0o600 });
    expect(() => loadSecretKey(dir, {})).toThrow(/secret\.key does not hold a key/);
    expect(readFileSync(join(dir, SECRET_FILE), 'utf8')).toBe('short\n');
  });
});
