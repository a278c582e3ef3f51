// Broadcasts from the back office: a content operator sends a notice to every current user, in
// English and optionally one more language; users read it in their language (English
// otherwise); a double submit (the same Idempotency-Key) sends one; bad input writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, msg, registerByEmail, startServer, type TestServer } from '../helpers.ts';
import { operator, type SignedInOperator } from './operators.ts';

let s: TestServer;
let editor: SignedInOperator;
let customer: { token: string };
let seq = 0;

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  editor = await operator(s, 'herald', ['content']);
  customer = await registerByEmail(s.app, 'reader@example.com');
});
afterAll(() => s.app.close());

const count = async (table: 'notices' | 'audit_log' | 'users') =>
  Number(
    (
      await s.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** POST /admin/notices/broadcast as the console sends it, with its Idempotency-Key. */
async function send(body: Record<string, unknown>, key = `submit-${++seq}`, lang?: string) {
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/admin/notices/broadcast',
    payload: body,
    headers: { 'x-admin-token': editor.token, 'idempotency-key': key, ...(lang ? { lang } : {}) },
  });
  return res.json() as { code: number; msg: string; data: Record<string, unknown> };
}

const notices = async (lang: string) =>
  (await call(s.app, 'GET', '/notice/getNoticeList', { token: customer.token, lang, query: { page: 1, pageSize: 20 } })).data.list;

describe('broadcasts in the back office', () => {
  it('sends a notice every current user reads in their language, with English as the fallback, and lists it', async () => {
    const audit = await count('audit_log');
    const users = await count('users');
    s.clock.advance(1000);
    const r = await send({
      title: 'Fees go down',
      body: 'From Monday, spot fees are 0.08 %.',
      lang: 'de',
      langTitle: 'Gebühren sinken',
      langBody: 'Ab Montag 0,08 %.',
    });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ title: 'Fees go down', languages: 'en, de', recipients: users });
    expect(await count('audit_log')).toBe(audit + 1);
    const row = await s.app.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ actor: 'operator herald', action: 'content.notice.broadcast', target_kind: 'notice', target_id: String(r.data.id) });

    expect((await notices('de'))[0]).toMatchObject({ ID: r.data.id, title: 'Gebühren sinken', body: 'Ab Montag 0,08 %.', kind: 'broadcast' });
    expect((await notices('fr'))[0]).toMatchObject({ ID: r.data.id, title: 'Fees go down', body: 'From Monday, spot fees are 0.08 %.' });
    const list = await call(s.app, 'GET', '/admin/notices', { adminToken: editor.token });
    expect(list.data.list[0]).toMatchObject({ id: r.data.id, title: 'Fees go down', languages: 'en, de', recipients: users });
  });

  it('sends one notice for a double submit: the repeat answers the first and writes nothing', async () => {
    const body = { title: 'Once only', body: 'Sent once.' };
    const first = await send(body, 'double-tap');
    const notices_ = await count('notices');
    const audit = await count('audit_log');
    const second = await send(body, 'double-tap');
    expect(second).toMatchObject({ code: 0, data: first.data });
    expect(await count('notices')).toBe(notices_);
    expect(await count('audit_log')).toBe(audit);
    // the same key with another text is refused
    expect(await send({ title: 'Other', body: 'Text.' }, 'double-tap', 'de')).toMatchObject({ code: 7, msg: msg('de', 'idempotency.keyReused') });
    // another submit (a new key) is another broadcast
    expect((await send(body)).data.id).not.toBe(first.data.id);
  });

  it('refuses bad input with a translated message and writes nothing', async () => {
    const notices_ = await count('notices');
    const audit = await count('audit_log');
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ title: '', body: 'Text' }, 'title', 'admin.titleLength'],
      [{ title: 'x'.repeat(201), body: 'Text' }, 'title', 'admin.titleLength'],
      [{ title: 'Title' }, 'body', 'admin.bodyLength'],
      [{ title: 'Title', body: 'x'.repeat(5001) }, 'body', 'admin.bodyLength'],
      [{ title: 'Title', body: 'Text', lang: 'en', langTitle: 'T', langBody: 'B' }, 'lang', 'admin.broadcastLanguage'],
      [{ title: 'Title', body: 'Text', lang: 'xx' }, 'lang', 'admin.broadcastLanguage'],
      [{ title: 'Title', body: 'Text', lang: 'de', langBody: 'Nur Text' }, 'langTitle', 'admin.titleLength'],
      [{ title: 'Title', body: 'Text', lang: 'de', langTitle: 'Titel', langBody: 'x'.repeat(5001) }, 'langBody', 'admin.bodyLength'],
      [{ title: 'Title', body: 'Text', langTitle: 'Titel', langBody: 'Text' }, 'lang', 'admin.broadcastLanguageMissing'],
      [{ title: 'Title', body: 'Text', texts: { de: { title: 'x' } } }, '', ''],
    ];
    for (const [body, field, key] of refusals) {
      const r = await send(body, undefined, 'de');
      expect(r.code, JSON.stringify(body).slice(0, 80)).toBe(7);
      if (key) expect(r, field).toMatchObject({ msg: msg('de', key), data: { field } });
    }
    expect(await count('notices')).toBe(notices_);
    expect(await count('audit_log')).toBe(audit);
  });
});
