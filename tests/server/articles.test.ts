// GET /base/article and /base/article/detail (public).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectEntity, msg, startServer, type TestServer } from './helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.app.close());

describe('announcements', () => {
  it('lists at least 12 seeded announcements, newest first, 10 a page by default', async () => {
    const first = await call(s.app, 'GET', '/base/article', { query: { cate: 1 } });
    expect(first.code).toBe(0);
    expect(first.data.total).toBeGreaterThanOrEqual(12);
    expect(first.data).toMatchObject({ page: 1, pageSize: 10 });
    expect(first.data.list).toHaveLength(10);
    for (const a of first.data.list) {
      expectEntity('article', a);
      expect(a.cate).toBe(1);
      expect(a.title.length).toBeGreaterThan(5);
      expect(a.content).not.toMatch(/<[a-z]/i);
    }
    const times = first.data.list.map((a: { CreatedAt: string }) => Date.parse(a.CreatedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const second = await call(s.app, 'GET', '/base/article', { query: { cate: 1, page: 2, pageSize: 10 } });
    expect(second.data.list).toHaveLength(first.data.total - 10);
    const ids = new Set([...first.data.list, ...second.data.list].map((a: { ID: number }) => a.ID));
    expect(ids.size).toBe(first.data.total);
  });

  it('serves the category its screen file names and needs no token', async () => {
    expect(await call(s.app, 'GET', '/base/article', { query: { cate: 1 } })).toMatchObject({ code: 0 });
    // cate 2 and 3 are the site's documents (terms, privacy: schemas/endpoints/site-documents.json); nothing else
    expect(await call(s.app, 'GET', '/base/article', { query: { cate: 2 } })).toMatchObject({ code: 0 });
    expect(await call(s.app, 'GET', '/base/article', { query: { cate: 4 } })).toMatchObject({ code: 7, data: { field: 'cate' } });
  });

  it('refuses bad paging and parameters', async () => {
    const cases: [Record<string, string | number>, string, string, Record<string, string | number>][] = [
      [{ page: 0 }, 'page', 'validation.queryRange', { field: 'page', min: 1, max: 2_147_483_647 }],
      [{ pageSize: 500 }, 'pageSize', 'validation.queryRange', { field: 'pageSize', min: 1, max: 100 }],
      [{ cate: 'news' }, 'cate', 'validation.queryEnum', { field: 'cate', allowed: '2, 3' }],
      [{ q: 'x' }, 'q', 'validation.unknownField', {}],
    ];
    for (const [query, field, key, params] of cases) {
      const r = await call(s.app, 'GET', '/base/article', { query, lang: 'jp' });
      expect(r, JSON.stringify(query)).toMatchObject({ code: 7, data: { field } });
      expect(r.msg).toBe(msg('jp', key, params));
    }
  });

  it('GET /base/article/detail answers one article; unknown is errors.notFound', async () => {
    const list = await call(s.app, 'GET', '/base/article', { query: { cate: 1, pageSize: 1 } });
    const id = list.data.list[0].ID;
    const detail = await call(s.app, 'GET', '/base/article/detail', { query: { ID: id } });
    expect(detail.code).toBe(0);
    expectEntity('article', detail.data);
    expect(detail.data).toEqual(list.data.list[0]);

    const missing = await call(s.app, 'GET', '/base/article/detail', { query: { ID: 424242 }, lang: 'jp' });
    expect(missing).toMatchObject({ code: 7, msg: msg('jp', 'errors.notFound'), data: null });
    const bad = await call(s.app, 'GET', '/base/article/detail', { query: { ID: 'x' } });
    expect(bad).toMatchObject({ code: 7, msg: msg('en', 'validation.invalid'), data: { field: 'ID' } });
  });
});
