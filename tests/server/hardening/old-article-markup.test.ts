// Issue 40 item 2 (second round): rows stored before the write filter may hold scripts, event
// handlers and encoded javascript: links. Such a row, inserted straight into the table as an old
// install would have it, is served by the API without them; the safe markup around them stays,
// and text the filter accepts is served exactly as stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsafeMarkupIn } from '../../../server/content/articles.ts';
import { call, startServer, type TestServer } from '../helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ scheduler: false });
});
afterAll(() => s.app.close());

/** An announcement row written past the API (as before the filter); its id. */
async function oldRow(content: string, translations: Record<string, { title: string; summary: string; content: string }> = {}): Promise<number> {
  const row = await s.app.db
    .insertInto('articles')
    .values({ category: 1, title: 'Old <b>news</b>', summary: 'Old.', content, translations: JSON.stringify(translations), created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const served = async (id: number, lang = 'en') => {
  const r = await call(s.app, 'GET', '/base/article/detail', { query: { ID: id }, lang });
  expect(r.code, r.msg).toBe(0);
  return r.data as { title: string; summary: string; content: string };
};

// [stored, served]
const CASES: [string, string][] = [
  ['<p>Hi</p><script>alert(1)</script><p>there</p>', '<p>Hi</p><p>there</p>'],
  ['<p>a<SCRIPT src="https://x.test/a.js"></SCRIPT>b</p>', '<p>ab</p>'],
  ['<a href="&#106;avascript:alert(1)">x</a>', '<a>x</a>'],
  ['<a href="&#x6A;&#x61;&#x76;&#x61;script:alert(1)" title="t">x</a>', '<a title="t">x</a>'],
  ['<a href=j&#97;vascript:alert(1)>x</a>', '<a>x</a>'],
  ['<a href="java&Tab;script:alert(1)">x</a>', '<a>x</a>'],
  ['<a title="t" href="&#x64;ata:text/html,<script>alert(1)</script>">x</a>', '<a title="t">x</a>'],
  ['<img/onerror=alert(1) src=https://example.com/a.png>', '<img src=https://example.com/a.png>'],
  ['<img src="x" onerror="alert(1)" alt="a">', '<img src="x" alt="a">'],
  ['<iframe src="https://x.test"></iframe><p>ok</p>', '<p>ok</p>'],
  ['<svg><a xlink:href="javascript:alert(1)">x</a></svg>', ''],
  ['<div style="color:red" onclick="alert(1)">x</div>', '<div style="color:red">x</div>'],
];

describe('articles stored before the write filter', () => {
  it('are served without scripts, handlers or links the sanitiser would drop', async () => {
    for (const [stored, expected] of CASES) {
      const id = await oldRow(stored);
      const article = await served(id);
      expect(article.content, stored).toBe(expected);
      expect(unsafeMarkupIn(article.content), stored).toBe('');
      expect(article.title).toBe('Old <b>news</b>');
      // the row itself is not rewritten: reading never writes
      const row = await s.app.db.selectFrom('articles').select('content').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.content).toBe(stored);
    }
  });

  it('cleans translations and the list as well', async () => {
    const id = await oldRow('<p>fine</p>', {
      de: { title: 'Alt<script>x()</script>', summary: '<b onmouseover=alert(1)>S</b>', content: '<a href="javascript&colon;alert(1)">y</a>' },
    });
    expect(await served(id, 'de')).toMatchObject({ title: 'Alt', summary: '<b>S</b>', content: '<a>y</a>' });
    const list = await call(s.app, 'GET', '/base/article', { query: { cate: 1, pageSize: 100 }, lang: 'de' });
    expect(list.data.list.length).toBeGreaterThan(CASES.length);
    for (const a of list.data.list as { title: string; summary: string; content: string }[])
      for (const field of [a.title, a.summary, a.content]) expect(unsafeMarkupIn(field), field).toBe('');
  });

  it('serves text the filter accepts exactly as stored', async () => {
    for (const content of [
      '<p>Fees: <a href="https://example.com/a?b=1&amp;c=2">here</a>.</p>',
      '<ul><li><img src="https://example.com/a.png" alt=""></li></ul>',
      'one = two, plain text',
    ]) {
      expect((await served(await oldRow(content))).content).toBe(content);
    }
  });
});
