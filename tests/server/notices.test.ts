// Notifications and content: event notices written by the operator's decisions (in the
// transaction of the decision) and read in the reader's language, read state and the unread
// count, mark-all-read, another user's notice not found, operator broadcasts (to the users who
// exist when sent, per language with the English fallback), bad input with a valid session,
// articles per language with the English fallback, and GET /base/site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_COINS } from '../../server/funds/coins/coins.ts';
import { siteConfig } from '../../server/content/handlers/site.ts';
import { broadcast } from '../../server/content/notices.ts';
import { notify } from '../../server/core/notify.ts';
import { runCli } from '../../server/ops/cli.ts';
import { ledgerMismatches } from '../../server/core/ledger.ts';
import { adminDeposit } from '../../server/funds/deposits/admin-deposit.ts';
import { dataUrl, pngImage } from '../fixtures/images.ts';
import { call, msg, registerByEmail, startServer, type TestServer, verifyIdentity } from './helpers.ts';

let s: TestServer;
const LOGIN = 'Secret-pass-123';
const PAY = '418263';
const TRON = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const TRC20 = SEED_COINS.find((c) => c.coin === 'USDT')!.networks.find((n) => n.network === 'TRC20')!.address;

interface Account {
  token: string;
  id: number;
}
let alice: Account;
let bob: Account;
let seq = 0;

async function account(): Promise<Account> {
  const { token, user } = await registerByEmail(s.app, `notice${++seq}@example.com`, LOGIN);
  return { token, id: user.ID };
}

const list = (a: Account, lang?: string, query: Record<string, string | number> = { page: 1, pageSize: 20 }) => call(s.app, 'GET', '/notice/getNoticeList', { token: a.token, lang, query });
const unread = async (a: Account) => (await call(s.app, 'GET', '/notice/unreadCount', { token: a.token })).data.count as number;
const open = (a: Account, ID: string | number, lang?: string) => call(s.app, 'GET', '/notice/findNotice', { token: a.token, lang, query: { ID } });
const noticeCount = async () =>
  Number(
    (
      await s.app.db
        .selectFrom('notices')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const readCount = async () =>
  Number(
    (
      await s.app.db
        .selectFrom('notice_reads')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function deposit(a: Account, num: string): Promise<number> {
  s.clock.advance(21_000);
  const up = await call(s.app, 'POST', '/user/uploadBase64', { token: a.token, body: { base64Str: dataUrl(pngImage(20 + seq, 20)) } });
  expect(up.code, up.msg).toBe(0);
  const r = await call(s.app, 'POST', '/recharge/createRecharge', { token: a.token, body: { coin: 'USDT', czline: 'TRC20', address: TRC20, num, payimg: up.data.url, cate: 1 } });
  expect(r.code, r.msg).toBe(0);
  return r.data.ID as number;
}

async function withdrawal(a: Account, num: string): Promise<number> {
  const coins = await call(s.app, 'GET', '/coin/getCoinList', {});
  const coinId = coins.data.list.find((c: { coin: string }) => c.coin === 'USDT').ID;
  const r = await call(s.app, 'POST', '/withdraw/createWithdraw', { token: a.token, body: { coinname: 'USDT', coin_id: coinId, czline: 'TRC20', address: TRON, num, pay_password: PAY } });
  expect(r.code, r.msg).toBe(0);
  return r.data.ID as number;
}

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  alice = await account();
  bob = await account();
  expect((await call(s.app, 'POST', '/user/changePayPassword', { token: alice.token, body: { loginPassword: LOGIN, password: PAY } })).code).toBe(0);
  await adminDeposit(s.app.db, alice.id, 'USDT', '1000', s.clock.now());
  await verifyIdentity(s.app.db, alice.id);
});
afterAll(() => s.app.close());

describe('event notices from the operator’s decisions', () => {
  it('a deposit approved and one rejected: each a notice in the reader’s language, newest first, unread', async () => {
    const approved = await deposit(alice, '100.5');
    const rejected = await deposit(alice, '70');
    expect((await runCli(['approve', 'deposit', String(approved)], s.dataDir)).code).toBe(0);
    expect((await runCli(['reject', 'deposit', String(rejected), 'Proof', 'unreadable'], s.dataDir)).code).toBe(0);

    const de = await list(alice, 'de');
    expect(de.code, de.msg).toBe(0);
    expect(de.data).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(de.data.list.map((n: { title: string }) => n.title)).toEqual([msg('de', 'notice.deposit_rejected.title'), msg('de', 'notice.deposit_approved.title')]);
    expect(de.data.list[0]).toMatchObject({ kind: 'event', read: 0, body: msg('de', 'notice.deposit_rejected.body', { amount: '70', coin: 'USDT', reason: 'Proof unreadable' }) });
    // German number format: 100,5
    expect(de.data.list[1].body).toBe(msg('de', 'notice.deposit_approved.body', { amount: '100.5', coin: 'USDT' }));
    expect(de.data.list[1].body).toContain('100,5 USDT');
    // the same notice read in Japanese (both the spec's prefix and the standard tag) and in English
    const jp = await list(alice, 'jp');
    expect(jp.data.list[1].title).toBe(msg('jp', 'notice.deposit_approved.title'));
    expect((await list(alice, 'ja-JP')).data.list[1].title).toBe(msg('jp', 'notice.deposit_approved.title'));
    expect((await list(alice)).data.list[1].title).toBe('Deposit credited');
    expect(await unread(alice)).toBe(2);
    // deciding twice writes no second notice
    const before = await noticeCount();
    await runCli(['approve', 'deposit', String(approved)], s.dataDir);
    expect(await noticeCount()).toBe(before);
    expect(await ledgerMismatches(s.app.db)).toEqual([]);
  });

  it('a withdrawal approved and one rejected (refund) each write a notice', async () => {
    const ok = await withdrawal(alice, '20');
    const no = await withdrawal(alice, '30');
    expect((await runCli(['approve', 'withdrawal', String(ok)], s.dataDir)).code).toBe(0);
    expect((await runCli(['reject', 'withdrawal', String(no), 'Address', 'flagged'], s.dataDir)).code).toBe(0);
    const fr = await list(alice, 'fr');
    expect(fr.data.list.slice(0, 2).map((n: { title: string; body: string }) => [n.title, n.body])).toEqual([
      [msg('fr', 'notice.withdrawal_rejected.title'), msg('fr', 'notice.withdrawal_rejected.body', { amount: '30', coin: 'USDT', reason: 'Address flagged' })],
      [msg('fr', 'notice.withdrawal_approved.title'), msg('fr', 'notice.withdrawal_approved.body', { amount: '20', coin: 'USDT' })],
    ]);
    expect(await unread(alice)).toBe(4);
    expect(await ledgerMismatches(s.app.db)).toEqual([]);
  });

  it('a wire transfer credited, a loan approved and one rejected each write a notice', async () => {
    const wire = await call(s.app, 'POST', '/wire_transfer/createWire_transfer', { token: alice.token, body: { email: 'alice.smith@example.com', amount: '5000', currency: 'USD' } });
    expect(wire.code, wire.msg).toBe(0);
    expect((await runCli(['approve', 'wire', String(wire.data.ID), 'USDT', '4990.5'], s.dataDir)).code).toBe(0);
    const loans: number[] = [];
    for (const amount of ['1000', '2000']) {
      const r = await call(s.app, 'POST', '/loan_order/createLoan_order', { token: alice.token, body: { loan_id: 1, amount, min: '100', max: '5000' } });
      expect(r.code, r.msg).toBe(0);
      loans.push(r.data.ID);
    }
    expect((await runCli(['approve', 'loan', String(loans[0])], s.dataDir)).code).toBe(0);
    expect((await runCli(['reject', 'loan', String(loans[1]), 'Income', 'not', 'shown'], s.dataDir)).code).toBe(0);
    const it = (await list(alice, 'it')).data.list.slice(0, 3);
    expect(it.map((n: { title: string; body: string }) => [n.title, n.body])).toEqual([
      [msg('it', 'notice.loan_rejected.title'), msg('it', 'notice.loan_rejected.body', { amount: '2000', coin: 'USDT', reason: 'Income not shown' })],
      [msg('it', 'notice.loan_approved.title'), msg('it', 'notice.loan_approved.body', { amount: '1000', coin: 'USDT' })],
      [msg('it', 'notice.wire_credited.title'), msg('it', 'notice.wire_credited.body', { amount: '4990.5', coin: 'USDT' })],
    ]);
    expect(it[2].body).toContain('4990,5 USDT');
    expect(await ledgerMismatches(s.app.db)).toEqual([]);
  });

  it('a notice written inside a transaction that rolls back does not exist', async () => {
    const before = await noticeCount();
    await expect(
      s.app.db.transaction().execute(async (trx) => {
        await notify(trx, alice.id, 'loan_approved', { coin: 'USDT', amount: '5' }, s.clock.now());
        throw new Error('decision failed');
      }),
    ).rejects.toThrow('decision failed');
    expect(await noticeCount()).toBe(before);
  });
});

describe('read state', () => {
  it('opening a notice marks it read (once) and lowers the unread count; the list shows it read', async () => {
    const first = (await list(alice)).data.list[0];
    const r = await open(alice, first.ID, 'de');
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ ID: first.ID, read: 1, title: msg('de', 'notice.loan_rejected.title') });
    expect(await unread(alice)).toBe(6);
    const reads = await readCount();
    expect((await open(alice, first.ID)).data.read).toBe(1);
    expect(await readCount()).toBe(reads);
    expect((await list(alice)).data.list[0].read).toBe(1);
  });

  it('another user’s notice, or an unknown id, is not found and marks nothing', async () => {
    const aliceNotice = (await list(alice)).data.list[1].ID;
    const reads = await readCount();
    for (const id of [aliceNotice, 999_999]) {
      const r = await open(bob, id, 'de');
      expect(r).toMatchObject({ code: 7, msg: msg('de', 'errors.notFound') });
    }
    expect(await readCount()).toBe(reads);
    expect((await list(bob)).data.total).toBe(0);
  });

  it('mark all read: every unread notice of the reader, none of another user’s', async () => {
    await s.app.db.transaction().execute((trx) => notify(trx, bob.id, 'kyc_rejected', { reason: 'Blurred photo.' }, s.clock.now()));
    const r = await call(s.app, 'POST', '/notice/readAll', { token: alice.token, body: {} });
    expect(r).toMatchObject({ code: 0, data: { count: 6 } });
    expect(await unread(alice)).toBe(0);
    expect(await unread(bob)).toBe(1);
    expect((await call(s.app, 'POST', '/notice/readAll', { token: alice.token, body: {} })).data.count).toBe(0);
    const kyc = (await list(bob, 'es')).data.list[0];
    expect(kyc.body).toBe(msg('es', 'notice.kyc_rejected.body', { reason: 'Blurred photo.' }));
  });
});

describe('operator broadcasts', () => {
  it('reach every user who exists when sent, in their language with the English fallback, each with their own read state', async () => {
    const file = `${s.dataDir}/broadcast.json`;
    const { writeFileSync } = await import('node:fs');
    writeFileSync(
      file,
      JSON.stringify({ en: { title: 'Maintenance tonight', body: 'Trading pauses from 02:00 to 04:00 UTC.' }, de: { title: 'Wartung heute Nacht', body: 'Der Handel ruht von 02:00 bis 04:00 UTC.' } }),
    );
    const sent = await runCli(['notice', 'broadcast', file], s.dataDir);
    expect(sent.code, sent.out).toBe(0);
    expect(sent.out).toMatch(/^Broadcast \d+ sent to \d+ users in en, de/);
    const de = (await list(bob, 'de')).data.list[0];
    expect(de).toMatchObject({ kind: 'broadcast', title: 'Wartung heute Nacht', body: 'Der Handel ruht von 02:00 bis 04:00 UTC.', read: 0 });
    expect((await list(alice, 'fr')).data.list[0]).toMatchObject({ kind: 'broadcast', title: 'Maintenance tonight', read: 0 });
    expect(await unread(alice)).toBe(1);
    expect(await unread(bob)).toBe(2);
    expect((await open(bob, de.ID)).data.read).toBe(1);
    expect(await unread(bob)).toBe(1);
    expect(await unread(alice)).toBe(1);
  });

  it('a user who registers after a broadcast does not get it', async () => {
    s.clock.advance(60_000);
    await broadcast(s.app.db, { en: { title: 'Old news', body: 'Sent before Carol joined.' } }, s.clock.now());
    s.clock.advance(60_000);
    const carol = await account();
    // (the CLI's broadcast above is stamped with the wall clock, after this test's clock: Carol gets that one)
    const titles = (await list(carol)).data.list.map((n: { title: string }) => n.title);
    expect(titles).not.toContain('Old news');
    expect(await unread(carol)).toBe(titles.length);
    expect((await list(alice)).data.list.map((n: { title: string }) => n.title)).toContain('Old news');
  });

  it('the CLI refuses a broadcast without English or with an empty body, and sends nothing', async () => {
    const before = await noticeCount();
    const { writeFileSync } = await import('node:fs');
    const file = `${s.dataDir}/bad.json`;
    writeFileSync(file, JSON.stringify({ de: { title: 'Nur Deutsch', body: 'x' } }));
    expect(await runCli(['notice', 'broadcast', file], s.dataDir)).toMatchObject({ code: 1, out: expect.stringContaining('English') });
    writeFileSync(file, JSON.stringify({ en: { title: 'T', body: ' ' }, xx: { title: 'a', body: 'b' } }));
    expect(await runCli(['notice', 'broadcast', file], s.dataDir)).toMatchObject({ code: 1, out: expect.stringContaining('Unknown language "xx"') });
    expect(await runCli(['notice', 'broadcast', 'Only a title'], s.dataDir)).toMatchObject({ code: 1, out: expect.stringContaining('Usage') });
    expect(await noticeCount()).toBe(before);
  });
});

describe('bad input with a valid session', () => {
  it('answers code 7 with a translated message naming the field, and writes nothing', async () => {
    const reads = await readCount();
    const cases: [string, Record<string, string | number>][] = [
      ['/notice/findNotice', {}],
      ['/notice/findNotice', { ID: 'abc' }],
      ['/notice/findNotice', { ID: -1 }],
      ['/notice/findNotice', { ID: 1.5 }],
      ['/notice/getNoticeList', { page: 0, pageSize: 10 }],
      ['/notice/getNoticeList', { page: 1, pageSize: 1000 }],
      ['/notice/getNoticeList', { page: 'x', pageSize: 10 }],
    ];
    for (const [path, query] of cases) {
      const r = await call(s.app, 'GET', path, { token: alice.token, query, lang: 'de' });
      expect(r.code, `${path} ${JSON.stringify(query)}`).toBe(7);
      expect(r.msg).not.toBe('');
      expect(r.msg).not.toMatch(/^[a-z]+\.[a-zA-Z.]+$/); // a message, not a key
    }
    expect(await readCount()).toBe(reads);
  });

  it('without a session every notice call is refused', async () => {
    for (const [method, path] of [
      ['GET', '/notice/getNoticeList'],
      ['GET', '/notice/findNotice'],
      ['GET', '/notice/unreadCount'],
      ['POST', '/notice/readAll'],
    ]) {
      const r = await call(s.app, method, path, { query: { ID: 1, page: 1, pageSize: 10 }, body: method === 'POST' ? {} : undefined });
      expect(r.code, path).not.toBe(0);
    }
  });
});

describe('articles per language', () => {
  it('a German reader gets the German text where there is one and the English text where not', async () => {
    const added = await runCli(['article', 'add', 'announcement', 'Fee holiday | No trading fees this weekend. | <p>All <b>spot</b> fees are waived.</p>'], s.dataDir);
    expect(added.code, added.out).toBe(0);
    const id = Number(/Article (\d+)/.exec(added.out)![1]);
    const english = await runCli(['article', 'add', 'announcement', 'English only | Not translated. | Plain text.'], s.dataDir);
    const englishId = Number(/Article (\d+)/.exec(english.out)![1]);
    expect(
      (await runCli(['article', 'translate', String(id), 'de', 'Gebührenfreies Wochenende | Keine Handelsgebühren an diesem Wochenende. | <p>Alle <b>Spot</b>-Gebühren entfallen.</p>'], s.dataDir))
        .code,
    ).toBe(0);

    const de = await call(s.app, 'GET', '/base/article/detail', { query: { ID: id }, lang: 'de' });
    expect(de.data).toMatchObject({ ID: id, title: 'Gebührenfreies Wochenende', summary: 'Keine Handelsgebühren an diesem Wochenende.', content: '<p>Alle <b>Spot</b>-Gebühren entfallen.</p>' });
    expect((await call(s.app, 'GET', '/base/article/detail', { query: { ID: id }, lang: 'de-DE' })).data.title).toBe('Gebührenfreies Wochenende');
    expect((await call(s.app, 'GET', '/base/article/detail', { query: { ID: id }, lang: 'fr' })).data.title).toBe('Fee holiday');
    const fallback = await call(s.app, 'GET', '/base/article/detail', { query: { ID: englishId }, lang: 'de' });
    expect(fallback.data).toMatchObject({ title: 'English only', summary: 'Not translated.', content: 'Plain text.' });
    const page = await call(s.app, 'GET', '/base/article', { query: { page: 1, pageSize: 50, cate: 1 }, lang: 'de' });
    const titles = page.data.list.map((a: { title: string }) => a.title);
    expect(titles).toContain('Gebührenfreies Wochenende');
    expect(titles).toContain('English only');

    // removing the translation falls back to English again
    expect((await runCli(['article', 'translate', String(id), 'de', '-'], s.dataDir)).code).toBe(0);
    expect((await call(s.app, 'GET', '/base/article/detail', { query: { ID: id }, lang: 'de' })).data.title).toBe('Fee holiday');
  });

  it('the terms of service and the privacy policy are articles of their own categories on the same call', async () => {
    expect((await call(s.app, 'GET', '/base/article', { query: { page: 1, pageSize: 1, cate: 2 } })).data).toEqual({ list: [], total: 0, page: 1, pageSize: 1 });
    const added = await runCli(['article', 'add', 'terms', 'Terms of service | The rules of CoinApp. | <h2>1. Accounts</h2><p>One account per person.</p>'], s.dataDir);
    expect(added.code, added.out).toBe(0);
    const terms = await call(s.app, 'GET', '/base/article', { query: { page: 1, pageSize: 1, cate: 2 }, lang: 'de' });
    expect(terms.data).toMatchObject({ total: 1, list: [{ title: 'Terms of service', cate: 2 }] });
    expect((await call(s.app, 'GET', '/base/article', { query: { page: 1, pageSize: 1, cate: 3 } })).data.total).toBe(0);
    // announcements stay apart
    const announcements = await call(s.app, 'GET', '/base/article', { query: { page: 1, pageSize: 100, cate: 1 } });
    expect(announcements.data.list.map((a: { title: string }) => a.title)).not.toContain('Terms of service');
    for (const cate of [0, 4, 'x']) expect((await call(s.app, 'GET', '/base/article', { query: { page: 1, pageSize: 1, cate }, lang: 'de' })).code, String(cate)).toBe(7);
  });

  it('the seeded announcements are translated into every language', async () => {
    const en = await call(s.app, 'GET', '/base/article', { query: { page: 1, pageSize: 13, cate: 1 }, lang: 'en' });
    for (const lang of ['de', 'es', 'fr', 'it', 'jp', 'kr', 'pt', 'ru', 'tr', 'vn', 'zh', 'tw']) {
      const local = await call(s.app, 'GET', '/base/article', { query: { page: 1, pageSize: 13, cate: 1 }, lang });
      const seeded = local.data.list.filter((a: { ID: number }) => en.data.list.some((e: { ID: number; title: string }) => e.ID === a.ID && e.title !== 'English only' && e.title !== 'Fee holiday'));
      for (const a of seeded) {
        const e = en.data.list.find((x: { ID: number }) => x.ID === a.ID);
        expect(a.title, `${lang} ${e.title}`).not.toBe(e.title);
        expect(a.content, `${lang} ${e.title}`).not.toBe(e.content);
      }
    }
  });

  it('refuses content that could run code, an unknown category or language, and writes nothing', async () => {
    const before = Number(
      (
        await s.app.db
          .selectFrom('articles')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    for (const content of ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '<a href="javascript:alert(1)">x</a>', '<iframe src="https://x.test"></iframe>']) {
      const r = await runCli(['article', 'add', 'announcement', `Bad | Bad. | ${content}`], s.dataDir);
      expect(r, content).toMatchObject({ code: 1, out: expect.stringContaining('could run code') });
    }
    expect(await runCli(['article', 'add', 'news', 'A | B | C'], s.dataDir)).toMatchObject({ code: 1, out: expect.stringContaining('Unknown category') });
    expect(await runCli(['article', 'translate', '1', 'xx', 'A | B | C'], s.dataDir)).toMatchObject({ code: 1, out: expect.stringContaining('Unknown language') });
    expect(await runCli(['article', 'add', 'terms', 'Only a title'], s.dataDir)).toMatchObject({ code: 1, out: expect.stringContaining('Usage') });
    const after = Number(
      (
        await s.app.db
          .selectFrom('articles')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(after).toBe(before);
  });
});

describe('GET /base/site', () => {
  it('passes on a configured MSB registration as configured, with no image when none is configured', () => {
    const service = { channels: [], hours: { timeZone: 'UTC', days: [1, 2, 3, 4, 5], from: '09:00', to: '18:00' } };
    const msb = { registrationName: 'CoinApp Services Ltd', registrationNumber: '31000123456789', jurisdiction: 'FinCEN (United States)' };
    expect(siteConfig('9.9.9', { name: 'CoinApp', msb, service })).toEqual({ version: '9.9.9', configVersion: 0, name: 'CoinApp', msb: { ...msb, documentImage: '' }, service });
    expect(siteConfig('9.9.9', { name: 'CoinApp', msb: { ...msb, documentImage: '/msb/certificate.png' }, service }).msb?.documentImage).toBe('/msb/certificate.png');
  });

  it('gives the version, the name and what the operator configured, nothing more', async () => {
    const r = await call(s.app, 'GET', '/base/site', {});
    expect(r.code).toBe(0);
    expect(r.data).toEqual({
      version: expect.stringMatching(/^\d+\.\d+\.\d+$/),
      configVersion: 0,
      name: 'CoinApp',
      msb: null,
      service: { channels: [{ type: 'email', value: 'support@coinapp.test' }], hours: { timeZone: 'UTC', days: [1, 2, 3, 4, 5, 6, 7], from: '00:00', to: '24:00' } },
    });
  });
});
