// Live support: a customer writes (text, an image of theirs), the support desk sees the
// conversation in its inbox with unread counts, answers (the customer sees the answer, and a
// notice when away), and closes it; the customer's next message opens a new conversation.
// Bad input with a valid session changes nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AWAY_MS } from '../../../server/support/conversations.ts';
import { dataUrl, pngImage } from '../../fixtures/images.ts';
import { call, msg, registerByEmail, startServer, type TestServer } from '../helpers.ts';
import { operator, type SignedInOperator } from '../backoffice/operators.ts';

let s: TestServer;
let support: SignedInOperator;
let finance: SignedInOperator;
let admin: SignedInOperator;
let writer: SignedInOperator;
let ann: { token: string; user: { ID: number } };
let bob: { token: string; user: { ID: number } };
let pictures = 0;

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  support = await operator(s, 'desk', ['support']);
  finance = await operator(s, 'money', ['finance']);
  admin = await operator(s, 'chief', ['admin']);
  writer = await operator(s, 'writer', ['content']);
  ann = await registerByEmail(s.app, 'ann-chat@example.com');
  bob = await registerByEmail(s.app, 'bob-chat@example.com');
});
afterAll(() => s.app.close());

const thread = (who: { token: string }) => call(s.app, 'GET', '/support/messages', { token: who.token });
const send = (who: { token: string }, body: unknown, lang?: string) => call(s.app, 'POST', '/support/send', { token: who.token, body, lang });
const desk = (method: string, path: string, body?: unknown, op = support, lang?: string) =>
  call(s.app, method, path, { adminToken: op.token, ...(method === 'GET' ? { query: body as Record<string, string> } : { body }), lang });
const upload = async (who: { token: string }) =>
  (await call(s.app, 'POST', '/user/uploadBase64', { token: who.token, body: { base64Str: dataUrl(pngImage(20 + (pictures++ % 50), 20)) } })).data
    .url as string;
const rows = async (table: 'support_messages' | 'support_conversations' | 'audit_log' | 'notices') =>
  Number(
    (
      await s.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const counts = async () => ({ messages: await rows('support_messages'), conversations: await rows('support_conversations'), audit: await rows('audit_log') });
const inboxRow = async (uid: number, status = 'open') =>
  ((await desk('GET', '/admin/support/conversations', { status })).data.list as { uid: number; unread: number; lastMessage: string; id: number }[]).find(
    (r) => r.uid === uid,
  );

beforeEach(() => s.clock.advance(61_000)); // a fresh rate-limit window per test

describe('the customer and the support desk', () => {
  it('a message opens a conversation the inbox shows unread until an operator opens it', async () => {
    expect((await thread(ann)).data).toEqual({ id: 0, status: 'none', messages: [] });
    const text = 'My deposit of 250 USDT has not arrived <b>yet</b>';
    const sent = await send(ann, { text: `  ${text} ` });
    expect(sent.code, sent.msg).toBe(0);
    expect(sent.data).toMatchObject({ from: 'customer', author: '', text, image: '' });
    const mine = await thread(ann);
    expect(mine.data).toMatchObject({ status: 'open', messages: [{ text }] });
    // bob sees nothing of ann's
    expect((await thread(bob)).data.messages).toEqual([]);

    const row = await inboxRow(ann.user.ID);
    expect(row).toMatchObject({ unread: 1, lastMessage: text.slice(0, 80), user: 'ann-chat@example.com' });
    const opened = await desk('GET', '/admin/support/conversation', { id: row!.id });
    // plain text, stored and answered as written: never turned into markup
    expect(opened.data).toMatchObject({ status: 'open', closedBy: '', messages: [{ from: 'customer', text }] });
    expect((await inboxRow(ann.user.ID))!.unread).toBe(0);
  });

  it('an answer reaches the customer without the operator name; a customer who is away also gets one notice', async () => {
    const id = (await inboxRow(ann.user.ID))!.id;
    await thread(ann); // ann has the chat open
    const auditBefore = await rows('audit_log');
    const noticesBefore = await rows('notices');
    const r = await desk('POST', '/admin/support/reply', { id, text: 'We see it; it is being credited now.' });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ from: 'operator', author: 'desk' });
    expect(await rows('notices')).toBe(noticesBefore); // she was there
    expect(await rows('audit_log')).toBe(auditBefore + 1);
    expect((await thread(ann)).data.messages.at(-1)).toMatchObject({ from: 'operator', author: '', text: 'We see it; it is being credited now.' });

    s.clock.advance(AWAY_MS + 1);
    await desk('POST', '/admin/support/reply', { id, text: 'Credited.' });
    await desk('POST', '/admin/support/reply', { id, text: 'Anything else?' });
    expect(await rows('notices')).toBe(noticesBefore + 1); // one notice until she looks
    const notices = await call(s.app, 'GET', '/notice/getNoticeList', { token: ann.token, lang: 'de' });
    expect(JSON.stringify(notices.data)).toContain(msg('de', 'notice.support_reply.title'));
  });

  it('an image the customer uploaded goes with a message and the support desk may open it, nothing else of theirs', async () => {
    const url = await upload(ann);
    const sent = await send(ann, { image: url });
    expect(sent.code, sent.msg).toBe(0);
    expect(sent.data).toMatchObject({ text: '', image: url });
    const get = (token: string, u: string) => s.app.inject({ method: 'GET', url: u, headers: { 'x-admin-token': token } });
    expect((await get(support.token, url)).statusCode).toBe(200);
    // an upload that is not in a chat (a deposit proof, an identity photo) stays with the reviewers
    const proof = await upload(ann);
    expect((await get(support.token, proof)).statusCode).toBe(404);
    expect((await get(finance.token, proof)).statusCode).toBe(200);
    // admins hold the support inbox (its schema file's roles), so they open a chat's images too
    expect((await get(admin.token, url)).statusCode).toBe(200);
    expect((await get(admin.token, proof)).statusCode).toBe(404);
    // a role with neither: 403, saying which roles would do
    const refused = await s.app.inject({ method: 'GET', url, headers: { 'x-admin-token': writer.token, lang: 'de' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 4105, data: { roles: expect.arrayContaining(['admin', 'support', 'finance', 'compliance']) } });
    expect(refused.json().msg).toContain('Support');
  });

  it('keeps the line breaks of a message and of an answer', async () => {
    const r = await send(ann, { text: 'Line one\r\nLine two\n\nLine four' });
    expect(r.data.text).toBe('Line one\nLine two\n\nLine four');
    const id = (await inboxRow(ann.user.ID))!.id;
    expect((await desk('POST', '/admin/support/reply', { id, text: 'Dear Ann,\nthanks.' })).data.text).toBe('Dear Ann,\nthanks.');
  });

  it('closing ends the conversation: no more answers; the next message opens a new one', async () => {
    const id = (await inboxRow(ann.user.ID))!.id;
    const closed = await desk('POST', '/admin/support/close', { id });
    expect(closed.data).toMatchObject({ id, status: 'closed' });
    expect((await thread(ann)).data.status).toBe('closed');
    const before = await counts();
    expect(await desk('POST', '/admin/support/reply', { id, text: 'late' }, support, 'de')).toMatchObject({
      code: 7,
      msg: msg('de', 'admin.conversationClosed'),
    });
    expect(await desk('POST', '/admin/support/close', { id }, support, 'de')).toMatchObject({ code: 7, msg: msg('de', 'admin.conversationClosed') });
    expect(await counts()).toEqual(before);
    expect((await desk('GET', '/admin/support/conversation', { id })).data.closedBy).toBe('desk');
    expect(await inboxRow(ann.user.ID, 'closed')).toMatchObject({ id });

    await send(ann, { text: 'One more question' });
    const again = await thread(ann);
    expect(again.data).toMatchObject({ status: 'open', messages: [{ text: 'One more question' }] });
    expect(again.data.id).not.toBe(id);
  });
});

describe('bad input and double taps', () => {
  it('refuses what is not a message, with what is allowed, and writes nothing', async () => {
    const before = await counts();
    const refused: Array<[unknown, string, string]> = [
      [{}, 'text', 'service.chat.emptyMessage'],
      [{ text: '   ' }, 'text', 'checks.blank'],
      [{ text: 'nul \u0000 byte' }, 'text', 'checks.controlCharacters'],
      [{ text: 'x'.repeat(1001) }, 'text', 'service.chat.textTooLong'],
      [{ text: 42 }, 'text', 'service.chat.textInvalid'],
      [{ text: { a: { b: { c: [1, 2, { d: 'deep' }] } } } }, 'text', 'service.chat.textInvalid'],
      [{ image: 'javascript:alert(1)' }, 'image', 'service.chat.imageNotYours'],
      [{ image: 'https://evil.example/uploads/x.png' }, 'image', 'service.chat.imageNotYours'],
      [{ image: await upload(bob) }, 'image', 'service.chat.imageNotYours'],
    ];
    for (const [body, field, key] of refused) {
      const r = await send(ann, body, 'de');
      expect(r, JSON.stringify(body).slice(0, 60)).toMatchObject({ code: 7, data: { field }, msg: msg('de', key) });
    }
    const id = (await inboxRow(ann.user.ID))!.id;
    for (const [body, key] of [
      [{ id, text: '' }, 'admin.replyRequired'],
      [{ id, text: 'y'.repeat(1001) }, 'admin.replyRequired'],
      [{ id: 999999, text: 'hello' }, 'admin.conversationUnknown'],
      [{ id: 'abc', text: 'hello' }, 'admin.conversationUnknown'],
    ] as const) {
      expect(await desk('POST', '/admin/support/reply', body, support, 'de'), JSON.stringify(body)).toMatchObject({ code: 7, msg: msg('de', key) });
    }
    const listed = await desk('GET', '/admin/support/conversations', { status: 'all' }, support, 'de');
    expect(listed).toMatchObject({ code: 7, data: { field: 'status' } });
    expect(listed.msg).toContain('open, closed');
    expect(await counts()).toEqual(before);
  });

  it('a double tap with one Idempotency-Key makes one message; first messages sent at once make one conversation', async () => {
    const before = await rows('support_messages');
    const tap = () =>
      s.app.inject({ method: 'POST', url: '/api/support/send', headers: { 'x-token': bob.token, 'idempotency-key': 'tap-1' }, payload: { text: 'Hello?' } });
    const [a, b] = await Promise.all([tap(), tap()]);
    expect(a.json().data).toEqual(b.json().data);
    expect(await rows('support_messages')).toBe(before + 1);

    const carl = await registerByEmail(s.app, 'carl-chat@example.com');
    await Promise.all([1, 2, 3, 4].map((n) => send(carl, { text: `at once ${n}` })));
    const open = await s.app.db.selectFrom('support_conversations').select('id').where('user_id', '=', carl.user.ID).execute();
    expect(open).toHaveLength(1);
    expect((await thread(carl)).data.messages).toHaveLength(4);
  });

  it('limits how fast one customer writes', async () => {
    const dana = await registerByEmail(s.app, 'dana-chat@example.com');
    for (let i = 0; i < 20; i++) expect((await send(dana, { text: `m${i}` })).code).toBe(0);
    expect((await send(dana, { text: 'one too many' })).code).toBe(4024);
  });
});
