// A broadcast to some customers (issue 41): the console counts who the conditions reach before it
// sends (GET /admin/notices/audience), the broadcast reaches exactly those customers (by the
// language of their newest sign-in, the country of their phone number, a coin held with a
// minimum) and keeps them as they were when it was sent; bad conditions are refused with a
// translated message under their field and send nothing; a role without content cannot count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { units } from '../../../contract/decimal.ts';
import { applyChanges, ledgerMismatches } from '../../../server/core/ledger.ts';
import { call, login, msg, newCaptcha, registerByEmail, sendPhoneCode, startServer, type TestServer } from '../helpers.ts';
import { DEMO_INVITATION_CODE } from '../../../server/composition/seed.ts';
import { operator, type SignedInOperator } from './operators.ts';

let s: TestServer;
let editor: SignedInOperator;
let finance: SignedInOperator;
const PASSWORD = 'Secret-pass-123';
const people: Record<'anna' | 'bernd' | 'chen' | 'dora', { token: string; id: number }> = {} as never;
let seq = 0;

async function registerByPhone(phone: string, countryCode: string) {
  const smsCode = await sendPhoneCode(s.app, phone, countryCode);
  const cap = await newCaptcha(s.app);
  const r = await call(s.app, 'POST', '/base/registerUser', {
    body: { phone, countryCode, smsCode, passWord: PASSWORD, invitationCode: DEMO_INVITATION_CODE, ...cap },
  });
  expect(r.code, r.msg).toBe(0);
  return r.data as { token: string; user: { ID: number } };
}

/** Signs in asking for `lang`; the new session's token (signing in ends the account's earlier session). */
async function signInWith(username: string, lang: string): Promise<string> {
  const r = await login(s.app, username, PASSWORD, { lang });
  expect(r.code, r.msg).toBe(0);
  return r.data.token as string;
}

async function credit(userId: number, coin: string, amount: string) {
  await s.app.db
    .transaction()
    .execute((trx) => applyChanges(trx, [{ userId, coin, available: units(amount), frozen: 0n, type: 'admin_deposit', refId: null }], s.clock.now()));
}

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  editor = await operator(s, 'herald', ['content']);
  finance = await operator(s, 'fin', ['finance']);
  const anna = await registerByEmail(s.app, 'anna@example.com');
  const dora = await registerByEmail(s.app, 'dora@example.com');
  const bernd = await registerByPhone('15112345678', '+49');
  const chen = await registerByPhone('13812345678', '+86');
  await signInWith('anna@example.com', 'en-US');
  s.clock.advance(1000);
  Object.assign(people, {
    anna: { token: await signInWith('anna@example.com', 'de-DE'), id: anna.user.ID }, // the newest sign-in's language counts
    bernd: { token: await signInWith('15112345678', 'en-US'), id: bernd.user.ID },
    chen: { token: chen.token, id: chen.user.ID },
    dora: { token: await signInWith('dora@example.com', 'de'), id: dora.user.ID },
  });
  await credit(anna.user.ID, 'BTC', '0.75');
  await credit(bernd.user.ID, 'BTC', '0.2');
  s.clock.advance(1000);
});
afterAll(() => s.app.close());

const audience = (query: Record<string, string>, token = editor.token, lang?: string) =>
  call(s.app, 'GET', '/admin/notices/audience', { adminToken: token, query, lang });

async function send(body: Record<string, unknown>, lang?: string) {
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/admin/notices/broadcast',
    payload: { title: `Notice ${++seq}`, body: 'Text.', ...body },
    headers: { 'x-admin-token': editor.token, 'idempotency-key': `k-${seq}`, ...(lang ? { lang } : {}) },
  });
  return res.json() as { code: number; msg: string; data: Record<string, unknown> };
}

/** The ids of the four customers who see broadcast `id` in their notification centre. */
async function readers(id: unknown): Promise<string[]> {
  const out: string[] = [];
  for (const [name, p] of Object.entries(people)) {
    const list = (await call(s.app, 'GET', '/notice/getNoticeList', { token: p.token, query: { page: 1, pageSize: 50 } })).data.list as { ID: number }[];
    if (list.some((n) => n.ID === id)) out.push(name);
  }
  return out.sort();
}

const rowCount = async (table: 'notices' | 'notice_recipients' | 'audit_log') =>
  Number(
    (
      await s.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a targeted broadcast', () => {
  it('counts the customers its conditions reach, everyone without any', async () => {
    const users = Number(
      (
        await s.app.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect((await audience({})).data).toEqual({ recipients: users });
    expect((await audience({ toLang: 'de', toCoin: 'BTC' })).data).toEqual({ recipients: 1 });
    expect((await audience({ toCountry: 'de' })).data).toEqual({ recipients: 1 });
    expect((await audience({ toCountry: 'DE', toCoin: 'btc', toMinBalance: '0.5' })).data).toEqual({ recipients: 0 });
    expect((await audience({ toCountry: 'DE', toCoin: 'BTC', toMinBalance: '0.2' })).data).toEqual({ recipients: 1 });
  });

  it('reaches only the customers the conditions name, by language, country and holding', async () => {
    const byLang = await send({ toLang: 'de' });
    expect(byLang.code, byLang.msg).toBe(0);
    expect(byLang.data).toMatchObject({ audience: 'de', recipients: 2 });
    expect(await readers(byLang.data.id)).toEqual(['anna', 'dora']);

    const byCountry = await send({ toCountry: 'CN' });
    expect(await readers(byCountry.data.id)).toEqual(['chen']);

    const byHolding = await send({ toCoin: 'BTC', toMinBalance: '0.5', toLang: 'de' });
    expect(byHolding.data).toMatchObject({ audience: 'de · BTC ≥ 0.5', recipients: 1 });
    expect(await readers(byHolding.data.id)).toEqual(['anna']);

    // English: the newest sign-in asked for English, or no language is known
    const english = await send({ toLang: 'en', toCountry: 'DE' });
    expect(await readers(english.data.id)).toEqual(['bernd']);

    const anyBtc = await send({ toCoin: 'BTC' });
    expect(anyBtc.data).toMatchObject({ audience: 'BTC > 0' });
    expect(await readers(anyBtc.data.id)).toEqual(['anna', 'bernd']);

    const everyone = await send({});
    expect(everyone.data).toMatchObject({ audience: '' });
    expect(await readers(everyone.data.id)).toEqual(['anna', 'bernd', 'chen', 'dora']);
    const listed = (await call(s.app, 'GET', '/admin/notices', { adminToken: editor.token })).data.list as {
      id: number;
      audience: string;
      recipients: number;
    }[];
    expect(listed.find((b) => b.id === byHolding.data.id)).toMatchObject({ audience: 'de · BTC ≥ 0.5', recipients: 1 });
    const audit = await s.app.db
      .selectFrom('audit_log')
      .select('after_json')
      .where('action', '=', 'content.notice.broadcast')
      .where('target_id', '=', String(byHolding.data.id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(audit.after_json))).toMatchObject({ audience: { lang: 'de', coin: 'BTC', minBalance: '0.5' }, recipients: 1 });
  });

  it('keeps its recipients as they were when it was sent', async () => {
    const sent = await send({ toCoin: 'BTC', toMinBalance: '0.5' });
    const before = await readers(sent.data.id);
    await credit(people.bernd.id, 'BTC', '1'); // bernd now holds 1.2 BTC
    expect(await readers(sent.data.id)).toEqual(before);
    expect(before).not.toContain('bernd');
    expect((await audience({ toCoin: 'BTC', toMinBalance: '0.5', toCountry: 'DE' })).data).toEqual({ recipients: 1 });
    expect(await ledgerMismatches(s.app.db)).toEqual([]);
  });

  it('refuses bad conditions with a translated message under their field and sends nothing', async () => {
    const notices = await rowCount('notices');
    const recipients = await rowCount('notice_recipients');
    const audit = await rowCount('audit_log');
    const refusals: [Record<string, string>, string, string, Record<string, string | number>?][] = [
      [{ toLang: 'xx' }, 'toLang', 'admin.broadcastAudienceLanguage'],
      [{ toCountry: 'ZZ' }, 'toCountry', 'admin.audienceCountry'],
      [{ toCountry: 'DEU' }, 'toCountry', 'admin.audienceCountry'],
      [{ toCoin: 'NOPE' }, 'toCoin', 'admin.audienceCoin'],
      [{ toCoin: 'B!' }, 'toCoin', 'admin.coinFormat'],
      [{ toMinBalance: '1' }, 'toCoin', 'admin.audienceCoinMissing'],
      [{ toCoin: 'BTC', toMinBalance: '1,5' }, 'toMinBalance', 'admin.amountFormat'],
      [{ toCoin: 'USDT', toMinBalance: '0.123456789' }, 'toMinBalance', 'admin.amountFormat'],
      [{ toCoin: 'USDT', toMinBalance: '0.1234567' }, 'toMinBalance', 'admin.audienceMinBalance', { decimals: 6 }],
    ];
    for (const [conditions, field, key, params] of refusals) {
      for (const r of [await send(conditions, 'de'), await audience(conditions, editor.token, 'de')]) {
        expect(r, JSON.stringify(conditions)).toMatchObject({ code: 7, msg: msg('de', key, params), data: { field } });
      }
    }
    const nested = await send({ toLang: { $ne: '' } as never, toCoin: ['BTC'] as never });
    expect(nested.code).toBe(7);
    const long = await audience({ toCountry: 'D'.repeat(10_000) });
    expect(long.code).toBe(7);
    expect(await rowCount('notices')).toBe(notices);
    expect(await rowCount('notice_recipients')).toBe(recipients);
    expect(await rowCount('audit_log')).toBe(audit);
  });

  it('is counted only by an operator with the content or admin role, never by a customer', async () => {
    expect((await audience({}, finance.token)).code).not.toBe(0);
    const customer = await call(s.app, 'GET', '/admin/notices/audience', { token: people.anna.token });
    expect(customer.code).not.toBe(0);
  });
});
