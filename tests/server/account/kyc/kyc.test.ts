// Identity verification (issue 8 part 1): POST /user_card/createUser_card, GET
// /user_card/findMyUser_card, PUT /user_card/updateUser_card (resubmission of the same record),
// the operator's `ops kyc list|approve|reject` and `ops reviews|approve kyc`, every refusal with a
// valid session writing nothing, and the verification gate (4025) on withdrawals, bank
// withdrawals and loan applications, before anything is written.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../../server/ops/cli.ts';
import { adminDeposit } from '../../../../server/funds/deposits/admin-deposit.ts';
import { ledgerMismatches } from '../../../../server/core/ledger.ts';
import { dataUrl, pngImage } from '../../../fixtures/images.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../../../server/composition/seed.ts';
import { call, login, type Loose, msg, registerByEmail, startServer, type TestServer } from '../../helpers.ts';

let s: TestServer;
let seq = 0;
let pictures = 0;

interface Account {
  token: string;
  id: number;
  email: string;
}

async function account(): Promise<Account> {
  const email = `kyc${++seq}@example.com`;
  const { token, user } = await registerByEmail(s.app, email);
  return { token, id: user.ID, email };
}

async function upload(a: Account): Promise<string> {
  const r = await call(s.app, 'POST', '/user/uploadBase64', { token: a.token, body: { base64Str: dataUrl(pngImage(20 + (pictures++ % 50), 20)) } });
  expect(r.code, r.msg).toBe(0);
  return r.data.url as string;
}

async function photos(a: Account) {
  return { card_front: await upload(a), card_end: await upload(a), card_hand: await upload(a) };
}

const create = (a: Account, body: unknown, lang?: string) => call(s.app, 'POST', '/user_card/createUser_card', { token: a.token, body, lang });
const update = (a: Account, body: unknown, lang?: string) => call(s.app, 'PUT', '/user_card/updateUser_card', { token: a.token, body, lang });
const findMine = (a: Account) => call(s.app, 'GET', '/user_card/findMyUser_card', { token: a.token });

async function cardRows(a: Account) {
  return s.app.db.selectFrom('user_cards').selectAll().where('user_id', '=', a.id).execute();
}
async function realNameStatus(a: Account): Promise<number> {
  const row = await s.app.db.selectFrom('users').select('real_name_status').where('id', '=', a.id).executeTakeFirstOrThrow();
  return Number(row.real_name_status);
}
const ops = (...args: string[]) => runCli(args, s.dataDir);

/** The messages of those keys that exist (a refusal may come from the request layer or the name rule). */
function messages(lang: string, keys: string | string[], params: Record<string, string | number> = {}): string[] {
  return [keys].flat().flatMap((k) => {
    try {
      return [msg(lang, k, params)];
    } catch {
      return [];
    }
  });
}

beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.app.close());
afterEach(async () => {
  expect(await ledgerMismatches(s.app.db)).toEqual([]);
});

describe('submitting and finding the record', () => {
  it('finds nothing before the first submission, without an error', async () => {
    const a = await account();
    const r = await findMine(a);
    expect(r).toMatchObject({ code: 0, data: { list: [], total: 0 } });
    expect((await call(s.app, 'GET', '/user/getUserInfo', { token: a.token })).data.userInfo.realNameStatus).toBe(0);
  });

  it('creates the record under review and keeps users.real_name_status in step', async () => {
    const a = await account();
    const p = await photos(a);
    const r = await create(a, { type: 1, name: '  Ana María  López ', ...p });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ uid: a.id, type: 1, name: 'Ana María  López', status: 1, reason: '', rejected: false, block: { reason: 'kycPending' }, ...p });
    const found = await findMine(a);
    expect(found.data).toMatchObject({ total: 1, list: [{ ID: r.data.ID, status: 1, card_front: p.card_front }] });
    expect(await realNameStatus(a)).toBe(1);
    expect((await call(s.app, 'GET', '/user/getUserInfo', { token: a.token })).data.userInfo.realNameStatus).toBe(1);
  });

  it('refuses a new submission while under review or verified, with a translated message, and writes nothing', async () => {
    const a = await account();
    const first = await create(a, { type: 3, name: 'Jan Novak', ...(await photos(a)) });
    const again = { type: 2, name: 'Someone Else', ...(await photos(a)) };
    const pending = await create(a, again, 'de');
    expect(pending).toMatchObject({ code: 7, msg: msg('de', 'realName.alreadyPending') });
    expect((await update(a, { ID: first.data.ID, ...again })).msg).toBe(msg('en', 'realName.alreadyPending'));
    expect(await cardRows(a)).toMatchObject([{ name: 'Jan Novak', type: 3, status: 1 }]);

    expect((await ops('kyc', 'approve', String(first.data.ID))).code).toBe(0);
    expect(await create(a, again)).toMatchObject({ code: 7, msg: msg('en', 'realName.alreadyVerified') });
    expect(await update(a, { ID: first.data.ID, ...again })).toMatchObject({ code: 7, msg: msg('en', 'realName.alreadyVerified') });
    expect(await cardRows(a)).toMatchObject([{ name: 'Jan Novak', status: 2 }]);
    expect(await realNameStatus(a)).toBe(2);
  });

  it('needs a session', async () => {
    expect((await call(s.app, 'GET', '/user_card/findMyUser_card')).code).toBe(4015);
    expect((await call(s.app, 'POST', '/user_card/createUser_card', { body: { type: 1, name: 'X' } })).code).toBe(4015);
  });

  it('makes one record for a double-submitted create (same Idempotency-Key)', async () => {
    const a = await account();
    const body = { type: 1, name: 'Twice Sent', ...(await photos(a)) };
    const send = () => s.app.inject({ method: 'POST', url: '/api/user_card/createUser_card', headers: { 'x-token': a.token, 'idempotency-key': 'kyc-key-1' }, payload: body });
    const [r1, r2] = await Promise.all([send(), send()]);
    expect(r1.json().code).toBe(0);
    expect(r2.json()).toEqual(r1.json());
    expect(await cardRows(a)).toHaveLength(1);
  });
});

describe('bad input with a valid session: a clear code and message, nothing written', () => {
  it('refuses each and leaves no record and status 0', async () => {
    const a = await account();
    const other = await account();
    const p = await photos(a);
    const foreign = await upload(other);
    const ok = { type: 1, name: 'Valid Name', ...p };
    const { card_hand: _omit, ...missingPhoto } = ok;
    // blank and control characters: refused by the request layer for every text field (checks.*) or, behind it, by the name rule
    const cases: [string, unknown, string, string | string[], Record<string, string | number>?][] = [
      ['missing type', { ...ok, type: undefined }, 'type', 'realName.typeRequired'],
      ['missing hand photo', missingPhoto, 'card_hand', 'realName.cardHandRequired'],
      ['type as text', { ...ok, type: '1' }, 'type', 'realName.typeRequired'],
      ['unknown type', { ...ok, type: 4 }, 'type', 'realName.typeRequired'],
      ['name as number', { ...ok, name: 12 }, 'name', 'realName.nameRequired'],
      ['blank name', { ...ok, name: '   ' }, 'name', ['realName.nameRequired', 'checks.blank']],
      ['name with NUL', { ...ok, name: 'Ana\u0000Lopez' }, 'name', ['realName.nameInvalid', 'checks.controlCharacters']],
      ['name with a bidi override', { ...ok, name: 'Ana \u202eLopez' }, 'name', ['realName.nameInvalid', 'checks.controlCharacters']],
      ['name with a line break', { ...ok, name: 'Ana\nLopez' }, 'name', ['realName.nameInvalid', 'checks.controlCharacters']],
      ['name too long', { ...ok, name: 'x'.repeat(65) }, 'name', 'realName.nameTooLong', { limit: 64 }],
      ['unknown upload', { ...ok, card_front: `/uploads/${'a'.repeat(32)}.png` }, 'card_front', 'realName.photoNotYours'],
      ["another user's upload", { ...ok, card_end: foreign }, 'card_end', 'realName.photoNotYours'],
      ['not an image upload name', { ...ok, card_front: `/uploads/${'b'.repeat(32)}.gif` }, 'card_front', 'realName.photoNotYours'],
      ['a URL elsewhere', { ...ok, card_hand: 'https://example.com/me.png' }, 'card_hand', 'realName.photoNotYours'],
      ['the same photo twice', { ...ok, card_end: p.card_front }, 'card_end', 'realName.photoRepeated'],
      ['an unknown field', { ...ok, status: 2 }, 'status', 'validation.unknownField'],
    ];
    for (const [what, body, field, key, params] of cases) {
      const r = await create(a, body, 'fr');
      expect(r.code, what).toBe(7);
      expect(r.data, what).toMatchObject({ field });
      if (key !== 'validation.unknownField') expect(messages('fr', key, params), what).toContain(r.msg);
    }
    expect(await cardRows(a)).toEqual([]);
    expect(await realNameStatus(a)).toBe(0);
    expect((await create(a, ok)).code).toBe(0);
  });
});

describe('operator decisions and resubmission', () => {
  it('lists pending records in `ops kyc list` and `ops reviews`, approves once and says so the second time', async () => {
    const a = await account();
    const r = await create(a, { type: 2, name: 'Listed Person', ...(await photos(a)) });
    const id = String(r.data.ID);
    expect((await ops('kyc', 'list')).out).toMatch(new RegExp(`${id}\\s+${a.email}\\s+driving licence: Listed Person\\s+under review`));
    expect((await ops('reviews')).out).toMatch(new RegExp(`kyc\\s+${id}\\s+${a.email}`));
    const approved = await ops('approve', 'kyc', id);
    expect(approved).toMatchObject({ code: 0, out: `Identity record ${id} approved: the user is verified.` });
    expect(await ops('kyc', 'approve', id)).toMatchObject({ code: 0, out: `Identity record ${id} is already verified; nothing changed.` });
    expect(await ops('kyc', 'reject', id, 'too', 'late')).toMatchObject({ out: `Identity record ${id} is already verified; nothing changed.` });
    expect(await cardRows(a)).toMatchObject([{ status: 2, reason: '' }]);
    expect((await ops('kyc', 'list')).out).not.toMatch(new RegExp(`^${id}\\s`, 'm'));
    expect((await ops('kyc', 'list', 'verified')).out).toMatch(new RegExp(`${id}\\s+${a.email}`));
    expect((await ops('kyc', 'approve', '999999')).out).toBe('No identity record 999999.');
    expect((await ops('kyc', 'reject', id)).code).toBe(1);
  });

  it('rejects with a reason the customer sees; resubmission updates the same record to status 1, ignoring status and uid', async () => {
    const a = await account();
    const b = await account();
    const r = await create(a, { type: 1, name: 'Blurry Photo', ...(await photos(a)) });
    const id = r.data.ID as number;
    expect(await ops('kyc', 'reject', String(id), 'The', 'photo', 'is', 'blurred')).toMatchObject({ code: 0, out: `Identity record ${id} rejected: The photo is blurred` });
    expect(await ops('kyc', 'reject', String(id), 'again')).toMatchObject({ out: `Identity record ${id} is already rejected (reason: The photo is blurred); nothing changed.` });
    expect((await findMine(a)).data.list[0]).toMatchObject({ ID: id, status: 3, reason: 'The photo is blurred', rejected: true, block: null });
    expect(await realNameStatus(a)).toBe(3);

    // another user's ID: refused like an unknown one, nothing written
    const bPhotos = await photos(b);
    const foreign = await update(b, { ID: id, type: 1, name: 'Hijack', ...bPhotos, status: 2, uid: b.id });
    expect(foreign).toMatchObject({ code: 7, msg: msg('en', 'errors.notFound') });
    expect(await cardRows(a)).toMatchObject([{ name: 'Blurry Photo', status: 3 }]);
    expect(await cardRows(b)).toEqual([]);

    // the owner resubmits: same record, new details, status 1 whatever status/uid say
    const fresh = await photos(a);
    const u = await update(a, { ID: id, type: 3, name: 'Sharp Photo', ...fresh, status: 2, uid: b.id });
    expect(u.code, u.msg).toBe(0);
    expect(u.data).toMatchObject({ ID: id, uid: a.id, type: 3, name: 'Sharp Photo', status: 1, reason: '', ...fresh });
    const rows = await cardRows(a);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id, status: 1, reason: '', name: 'Sharp Photo' });
    expect(await realNameStatus(a)).toBe(1);

    // rejected again: the form's POST resubmits the same record too
    await ops('kyc', 'reject', String(id), 'Name does not match');
    const again = await create(a, { type: 3, name: 'Sharp Photo Two', ...(await photos(a)) });
    expect(again.data).toMatchObject({ ID: id, status: 1 });
    expect(await cardRows(a)).toHaveLength(1);
  });

  it('refuses an unknown ID and bad input on update, writing nothing', async () => {
    const a = await account();
    const r = await create(a, { type: 1, name: 'To Reject', ...(await photos(a)) });
    await ops('kyc', 'reject', String(r.data.ID), 'Unreadable');
    const p = await photos(a);
    expect(await update(a, { ID: 987654, type: 1, name: 'X', ...p })).toMatchObject({ code: 7, msg: msg('en', 'errors.notFound') });
    expect((await update(a, { type: 1, name: 'X', ...p })).data).toMatchObject({ field: 'ID' });
    expect((await update(a, { ID: 'one', type: 1, name: 'X', ...p })).data).toMatchObject({ field: 'ID' });
    const blank = await update(a, { ID: r.data.ID, type: 1, name: '  ', ...p });
    expect(blank).toMatchObject({ code: 7, data: { field: 'name' } });
    expect(messages('en', ['realName.nameRequired', 'checks.blank'])).toContain(blank.msg);
    expect(await cardRows(a)).toMatchObject([{ name: 'To Reject', status: 3, reason: 'Unreadable' }]);
  });
});

describe('the verification gate (4025)', () => {
  it('the seeded demo user is verified, so the demo can withdraw and borrow', async () => {
    const token = (await login(s.app, DEMO_EMAIL, DEMO_PASSWORD)).data.token as string;
    expect((await call(s.app, 'GET', '/user/getUserInfo', { token })).data.userInfo.realNameStatus).toBe(2);
    expect((await call(s.app, 'GET', '/user_card/findMyUser_card', { token })).data.list).toMatchObject([{ status: 2, block: { reason: 'kycVerified' } }]);
    expect((await call(s.app, 'POST', '/loan_order/createLoan_order', { token, body: { loan_id: 1, amount: '1000' } })).code).toBe(0);
  });

  const PAY = '418263';
  const TRON = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

  async function funded(): Promise<Account> {
    const a = await account();
    expect((await call(s.app, 'POST', '/user/changePayPassword', { token: a.token, body: { loginPassword: 'Secret-pass-123', password: PAY } })).code).toBe(0);
    await adminDeposit(s.app.db, a.id, 'USDT', '10000', s.clock.now());
    return a;
  }

  async function counts(a: Account) {
    const n = async (table: 'withdrawals' | 'bank_withdrawals' | 'loan_orders' | 'ledger') =>
      Number(
        (
          await s.app.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', a.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { withdrawals: await n('withdrawals'), bank: await n('bank_withdrawals'), loans: await n('loan_orders'), ledger: await n('ledger') };
  }

  async function attempts(a: Account) {
    const coins = (await call(s.app, 'GET', '/coin/getCoinList', {})).data.list as Loose[];
    const usdt = coins.find((c) => c.coin === 'USDT').ID;
    const card = { bankname: 'Deutsche Bank', accountname: 'Alice Example', bankcard: '1234567890123456', ibna: 'DE89370400440532013000', payeeaddress: 'Taunusanlage 12, Frankfurt', country: 'DE' };
    return {
      withdraw: await call(s.app, 'POST', '/withdraw/createWithdraw', { token: a.token, body: { coinname: 'USDT', coin_id: usdt, czline: 'TRC20', address: TRON, num: '100', pay_password: PAY } }),
      bank: await call(s.app, 'POST', '/withdraw_bank/createWithdraw_bank', { token: a.token, body: { ...card, coinname: 'USDT', coin_id: usdt, num: '1000', pay_password: PAY } }),
      loan: await call(s.app, 'POST', '/loan_order/createLoan_order', { token: a.token, body: { loan_id: 1, amount: '1000' } }),
    };
  }

  it('answers 4025 to an unverified user before anything is written, under review included', async () => {
    const a = await funded();
    const before = await counts(a);
    for (const r of Object.values(await attempts(a))) expect(r).toMatchObject({ code: 4025, msg: msg('en', 'errors.4025') });
    await create(a, { type: 1, name: 'Waiting Person', ...(await photos(a)) });
    const german = await call(s.app, 'POST', '/loan_order/createLoan_order', { token: a.token, body: { loan_id: 1, amount: '1000' }, lang: 'de' });
    expect(german).toMatchObject({ code: 4025, msg: msg('de', 'errors.4025') });
    for (const r of Object.values(await attempts(a))) expect(r.code).toBe(4025);
    expect(await counts(a)).toEqual(before);
  });

  it('validates the request first: bad input still gets its field message', async () => {
    const a = await funded();
    const r = await call(s.app, 'POST', '/withdraw/createWithdraw', { token: a.token, body: { coinname: 'USDT' } });
    expect(r.code).toBe(7);
  });

  it('lets the user through once an operator approves', async () => {
    const a = await funded();
    const r = await create(a, { type: 3, name: 'Approved Person', ...(await photos(a)) });
    expect((await ops('kyc', 'approve', String(r.data.ID))).code).toBe(0);
    const after = await attempts(a);
    expect(after.withdraw.code, after.withdraw.msg).toBe(0);
    expect(after.loan.code, after.loan.msg).toBe(0);
    // no bank card of this user: the handler runs and refuses for its own reason, not 4025
    expect(after.bank.code).not.toBe(4025);
  });

  it('still refuses after a rejection', async () => {
    const a = await funded();
    const r = await create(a, { type: 3, name: 'Rejected Person', ...(await photos(a)) });
    await ops('kyc', 'reject', String(r.data.ID), 'Expired document');
    expect((await attempts(a)).withdraw.code).toBe(4025);
  });
});
