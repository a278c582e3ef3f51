// Passkeys (issue 25): registration, sign-in alone, the second step with a ticket, and each
// refusal (malformed answer, unknown credential, another account's credential, wrong origin or
// RP ID, replayed or expired challenge, bad name), each a translated message that writes nothing.
// A software authenticator (tests/server/account/soft-authenticator.ts) plays the device.
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueLoginTicket } from '../../../../server/account/sign-in/sign-in-steps.ts';
import type { AppContext } from '../../../../server/platform/http/context.ts';
import { type Loose, msg, registerByEmail, startServer, type TestServer } from '../../helpers.ts';
import { SoftAuthenticator } from './soft-authenticator.ts';

const RP_ID = 'localhost';
const ORIGIN = 'http://localhost:8080';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

interface Api {
  (
    method: 'GET' | 'POST',
    path: string,
    o?: { body?: unknown; token?: string; host?: string; ip?: string },
  ): Promise<{ code: number; msg: string; data: Loose }>;
}

function apiOf(s: () => TestServer): Api {
  return async (method, path, o = {}) => {
    const res = await s().app.inject({
      method,
      url: `/api${path}`,
      payload: o.body as object | undefined,
      headers: { host: o.host ?? 'localhost:8080', 'user-agent': UA, ...(o.token ? { 'x-token': o.token } : {}) },
      remoteAddress: o.ip ?? '127.0.0.1',
    });
    return res.json();
  };
}

async function withEnv<T>(env: Record<string, string | undefined>, work: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete process.env[k];
  try {
    return await work();
  } finally {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

const refusal = (key: string, params?: Record<string, string | number>) => ({ code: 7, msg: msg(undefined, key, params) });

let server: TestServer;
const api = apiOf(() => server);

beforeAll(async () => {
  server = await withEnv({ WEBAUTHN_RP_ID: RP_ID, WEBAUTHN_ORIGINS: ORIGIN }, () => startServer({ scheduler: false }));
});
afterAll(async () => {
  await server.app.close();
});

async function rows() {
  const db = server.app.db;
  return {
    passkeys: await db.selectFrom('passkeys').selectAll().orderBy('id').execute(),
    spent: (await db.selectFrom('webauthn_challenges').select('id').where('used_at', 'is not', null).execute()).length,
    signins: await db.selectFrom('signins').selectAll().orderBy('id').execute(),
    tickets: (await db.selectFrom('login_tickets').select('id').where('used_at', 'is not', null).execute()).length,
  };
}

/** A user with one registered passkey. */
async function userWithPasskey(email: string) {
  const { token, user } = await registerByEmail(server.app, email);
  const device = new SoftAuthenticator(RP_ID, ORIGIN);
  const options = await api('GET', '/user/passkey/options', { token });
  expect(options.code, options.msg).toBe(0);
  const added = await api('POST', '/user/passkey/register', { token, body: { name: 'My phone', response: device.register(options.data) } });
  expect(added.code, added.msg).toBe(0);
  return { token, userId: user.ID as number, device, passkeyId: added.data.ID as number };
}

/** A ticket of the password step, issued to the address and browser the test calls from. */
function ticketFor(userId: number): Promise<string> {
  const ctx = { db: server.app.db, now: server.clock.now } as unknown as AppContext;
  return issueLoginTicket(ctx, userId, { ip: '127.0.0.1', headers: { 'user-agent': UA } } as unknown as FastifyRequest);
}

describe('registration', () => {
  it('registers a named passkey from the options, lists it and excludes it from the next options', async () => {
    const { token } = await registerByEmail(server.app, 'reg@example.com');
    const device = new SoftAuthenticator(RP_ID, ORIGIN);
    const options = await api('GET', '/user/passkey/options', { token });
    expect(options.code).toBe(0);
    expect(options.data.rp).toEqual({ name: 'CoinApp', id: RP_ID });
    expect(options.data.user.name).toBe('reg@example.com');
    expect(options.data.excludeCredentials).toEqual([]);
    const added = await api('POST', '/user/passkey/register', { token, body: { name: '  My phone  ', response: device.register(options.data) } });
    expect(added.code, added.msg).toBe(0);
    expect(added.data).toEqual({ ID: expect.any(Number), name: 'My phone', createdAt: expect.any(String), lastUsedAt: null });
    const list = await api('GET', '/user/passkey/list', { token });
    expect(list.data.list).toEqual([added.data]);
    const next = await api('GET', '/user/passkey/options', { token });
    expect(next.data.excludeCredentials).toEqual([{ id: device.id, type: 'public-key', transports: ['internal'] }]);
    expect(next.data.challenge).not.toBe(options.data.challenge);
  });

  it('needs a session', async () => {
    const r = await api('GET', '/user/passkey/options');
    expect(r.code).not.toBe(0);
    expect(r.data).toBeNull();
  });

  it('refuses a bad name, a malformed answer, a wrong origin or RP ID, a replayed or expired challenge, writing nothing', async () => {
    const { token } = await registerByEmail(server.app, 'refusals@example.com');
    const device = new SoftAuthenticator(RP_ID, ORIGIN);
    const options = (await api('GET', '/user/passkey/options', { token })).data;
    const before = await rows();
    const register = (name: string, response: unknown) => api('POST', '/user/passkey/register', { token, body: { name, response } });
    const good = device.register(options);

    expect(await register('', good)).toMatchObject(refusal('passkey.nameRequired'));
    expect(await register('x'.repeat(65), good)).toMatchObject(refusal('passkey.nameTooLong'));
    expect(await register('My\u0007phone', good)).toMatchObject(refusal('checks.controlCharacters'));
    expect(await register('Phone', { ...good, response: { clientDataJSON: good.response.clientDataJSON } })).toMatchObject(refusal('passkey.malformed'));
    expect(await register('Phone', { ...good, response: { ...good.response, clientDataJSON: 'bm90LWpzb24' } })).toMatchObject(refusal('passkey.malformed'));
    expect(await register('Phone', { ...good, type: 'password' })).toMatchObject(refusal('passkey.malformed'));
    expect(await register('Phone', device.register(options, { origin: 'https://evil.example' }))).toMatchObject(refusal('passkey.wrongOrigin'));
    expect(await register('Phone', device.register(options, { rpId: 'evil.example' }))).toMatchObject(refusal('passkey.wrongRp'));
    expect(await register('Phone', device.register(options, { challenge: 'bm90LWlzc3VlZA' }))).toMatchObject(refusal('passkey.challengeInvalid'));
    expect(await rows()).toEqual(before);

    // the good answer passes once; the same answer again is a replay
    expect((await register('Phone', good)).code).toBe(0);
    const after = await rows();
    expect(await register('Phone 2', good)).toMatchObject(refusal('passkey.challengeInvalid'));
    expect(await rows()).toEqual(after);

    // a challenge is good for 5 minutes
    const late = (await api('GET', '/user/passkey/options', { token })).data;
    server.clock.advance(5 * 60_000 + 1);
    expect(await register('Late', new SoftAuthenticator(RP_ID, ORIGIN).register(late))).toMatchObject(refusal('passkey.challengeInvalid'));
    expect(await rows()).toEqual(after);
  });

  it("refuses another user's registration challenge", async () => {
    const a = await registerByEmail(server.app, 'chal-a@example.com');
    const b = await registerByEmail(server.app, 'chal-b@example.com');
    const options = (await api('GET', '/user/passkey/options', { token: a.token })).data;
    const r = await api('POST', '/user/passkey/register', {
      token: b.token,
      body: { name: 'Phone', response: new SoftAuthenticator(RP_ID, ORIGIN).register(options) },
    });
    expect(r).toMatchObject(refusal('passkey.challengeInvalid'));
  });
});

describe('sign-in with a passkey alone', () => {
  it('signs in with a discoverable passkey: a session as login gives, the counter and last use stored, the history written', async () => {
    const { userId, device, passkeyId } = await userWithPasskey('alone@example.com');
    const options = await api('POST', '/base/passkeyOptions', { body: {} });
    expect(options.code, options.msg).toBe(0);
    expect(options.data.allowCredentials).toEqual([]);
    expect(options.data.userVerification).toBe('required');
    expect(options.data.rpId).toBe(RP_ID);
    const r = await api('POST', '/base/loginPasskey', { body: { response: device.assert(options.data) } });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.token).toMatch(/^[0-9a-f]{64}$/);
    expect(r.data.user.ID).toBe(userId);
    const me = await api('GET', '/user/getUserInfo', { token: r.data.token });
    expect(me.code, me.msg).toBe(0);
    const { passkeys, signins } = await rows();
    const stored = passkeys.find((p) => p.id === passkeyId)!;
    expect(Number(stored.counter)).toBe(1);
    expect(Number(stored.last_used_at)).toBe(server.clock.now());
    expect(signins.filter((s) => s.user_id === userId).map((s) => [s.method, s.result])).toEqual([['passkey', 'ok']]);
  });

  it('refuses a replayed answer, an expired challenge, an unknown credential, a wrong origin or RP ID, a bad signature and a malformed answer', async () => {
    const { userId, device } = await userWithPasskey('alone-refusals@example.com');
    const login = (response: unknown, ticket?: string) => api('POST', '/base/loginPasskey', { body: ticket ? { response, ticket } : { response } });
    const options = (await api('POST', '/base/passkeyOptions', { body: {} })).data;
    const good = device.assert(options);
    expect((await login(good)).code).toBe(0);
    const before = await rows();
    expect(await login(good)).toMatchObject(refusal('passkey.challengeInvalid'));

    const fresh = (await api('POST', '/base/passkeyOptions', { body: {} })).data;
    expect(await login(new SoftAuthenticator(RP_ID, ORIGIN).assert(fresh))).toMatchObject(refusal('passkey.unknown'));
    expect(await login(device.assert(fresh, { origin: 'https://evil.example' }))).toMatchObject(refusal('passkey.wrongOrigin'));
    expect(await login(device.assert(fresh, { rpId: 'evil.example' }))).toMatchObject(refusal('passkey.wrongRp'));
    expect(await login(device.assert(fresh, { challenge: 'bm90LWlzc3VlZA' }))).toMatchObject(refusal('passkey.challengeInvalid'));
    const unsigned = device.assert(fresh);
    expect(await login({ ...unsigned, rawId: 'b3RoZXI' })).toMatchObject(refusal('passkey.malformed'));
    expect(await login({ ...unsigned, response: { ...unsigned.response, clientDataJSON: 'e30' } })).toMatchObject(refusal('passkey.malformed'));
    expect(await login({ id: device.id })).toMatchObject(refusal('passkey.malformed'));
    expect(await rows()).toEqual(before);

    // alone, the device must have verified its owner
    expect(await login(device.assert(fresh, { verified: false }))).toMatchObject(refusal('passkey.userVerification'));
    // a signature of other data: refused, and the owner's history has the failed attempt
    const forged = device.assert(fresh);
    const other = device.assert(fresh);
    expect(await login({ ...forged, response: { ...forged.response, signature: other.response.signature } })).toMatchObject(refusal('passkey.verifyFailed'));
    const after = await rows();
    expect(after.passkeys).toEqual(before.passkeys);
    expect(after.spent).toBe(before.spent);
    expect(after.signins.filter((s) => s.user_id === userId).map((s) => s.result)).toEqual(['ok', 'badCode', 'badCode']);

    // the challenge still signs once, within its 5 minutes
    server.clock.advance(5 * 60_000 + 1);
    expect(await login(device.assert(fresh))).toMatchObject(refusal('passkey.challengeInvalid'));
  });
});

describe('the second step after the password', () => {
  it("offers the ticket's user's passkeys and signs in with one, spending the ticket", async () => {
    const { userId, device } = await userWithPasskey('second@example.com');
    const ticket = await ticketFor(userId);
    const options = await api('POST', '/base/passkeyOptions', { body: { ticket } });
    expect(options.code, options.msg).toBe(0);
    expect(options.data.allowCredentials).toEqual([{ id: device.id, type: 'public-key', transports: ['internal'] }]);
    const r = await api('POST', '/base/loginPasskey', { body: { response: device.assert(options.data), ticket } });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.user.ID).toBe(userId);
    expect((await rows()).tickets).toBe(1);
    // the ticket is spent: it starts nothing more
    const again = await api('POST', '/base/passkeyOptions', { body: { ticket } });
    expect(again.code).toBe(7);
  });

  it("refuses another account's passkey, a challenge of a sign-in alone, and an account without passkeys", async () => {
    const owner = await userWithPasskey('second-owner@example.com');
    const other = await userWithPasskey('second-other@example.com');
    const ticket = await ticketFor(owner.userId);
    const options = (await api('POST', '/base/passkeyOptions', { body: { ticket } })).data;
    const before = await rows();
    const r = await api('POST', '/base/loginPasskey', { body: { response: other.device.assert(options), ticket } });
    expect(r).toMatchObject(refusal('passkey.notYours'));
    const after = await rows();
    expect(after.tickets).toBe(before.tickets);
    expect(after.spent).toBe(before.spent);
    expect(after.signins.slice(before.signins.length).map((s) => [s.user_id, s.method, s.result])).toEqual([[owner.userId, 'passkey', 'badCode']]);

    // a challenge issued for a sign-in alone is not one for this ticket, nor the other way round
    const alone = (await api('POST', '/base/passkeyOptions', { body: {} })).data;
    expect(await api('POST', '/base/loginPasskey', { body: { response: owner.device.assert(alone), ticket } })).toMatchObject(
      refusal('passkey.challengeInvalid'),
    );
    expect(await api('POST', '/base/loginPasskey', { body: { response: owner.device.assert(options) } })).toMatchObject(refusal('passkey.challengeInvalid'));

    const { user } = await registerByEmail(server.app, 'second-none@example.com');
    expect(await api('POST', '/base/passkeyOptions', { body: { ticket: await ticketFor(user.ID) } })).toMatchObject(refusal('passkey.noPasskeys'));
    expect(await api('POST', '/base/passkeyOptions', { body: { ticket: 'nope' } })).toMatchObject(refusal('passkey.ticketInvalid'));
  });
});

describe('removing a passkey', () => {
  it("needs the login password, answers another user's passkey like an unknown one, and the removed passkey no longer signs in", async () => {
    const a = await userWithPasskey('remove-a@example.com');
    const b = await userWithPasskey('remove-b@example.com');
    const remove = (token: string, ID: number, password: string) => api('POST', '/user/passkey/remove', { token, body: { ID, password } });
    const wrong = await remove(a.token, a.passkeyId, 'Wrong-pass-123');
    expect(wrong.code).toBe(4011);
    expect(await remove(a.token, b.passkeyId, 'Secret-pass-123')).toMatchObject(refusal('errors.notFound'));
    expect(await remove(a.token, 999_999, 'Secret-pass-123')).toMatchObject(refusal('errors.notFound'));
    expect((await api('GET', '/user/passkey/list', { token: b.token })).data.list).toHaveLength(1);
    expect((await remove(a.token, a.passkeyId, 'Secret-pass-123')).code).toBe(0);
    expect((await api('GET', '/user/passkey/list', { token: a.token })).data.list).toEqual([]);
    const options = (await api('POST', '/base/passkeyOptions', { body: {} })).data;
    expect(await api('POST', '/base/loginPasskey', { body: { response: a.device.assert(options) } })).toMatchObject(refusal('passkey.unknown'));
  });
});

describe('configuration and limits', () => {
  it("defaults the RP ID and origin to the request's own host", async () => {
    const s = await withEnv({ WEBAUTHN_RP_ID: undefined, WEBAUTHN_ORIGINS: undefined }, () => startServer());
    const call = apiOf(() => s);
    try {
      const { token } = await registerByEmail(s.app, 'host@example.com');
      const host = 'shop.example';
      const options = await call('GET', '/user/passkey/options', { token, host });
      expect(options.data.rp.id).toBe(host);
      const device = new SoftAuthenticator(host, `http://${host}`);
      expect((await call('POST', '/user/passkey/register', { token, host, body: { name: 'Phone', response: device.register(options.data) } })).code).toBe(0);
      const signIn = (await call('POST', '/base/passkeyOptions', { host, body: {} })).data;
      expect(await call('POST', '/base/loginPasskey', { host: 'other.example', body: { response: device.assert(signIn) } })).toMatchObject(
        refusal('passkey.wrongOrigin'),
      );
      expect((await call('POST', '/base/loginPasskey', { host, body: { response: device.assert(signIn) } })).code).toBe(0);
    } finally {
      await s.app.close();
    }
  });

  it('stops start-up on an origin outside the RP ID', async () => {
    await expect(withEnv({ WEBAUTHN_RP_ID: 'example.com', WEBAUTHN_ORIGINS: 'https://evil.example' }, () => startServer())).rejects.toThrow(/WEBAUTHN_ORIGINS/);
  });

  it('limits the public endpoints per address', async () => {
    const s = await withEnv({ WEBAUTHN_RP_ID: RP_ID, WEBAUTHN_ORIGINS: ORIGIN }, () =>
      startServer({ rateLimits: { passkeySignIn: { max: 2, windowMs: 60_000 } } }),
    );
    const call = apiOf(() => s);
    try {
      expect((await call('POST', '/base/passkeyOptions', { body: {} })).code).toBe(0);
      expect((await call('POST', '/base/loginPasskey', { body: { response: {} } })).code).toBe(7);
      expect((await call('POST', '/base/passkeyOptions', { body: {} })).code).toBe(4024);
      expect((await call('POST', '/base/passkeyOptions', { body: {}, ip: '10.0.0.2' })).code).toBe(0);
    } finally {
      await s.app.close();
    }
  });
});
