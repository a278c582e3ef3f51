// `npm run ops -- loan …` (the loan products) and the loan review through the CLI: reviews,
// approve, reject, act loan repay, each refusal saying why and changing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP, runCli } from '../../../../server/ops/cli.ts';
import { ledgerMismatches } from '../../../../server/composition/money.ts';
import { call, type Loose, registerByEmail, startServer, type TestServer, verifyIdentity } from '../../helpers.ts';

let s: TestServer;
let token: string;
let userId: number;
const ops = (...args: string[]) => runCli(args, s.dataDir);

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  const r = await registerByEmail(s.app, 'ops-loan@example.com');
  token = r.token;
  userId = r.user.ID;
  await verifyIdentity(s.app.db, userId);
});
afterAll(() => s.app.close());

const listed = async () => (await call(s.app, 'GET', '/loan/getLoanList', { token })).data.list.map((p: Loose) => p.name);

describe('ops loan', () => {
  it('lists the products with their terms; help names every command', async () => {
    const r = await ops('loan', 'list');
    expect(r.code).toBe(0);
    expect(r.out.split('\n')[0]).toMatch(/^id\s+name\s+coin\s+min\s+max\s+freeDays\s+dailyRate\s+termDays\s+state$/);
    expect(r.out).toMatch(/1\s+Quick USDT loan\s+USDT\s+100\.000000\s+5000\.000000\s+7\s+0\.0005 \(0\.05 %\)\s+30\s+open/);
    expect(r.out).toMatch(/3\s+BTC loan\s+BTC\s+0\.01000000\s+2\.00000000/);
    for (const c of ['loan list', 'loan create', 'loan update', 'loan open|close', 'act loan repay <id> <amount>', 'approve loan <id> [amount]'])
      expect(HELP).toContain(c);
  });

  it('create: a new open product customers see at once', async () => {
    const r = await ops('loan', 'create', 'name=Weekend loan', 'coin=usdt', 'min=50', 'max=500.5', 'freeDays=0', 'dailyRate=0.00100', 'termDays=14');
    expect(r).toEqual({
      code: 0,
      out: 'Created loan product 4 "Weekend loan": 50.000000–500.500000 USDT, 0 days free, 0.1 % a day, due 14 days after approval, open.',
    });
    expect(await listed()).toContain('Weekend loan');
    const p = (await call(s.app, 'GET', '/loan/findLoan', { token, query: { ID: 4 } })).data;
    expect(p).toMatchObject({ coin: 'USDT', min: '50.000000', max: '500.500000', dailyRate: '0.001', freeDays: 0, termDays: 14 });
  });

  it('refuses what is not exact or not sensible, and changes nothing', async () => {
    const before = (await ops('loan', 'list')).out;
    const base = ['name=Bad loan', 'coin=USDT', 'min=50', 'max=500', 'freeDays=1', 'dailyRate=0.001', 'termDays=14'];
    const withKey = (kv: string) => base.map((b) => (b.split('=')[0] === kv.split('=')[0] ? kv : b));
    const cases: [string[], RegExp][] = [
      [base.slice(1), /A new product needs: name/],
      [[...base, 'color=red'], /Unknown key "color"/],
      [withKey('coin=DOGE'), /There is no coin DOGE/],
      [withKey('min=600'), /min \(600\) must not be above max \(500\)/],
      [withKey('min=0.1234567'), /min: USDT amounts have at most 6 decimals/],
      [withKey('max=abc'), /max must be a decimal number/],
      [withKey('min=0'), /min must be greater than zero/],
      [withKey('dailyRate=0.5'), /dailyRate must be at most 0\.05 \(5 % a day\)/],
      [withKey('dailyRate=0.000000001'), /dailyRate has at most 8 decimals/],
      [withKey('dailyRate=-0.1'), /as a ratio with up to 8 in the API and the CLI/],
      [withKey('freeDays=20'), /freeDays \(20\) must not be more than termDays \(14\)/],
      [withKey('termDays=0'), /termDays must be a whole number of days: .*termDays from 1, both at most 3650/],
      [withKey('freeDays=1.5'), /freeDays must be a whole number/],
      [withKey('name=X'), /name must be 2 to 64 characters/],
      [[...base, 'min=60'], /min is given twice/],
    ];
    for (const [args, out] of cases) {
      const r = await ops('loan', 'create', ...args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.out, args.join(' ')).toMatch(out);
    }
    expect((await ops('loan', 'update', '99', 'max=5')).out).toMatch(/There is no loan product with this id/);
    expect((await ops('loan', 'update', '4')).out).toMatch(/Name what to change/);
    expect((await ops('loan', 'update', '4', 'min=1000')).out).toMatch(/min \(1,000\) must not be above max \(500\.500000\)/);
    expect((await ops('loan', 'frobnicate')).out).toMatch(/Unknown loan command "frobnicate"/);
    expect((await ops('loan', 'list')).out).toBe(before);
  });

  it('update changes new applications only; open and close say when nothing changes', async () => {
    expect((await ops('loan', 'update', '4', 'max=800', 'name=Weekend loan XL')).out).toMatch(
      /^Changed loan product 4 "Weekend loan XL": 50\.000000–800\.000000 USDT/,
    );
    expect(await ops('loan', 'close', '4')).toEqual({ code: 0, out: 'Loan product 4 is closed: no new applications; existing loans are not affected.' });
    expect(await listed()).not.toContain('Weekend loan XL');
    expect((await ops('loan', 'close', '4')).out).toBe('Loan product 4 is already closed; nothing changed.');
    expect((await ops('loan', 'open', '4')).out).toBe('Loan product 4 is open: customers can apply for it.');
    expect(await listed()).toContain('Weekend loan XL');
    expect((await ops('loan', 'open')).out).toMatch(/Usage: loan open <id>/);
  });
});

describe('product names per language', () => {
  const names = async (lang: string) => (await call(s.app, 'GET', '/loan/getLoanList', { token, lang })).data.list.map((p: Loose) => p.name);

  it('shows each product in the caller’s language, else in English', async () => {
    expect((await names('de')).slice(0, 3)).toEqual(['USDT-Schnellkredit', 'USDT-Geschäftskredit', 'BTC-Kredit']);
    expect((await names('jp'))[0]).toBe('USDT クイックローン');
    expect((await names('en'))[0]).toBe('Quick USDT loan');
    expect((await names('xx'))[0]).toBe('Quick USDT loan');
  });

  it('ops loan name sets and removes one language’s name, and refuses an unknown language', async () => {
    expect((await ops('loan', 'name', '3', 'de', 'Bitcoin-Darlehen')).out).toBe('Loan product 3 is "Bitcoin-Darlehen" in de.');
    expect((await names('de'))[2]).toBe('Bitcoin-Darlehen');
    expect((await ops('loan', 'name', '3', 'de', '-')).code).toBe(0);
    expect((await names('de'))[2]).toBe('BTC loan');
    const bad = await ops('loan', 'name', '3', 'xx', 'Name');
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/Name the language: de, es/);
  });
});

describe('loan review through the CLI', () => {
  it('reviews → approve → approve again → repay → repay again; reject', async () => {
    const a = (await call(s.app, 'POST', '/loan_order/createLoan_order', { token, body: { loan_id: 4, amount: '100' } })).data.ID;
    const b = (await call(s.app, 'POST', '/loan_order/createLoan_order', { token, body: { loan_id: 1, amount: '150' } })).data.ID;
    const reviews = (await ops('reviews')).out;
    expect(reviews).toMatch(
      new RegExp(`loan\\s+${a}\\s+ops-loan@example\\.com\\s+100\\.000000 USDT · Weekend loan XL: 0 days free, 0\\.1 % a day, due 14 days after approval`),
    );
    expect(reviews).toMatch(new RegExp(`loan\\s+${b}\\s+`));

    const approved = await ops('approve', 'loan', String(a));
    expect(approved.code).toBe(0);
    expect(approved.out).toMatch(
      /^Approved loan \d+: paid out 100\.000000 USDT to ops-loan@example\.com \(loan_disbursement\)\.\nInterest 0\.1 % a day from .* UTC; repayment due .* UTC\.$/,
    );
    expect(await ops('approve', 'loan', String(a))).toEqual({ code: 0, out: `Loan ${a} is already approved; nothing changed.` });
    expect((await ops('balance', String(userId))).out).toMatch(/USDT\s+100\.000000/);

    // right after approval no interest is owed: 100 clears it
    expect((await ops('act', 'loan', 'repay', String(a), '100.000001')).out).toMatch(/At most 100\.000000 USDT is owed on loan \d+ now/);
    expect((await ops('act', 'loan', 'repay', String(a), '100')).out).toMatch(/Loan \d+ is repaid in full/);
    expect(await ops('act', 'loan', 'repay', String(a), '1')).toEqual({
      code: 1,
      out: `Loan ${a} is not being repaid: it does not exist, is not paid out yet, was rejected or is already repaid. Nothing changed.`,
    });
    expect((await ops('act', 'loan', 'repay', String(b), '1')).out).toMatch(new RegExp(`^Loan ${b} is not being repaid`));
    expect((await ops('act', 'loan', 'payoff', String(b))).out).toMatch(/loan has no action "payoff". Actions: repay/);

    expect(await ops('reject', 'loan', String(b))).toEqual({ code: 1, out: 'Usage: reject <kind> <id> <reason>: the customer sees the reason.' });
    expect((await ops('reject', 'loan', String(b), 'Please', 'add', 'proof', 'of', 'income')).out).toMatch(
      /^Rejected loan \d+ of ops-loan@example\.com: "Please add proof of income"/,
    );
    expect((await ops('approve', 'loan', String(b))).out).toBe(`Loan ${b} is already rejected; nothing changed.`);
    const rows = (await call(s.app, 'GET', '/loan_order/getLoan_orderList', { token })).data.list;
    expect(rows.find((r: Loose) => r.ID === b)).toMatchObject({ status: 3, reason: 'Please add proof of income' });
    expect(rows.find((r: Loose) => r.ID === a)).toMatchObject({ status: 4, repaid: '100.000000', interest: '0.000000' });
    expect((await ops('reviews')).out).not.toMatch(new RegExp(`loan\\s+(${a}|${b})\\s`));
    expect(await ledgerMismatches(s.app.db)).toEqual([]);
  });

  it('refuses an unknown loan or a bad id', async () => {
    expect((await ops('approve', 'loan', '424242')).out).toBe('No loan 424242. See: reviews.');
    expect((await ops('approve', 'loan', 'x')).out).toMatch(/The id must be a positive whole number/);
  });
});
