// Run-time configuration under four eyes (issue 42): an operator with the config role lowers the
// USD wire minimum with a reason; until a second operator approves, nothing changes for customers;
// the author cannot approve; the approval publishes version 1 and the same server, without a
// restart, takes a 4,000 USD wire and serves the new minimum (and /base/site the version); a
// rollback by one operator brings 5,000 back. A draft that breaks a rule of the file's schema (or a
// minimum above its maximum), names no value, a group of values or a file read at start is refused
// with the rule in the operator's language and writes nothing. Another instance's publish is
// applied within the poll.
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMAS_DIR } from '../../../contract/loader.ts';
import { liveConfig } from '../../../server/core/live-config.ts';
import { runCli } from '../../../server/ops/cli.ts';
import { CONFIG_POLL_MS, liveConfigVersion, refreshLiveConfig } from '../../../server/core/live-config.ts';
import { call, msg, registerByEmail, startServer, type TestServer } from '../helpers.ts';
import { operator, type SignedInOperator } from './operators.ts';

let s: TestServer;
let ana: SignedInOperator;
let ben: SignedInOperator;
let fin: SignedInOperator;
let customer = '';
const WIRE = '/wire_transfer/createWire_transfer';
const USD_MIN = { file: 'schemas/config/wire-limits.json', pointer: '/USD/minimum' };
const propose = (body: unknown, who = ana, lang?: string) => call(s.app, 'POST', '/admin/config/drafts', { adminToken: who.token, body, lang });
const decide = (id: number, decision: string, who = ben) =>
  call(s.app, 'POST', '/admin/config/drafts/decide', { adminToken: who.token, body: { id, decision } });
const wire = (amount: string) => call(s.app, 'POST', WIRE, { token: customer, body: { email: 'pat@example.com', currency: 'USD', amount } });
const count = async (table: 'config_changes' | 'config_versions') =>
  Number(
    (
      await s.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const usdMinimum = async () => {
  const r = await call(s.app, 'GET', '/wire_transfer/currencies', { token: customer });
  return (r.data.list as { currency: string; minimum: string }[]).find((c) => c.currency === 'USD')!.minimum;
};

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  ana = await operator(s, 'ana', ['config']);
  ben = await operator(s, 'ben', ['config']);
  fin = await operator(s, 'fin', ['finance']);
  customer = (await registerByEmail(s.app, 'pat@example.com')).token;
});
afterAll(() => s.app.close());

describe('GET /admin/config', () => {
  it('lists every changeable value with its kind, range and shipped value, to the config role only', async () => {
    const r = await call(s.app, 'GET', '/admin/config', { adminToken: ana.token, query: { file: 'schemas/config/wire-limits.json' } });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.list).toHaveLength(14);
    expect(r.data.list[0]).toEqual({ ...USD_MIN, value: '5000', type: 'string', range: 'a decimal number', changed: false, shipped: '5000', version: 0 });
    const all = await call(s.app, 'GET', '/admin/config', { adminToken: ana.token });
    expect(all.data.list.find((v: { pointer: string }) => v.pointer === '/take/minutes')).toMatchObject({ type: 'integer', range: '≥ 1 · ≤ 1440' });
    const german = await call(s.app, 'GET', '/admin/config', { adminToken: ana.token, query: { file: 'schemas/config/referral.json' }, lang: 'de' });
    expect(german.data.list[0]).toMatchObject({
      pointer: '/ieoRewardRates',
      type: 'list',
      range: `${msg('de', 'admin.configRange.ratio')} · ${msg('de', 'admin.configRange.items', { min: 3, max: 3 })}`,
    });
    expect((await call(s.app, 'GET', '/admin/config', { adminToken: fin.token })).code).not.toBe(0);
  });
});

describe('a change under four eyes', () => {
  let id = 0;

  it('waits for a second operator: customers still get the old minimum, the author cannot approve', async () => {
    const r = await propose({ ...USD_MIN, value: '3000', reason: 'Match the EU competitors' });
    expect(r.code, r.msg).toBe(0);
    id = r.data.id as number;
    expect((await wire('4000')).msg).toBe(msg(undefined, 'wire.belowMinimum', { limit: '5000.00' }));
    const self = await decide(id, 'approve', ana);
    expect(self.msg).toBe(msg(undefined, 'admin.configSelfApproval'));
    expect(await count('config_versions')).toBe(0);
    const listed = await call(s.app, 'GET', '/admin/config/drafts', { adminToken: ben.token, query: { status: 'waiting' } });
    expect(listed.data.list[0]).toMatchObject({ id, changes: '/USD/minimum: 5000 → 3000', author: 'ana', status: 'waiting', decidable: true, open: true });
    const own = await call(s.app, 'GET', '/admin/config/drafts', { adminToken: ana.token });
    expect(own.data.list[0]).toMatchObject({ id, decidable: false, open: true });
  });

  it('publishes on approval: the running server takes a 4,000 USD wire and says version 1', async () => {
    const r = await decide(id, 'approve');
    expect(r.data, r.msg).toEqual({ id, status: 'published', version: 1 });
    expect(await usdMinimum()).toBe('3000');
    expect((await wire('4000')).code).toBe(0);
    expect((await wire('2999')).msg).toBe(msg(undefined, 'wire.belowMinimum', { limit: '3000.00' }));
    expect((await call(s.app, 'GET', '/base/site')).data.configVersion).toBe(1);
    expect((await decide(id, 'approve')).msg).toBe(msg(undefined, 'admin.configNotWaiting'));
    const audit = await s.app.db.selectFrom('audit_log').selectAll().where('action', '=', 'config.publish').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0].after_json!)).toMatchObject({ version: 1, diff: [{ pointer: '/USD/minimum', before: '5000', after: '3000' }] });
    const versions = await call(s.app, 'GET', '/admin/config/versions', { adminToken: ana.token });
    expect(versions.data.list[0]).toMatchObject({ version: 1, kind: 'publish', author: 'ana', approver: 'ben', reason: 'Match the EU competitors' });
  });

  it('refuses to approve a change whose value moved since it was proposed', async () => {
    const first = (await propose({ ...USD_MIN, value: '2500', reason: 'Lower again' })).data.id as number;
    const second = (await propose({ ...USD_MIN, value: '3500', reason: 'Or a bit higher' })).data.id as number;
    expect((await decide(first, 'approve')).code).toBe(0);
    expect((await decide(second, 'approve')).msg).toBe(msg(undefined, 'admin.configStale', { pointer: '/USD/minimum' }));
    expect((await decide(second, 'reject')).data.status).toBe('rejected');
    expect(await usdMinimum()).toBe('2500');
  });

  it('rolls the last publish back at once, by one operator, and not twice in a row', async () => {
    const r = await call(s.app, 'POST', '/admin/config/rollback', { adminToken: ana.token, body: { reason: 'Too low, back to 3000' } });
    expect(r.data, r.msg).toEqual({ version: 3 });
    expect(await usdMinimum()).toBe('3000');
    const again = await call(s.app, 'POST', '/admin/config/rollback', { adminToken: ben.token, body: { reason: 'Further back' } });
    expect(again.msg).toBe(msg(undefined, 'admin.configNothingToRollBack'));
    const versions = await call(s.app, 'GET', '/admin/config/versions', { adminToken: ana.token });
    expect(versions.data.list[0]).toMatchObject({ version: 3, kind: 'rollback', changes: '/USD/minimum: 2500 → 3000', approver: null });
  });
});

describe('a draft that breaks a rule', () => {
  it('is refused with the value and the rule, in the operator language, and writes nothing', async () => {
    const wireFile = 'schemas/config/wire-limits.json';
    const cases: [Record<string, unknown>, string, string, Record<string, string | number>][] = [
      [{ file: wireFile, pointer: '/USD/minimum', value: '2000000' }, 'value', 'admin.configRule.minAboveMax', { pointer: '/USD/minimum', maximum: '1000000' }],
      [{ file: wireFile, pointer: '/USD/minimum', value: 'lots' }, 'value', 'admin.configRule.decimal', { pointer: '/USD/minimum' }],
      [{ file: wireFile, pointer: '/USD/minimum', value: '3000' }, 'value', 'admin.configUnchanged', {}],
      [{ file: wireFile, pointer: '/GBP/minimum', value: '1' }, 'pointer', 'admin.configNoValue', { pointer: '/GBP/minimum', file: wireFile }],
      [{ file: wireFile, pointer: '/USD', value: '1' }, 'pointer', 'admin.configStructural', { pointer: '/USD' }],
      [
        { file: 'schemas/config/reviews.json', pointer: '/take/minutes', value: '0' },
        'value',
        'admin.configRule.minimum',
        { pointer: '/take/minutes', limit: 1 },
      ],
      [
        { file: 'schemas/config/reviews.json', pointer: '/take/minutes', value: 'half an hour' },
        'value',
        'admin.configKind',
        { pointer: '/take/minutes', value: '30' },
      ],
      [
        { file: 'schemas/config/reviews.json', pointer: '/roles/kyc', value: 'compliance, sales' },
        'value',
        'admin.configRule.enum',
        { pointer: '/roles/kyc/1', values: 'admin, finance, compliance, support, content, product' },
      ],
      [{ file: 'schemas/config/reviews.json', pointer: '/description', value: 'x' }, 'pointer', 'admin.configStructural', { pointer: '/description' }],
      [
        { file: 'schemas/config/funds.json', pointer: '/bankWithdrawFeeRate', value: '1.5' },
        'value',
        'admin.configRule.ratio',
        { pointer: '/bankWithdrawFeeRate' },
      ],
      [
        { file: 'schemas/config/coins.json', pointer: '/coins/0/coin', value: 'X' },
        'file',
        'admin.configNotRuntime',
        { file: 'schemas/config/coins.json', files: '' },
      ],
      [
        { file: 'schemas/screens/withdraw.json', pointer: '/title', value: 'x' },
        'file',
        'admin.configNotRuntime',
        { file: 'schemas/screens/withdraw.json', files: '' },
      ],
      [
        { file: 'locales/de-DE.json', pointer: '/wire/belowMinimum', value: 'Zu wenig' },
        'value',
        'admin.configPlaceholders',
        { pointer: '/wire/belowMinimum', placeholders: '{{limit}}' },
      ],
      [
        { file: 'locales/de-DE.json', pointer: '/wire/belowMinimum', value: 'Mindestens {{limit}} {{currency}}' },
        'value',
        'admin.configPlaceholders',
        { pointer: '/wire/belowMinimum', placeholders: '{{limit}}' },
      ],
      [
        { file: 'locales/de-DE.json', pointer: '/wire/noSuchText', value: 'x' },
        'pointer',
        'admin.configNoValue',
        { pointer: '/wire/noSuchText', file: 'locales/de-DE.json' },
      ],
      [{ file: 'locales/xx-XX.json', pointer: '/wire/belowMinimum', value: 'x' }, 'file', 'admin.configUnknownFile', { files: '' }],
      [{ file: '../etc/passwd', pointer: '/a', value: 'x' }, 'file', 'admin.configUnknownFile', { files: '' }],
      [{ file: wireFile }, 'value', 'admin.configChangesMissing', {}],
      [{ file: wireFile, pointer: 'USD/minimum', value: '1' }, 'pointer', 'admin.configPointerFormat', {}],
      [{ file: wireFile, pointer: '/USD/minimum', value: '1'.repeat(2001) }, 'value', 'admin.configValueTooLong', {}],
      [{ file: wireFile, changes: Array.from({ length: 51 }, () => ({ pointer: '/USD/minimum', value: '1' })) }, 'changes', 'admin.configChangesFormat', {}],
      [{ file: wireFile, changes: [{ pointer: '/USD/minimum', value: { deep: { deeper: [1] } } }] }, 'changes.0.value', 'admin.configChangesFormat', {}],
    ];
    const files =
      'schemas/config/wire-limits.json, schemas/config/funds.json, schemas/config/reviews.json, schemas/config/referral.json, schemas/config/site.json, locales/<language>.json';
    const before = [await count('config_changes'), await count('config_versions')];
    for (const [body, field, key, params] of cases) {
      const r = await propose({ reason: 'Testing the rules', ...body }, ana, 'de');
      const shown = 'files' in params ? { ...params, files } : params;
      expect(r, JSON.stringify(body).slice(0, 120)).toMatchObject({ msg: msg('de', key, shown), data: { field } });
    }
    expect((await propose({ ...USD_MIN, value: '4000', reason: 'no' }, ana, 'de')).msg).toBe(msg('de', 'admin.configReasonLength'));
    expect([await count('config_changes'), await count('config_versions')]).toEqual(before);
  });

  it('may change several values of one file at once, as an API client sends them', async () => {
    const r = await propose({
      file: 'schemas/config/funds.json',
      changes: [
        { pointer: '/bankWithdrawMin', value: '100' },
        { pointer: '/exchangeCoins', value: '["USDT", "BTC"]' },
      ],
      reason: 'Raise the bank minimum, fewer exchange coins',
    });
    expect(r.code, r.msg).toBe(0);
    const listed = await call(s.app, 'GET', '/admin/config/drafts', { adminToken: ben.token });
    expect(listed.data.list[0].changes).toBe('/bankWithdrawMin: 50 → 100; /exchangeCoins: ["USDT", "BTC", "ETH", "TRX", "BNB"] → ["USDT", "BTC"]');
    expect((await decide(r.data.id as number, 'reject')).code).toBe(0);
  });
});

describe('a text changed at run time', () => {
  it("is the server's message in that language once approved, and the other languages keep theirs", async () => {
    const text = 'Überweisungen ab {{limit}} USD: bitte mehr eingeben.';
    const r = await propose({ file: 'locales/de-DE.json', pointer: '/wire/belowMinimum', value: text, reason: 'Clearer German' });
    expect(r.code, r.msg).toBe(0);
    const before = await call(s.app, 'POST', WIRE, { token: customer, body: { email: 'pat@example.com', currency: 'USD', amount: '10' }, lang: 'de' });
    expect(before.msg).toBe(msg('de', 'wire.belowMinimum', { limit: '3000.00' }));
    expect((await decide(r.data.id as number, 'approve')).data.status).toBe('published');
    const after = await call(s.app, 'POST', WIRE, { token: customer, body: { email: 'pat@example.com', currency: 'USD', amount: '10' }, lang: 'de' });
    expect(after.msg).toBe('Überweisungen ab 3.000,00 USD: bitte mehr eingeben.');
    const english = await call(s.app, 'POST', WIRE, { token: customer, body: { email: 'pat@example.com', currency: 'USD', amount: '10' }, lang: 'en' });
    expect(english.msg).toBe(msg('en', 'wire.belowMinimum', { limit: '3000.00' }));
    const texts = await call(s.app, 'GET', '/base/texts', { query: { lang: 'de-DE' } });
    expect(texts.data).toEqual({ version: 4, texts: { 'de-DE': { 'wire.belowMinimum': text } } });
    for (const lang of ['<script>', 'de'.repeat(300), '']) {
      const bad = await call(s.app, 'GET', '/base/texts', { query: { lang } });
      expect(bad, lang).toMatchObject({ status: 200, code: 7, msg: msg(undefined, 'validation.invalid') });
    }
    // the rollback of a text is the same brake
    expect((await call(s.app, 'POST', '/admin/config/rollback', { adminToken: ben.token, body: { reason: 'Back to the translators' } })).data.version).toBe(5);
    const back = await call(s.app, 'POST', WIRE, { token: customer, body: { email: 'pat@example.com', currency: 'USD', amount: '10' }, lang: 'de' });
    expect(back.msg).toBe(msg('de', 'wire.belowMinimum', { limit: '3000.00' }));
  });
});

describe('npm run ops -- config export', () => {
  it('prints the published changes as a JSON Patch per file and writes files equal to what is live', async () => {
    const printed = await runCli(['config', 'export'], s.dataDir);
    expect(printed.code, printed.out).toBe(0);
    expect(JSON.parse(printed.out)).toEqual({
      version: 5,
      files: [{ file: 'schemas/config/wire-limits.json', patch: [{ op: 'replace', path: '/USD/minimum', value: '3000' }] }],
    });
    const copy = mkdtempSync(join(tmpdir(), 'schemas-'));
    cpSync(join(SCHEMAS_DIR, 'config'), join(copy, 'config'), { recursive: true });
    const written = await runCli(['config', 'export', '--write', copy], s.dataDir);
    expect(written.out).toContain('wire-limits.json');
    expect(JSON.parse(readFileSync(join(copy, 'config', 'wire-limits.json'), 'utf8'))).toEqual(liveConfig('wire-limits'));
    expect(readFileSync(join(copy, 'config', 'funds.json'), 'utf8')).toBe(readFileSync(join(SCHEMAS_DIR, 'config', 'funds.json'), 'utf8'));
    expect((await runCli(['config', 'import'], s.dataDir)).code).toBe(1);
  });
});

describe('two decisions at once', () => {
  it('publish one version: the second finds the change decided', async () => {
    const id = (await propose({ file: 'schemas/config/reviews.json', pointer: '/take/minutes', value: '45', reason: 'Longer holds' })).data.id as number;
    const before = await count('config_versions');
    const answers = await Promise.all([decide(id, 'approve'), decide(id, 'approve'), decide(id, 'reject')]);
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.msg === msg(undefined, 'admin.configNotWaiting'))).toHaveLength(2);
    expect(await count('config_versions')).toBeLessThanOrEqual(before + 1);
  });
});

describe('another instance', () => {
  it('applies a version another instance published within the poll', async () => {
    const live = liveConfigVersion();
    const files = { 'wire-limits': { ...(await import('../../../schemas/config/wire-limits.json')).default, USD: { minimum: '1000', maximum: '1000000' } } };
    await s.app.db
      .insertInto('config_versions')
      .values({
        version: live + 1,
        kind: 'publish',
        file: 'wire-limits',
        files_json: JSON.stringify(files),
        diff_json: '[]',
        reason: 'elsewhere',
        author: 'x',
        approver: 'y',
        change_id: null,
        at: s.clock.now(),
      })
      .execute();
    const started = Date.now();
    await expect.poll(() => liveConfigVersion(), { timeout: 5_000, interval: 100 }).toBe(live + 1);
    expect(Date.now() - started).toBeLessThanOrEqual(CONFIG_POLL_MS + 1_000);
    expect(await usdMinimum()).toBe('1000');
    expect(await refreshLiveConfig(s.app.db)).toBe(live + 1);
  });

  it('starts from the newest version after a restart', async () => {
    const version = liveConfigVersion();
    await s.app.close();
    expect(liveConfigVersion()).toBe(0);
    s = await startServer({ scheduler: false, dataDir: s.dataDir }, s.clock);
    expect(liveConfigVersion()).toBe(version);
    expect(await usdMinimum()).toBe('1000');
  });
});
