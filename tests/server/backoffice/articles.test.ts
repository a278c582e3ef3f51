// Articles in the back office: a content operator adds one in English, translates it language by
// language (and removes a translation), edits the English text, takes an article down and
// publishes it again, and readers see each language with the English text as
// the fallback. Bad input is refused with a translated message and writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, msg, startServer, type TestServer } from '../helpers.ts';
import { operator, type SignedInOperator } from './operators.ts';

let s: TestServer;
let editor: SignedInOperator;

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  editor = await operator(s, 'writer', ['content']);
});
afterAll(() => s.app.close());

const as = (method: string, path: string, body?: Record<string, unknown>, lang?: string) =>
  call(s.app, method, path, { adminToken: editor.token, ...(method === 'GET' ? { query: body as Record<string, string> } : { body }), lang });

const count = async (table: 'articles' | 'audit_log') =>
  Number(
    (
      await s.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const ENGLISH = { title: 'Maintenance on Sunday', summary: 'Trading pauses for an hour.', content: '<p>Trading pauses <b>02:00–03:00 UTC</b>.</p>' };
const GERMAN = { title: 'Wartung am Sonntag', summary: 'Der Handel pausiert eine Stunde.', content: '<p>Der Handel pausiert.</p>' };

async function addArticle(): Promise<number> {
  const r = await as('POST', '/admin/articles/add', { category: 'announcement', ...ENGLISH });
  expect(r.code, r.msg).toBe(0);
  return r.data.id as number;
}

describe('articles in the back office', () => {
  it('adds an article in English, lists it newest first by category and shows it to readers in every language', async () => {
    const audit = await count('audit_log');
    const id = await addArticle();
    expect(await count('audit_log')).toBe(audit + 1);
    const list = await as('GET', '/admin/articles', { category: 'announcement' });
    expect(list.data.list[0]).toMatchObject({ id, category: 'announcement', title: ENGLISH.title, languages: 'en' });
    expect((await as('GET', '/admin/articles', { category: 'terms' })).data.list.map((a: { id: number }) => a.id)).not.toContain(id);

    const reader = await call(s.app, 'GET', '/base/article/detail', { query: { ID: id }, lang: 'de' });
    expect(reader.data).toMatchObject({ ID: id, ...ENGLISH, cate: 1 });
    const page = await call(s.app, 'GET', '/base/article', { query: { cate: 1 } });
    expect(page.data.list[0]).toMatchObject({ ID: id, title: ENGLISH.title });
  });

  it('translates an article: German readers see German, others English; removing it brings English back', async () => {
    const id = await addArticle();
    const audit = await count('audit_log');
    const r = await as('POST', '/admin/articles/translate', { id, lang: 'de', ...GERMAN });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ id, languages: 'en, de' });
    expect(r.data.de).toContain('Wartung am Sonntag');
    expect(await count('audit_log')).toBe(audit + 1);
    const row = await s.app.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ actor: 'operator writer', action: 'content.article.translate', target_kind: 'article', target_id: String(id) });
    expect(JSON.parse(row.after_json!).de).toContain('Wartung');

    expect((await call(s.app, 'GET', '/base/article/detail', { query: { ID: id }, lang: 'de' })).data).toMatchObject(GERMAN);
    expect((await call(s.app, 'GET', '/base/article/detail', { query: { ID: id }, lang: 'fr' })).data).toMatchObject(ENGLISH);
    const detail = await as('GET', '/admin/articles/detail', { id });
    expect(detail.data).toMatchObject({ id, title: ENGLISH.title, fr: '' });
    expect(detail.data.en).toContain('<b>02:00–03:00 UTC</b>');

    const removed = await as('POST', '/admin/articles/untranslate', { id, lang: 'de' });
    expect(removed.data).toMatchObject({ languages: 'en', de: '' });
    expect(await count('audit_log')).toBe(audit + 2);
    expect((await call(s.app, 'GET', '/base/article/detail', { query: { ID: id }, lang: 'de' })).data).toMatchObject(ENGLISH);
  });

  it('edits the English text, the fallback of every language without its own', async () => {
    const id = await addArticle();
    const fixed = { title: 'Maintenance on Sunday, 02:00 UTC', summary: 'Trading pauses for one hour.', content: '<p>Trading pauses 02:00–03:00 UTC.</p>' };
    const r = await as('POST', '/admin/articles/translate', { id, lang: 'en', ...fixed });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ title: fixed.title, languages: 'en' });
    expect((await call(s.app, 'GET', '/base/article/detail', { query: { ID: id }, lang: 'fr' })).data).toMatchObject(fixed);
    const row = await s.app.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(row.before_json!).en).toContain('02:00–03:00 UTC</b>');
    expect(JSON.parse(row.after_json!).en).toContain('Trading pauses for one hour.');
  });

  it('takes an article down: no reader finds it in a list or by its link until it is published again', async () => {
    const id = await addArticle();
    const audit = await count('audit_log');
    const down = await as('POST', '/admin/articles/publish', { id, published: false });
    expect(down.code, down.msg).toBe(0);
    expect(down.data.published).toBe(false);
    expect((await as('GET', '/admin/articles', { category: 'announcement' })).data.list.find((a: { id: number }) => a.id === id)).toMatchObject({ published: false });
    expect((await call(s.app, 'GET', '/base/article', { query: { cate: 1 } })).data.list.map((a: { ID: number }) => a.ID)).not.toContain(id);
    expect((await call(s.app, 'GET', '/base/article/detail', { query: { ID: id }, lang: 'de' })).code).not.toBe(0);
    const row = await s.app.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ action: 'content.article.unpublish', target_id: String(id), before_json: '{"published":true}', after_json: '{"published":false}' });
    expect((await as('POST', '/admin/articles/publish', { id, published: true })).data.published).toBe(true);
    expect((await call(s.app, 'GET', '/base/article/detail', { query: { ID: id } })).data).toMatchObject({ ID: id, title: ENGLISH.title });
    expect(await count('audit_log')).toBe(audit + 2);
  });

  it('refuses bad input with a translated message and writes nothing', async () => {
    const id = await addArticle();
    const articles = await count('articles');
    const audit = await count('audit_log');
    const refusals: [string, Record<string, unknown>, string, string, Record<string, string>?][] = [
      ['/admin/articles/add', { category: 'news', ...ENGLISH }, 'category', 'admin.articleCategory'],
      ['/admin/articles/add', { category: 'terms', ...ENGLISH, title: 'x'.repeat(201) }, 'title', 'admin.titleLength'],
      ['/admin/articles/add', { category: 'terms', ...ENGLISH, summary: '   ' }, 'summary', 'checks.blank'],
      ['/admin/articles/add', { category: 'terms', ...ENGLISH, summary: '' }, 'summary', 'admin.summaryLength'],
      ['/admin/articles/add', { category: 'terms', ...ENGLISH, content: 'x'.repeat(100_001) }, 'content', 'admin.contentLength'],
      [
        '/admin/articles/add',
        { category: 'terms', ...ENGLISH, content: '<p onclick="steal()">hi</p>' },
        'content',
        'admin.contentUnsafe',
        { markup: 'onclick=' },
      ],
      ['/admin/articles/add', { category: 'terms', ...ENGLISH, extra: { deep: [1] } }, '', ''],
      [
        '/admin/articles/translate',
        { id, lang: 'de', ...GERMAN, content: '<script>alert(1)</script>' },
        'content',
        'admin.contentUnsafe',
        { markup: '<script' },
      ],
      ['/admin/articles/translate', { id, lang: 'xx', ...GERMAN }, 'lang', 'admin.articleLanguage'],
      ['/admin/articles/untranslate', { id, lang: 'en' }, 'lang', 'admin.translationLanguage'],
      ['/admin/articles/publish', { id, published: 'maybe' }, 'published', 'admin.articlePublishedInvalid'],
      ['/admin/articles/publish', { id }, 'published', 'admin.articlePublishedInvalid'],
      ['/admin/articles/publish', { id: 999999, published: false }, 'id', 'admin.articleUnknown'],
      ['/admin/articles/publish', { id: { $gt: 0 }, published: false }, 'id', 'admin.articleUnknown'],
      ['/admin/articles/translate', { id: 999999, lang: 'de', ...GERMAN }, 'id', 'admin.articleUnknown'],
      ['/admin/articles/translate', { id: 'one', lang: 'de', ...GERMAN }, 'id', 'admin.articleUnknown'],
      ['/admin/articles/untranslate', { id: 999999, lang: 'de' }, 'id', 'admin.articleUnknown'],
    ];
    for (const [path, body, field, key, params] of refusals) {
      const r = await as('POST', path, body, 'de');
      expect(r.code, `${path} ${field}`).toBe(7);
      if (key) expect(r, `${path} ${field}`).toMatchObject({ msg: msg('de', key, params), data: { field } });
    }
    expect(await as('GET', '/admin/articles/detail', { id: 999999 }, 'de')).toMatchObject({ code: 7, msg: msg('de', 'admin.articleUnknown') });
    expect(await as('GET', '/admin/articles', { category: 'news' })).toMatchObject({ code: 7, data: { field: 'category' } });
    expect(await count('articles')).toBe(articles);
    expect(await count('audit_log')).toBe(audit);
    const row = await s.app.db.selectFrom('articles').select('translations').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.translations).toBe('{}');
  });
});
