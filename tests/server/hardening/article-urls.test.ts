// Issue 40 item 9: the article filter let entity-encoded javascript: links through (stored raw and
// served by the API; only the apps' sanitiser removed them). It now reads URL attributes as a
// browser does and applies the sanitiser's URL rule, so such content is refused when written and
// never stored; links the sanitiser keeps are stored as written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, msg, startServer, type TestServer } from '../helpers.ts';
import { operator, type SignedInOperator } from '../backoffice/operators.ts';

let s: TestServer;
let editor: SignedInOperator;
beforeAll(async () => {
  s = await startServer({ scheduler: false });
  editor = await operator(s, 'writer', ['content']);
});
afterAll(() => s.app.close());

const add = (content: string) =>
  call(s.app, 'POST', '/admin/articles/add', {
    adminToken: editor.token,
    lang: 'de',
    body: { category: 'announcement', title: 'Links', summary: 'Links.', content },
  });
const articles = async () => (await s.app.db.selectFrom('articles').select('content').execute()).map((a) => a.content);

const HOSTILE = [
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;script:alert(1)">x</a>',
  '<a href="&#0000106&#0000097vascript:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="java&Tab;script:alert(1)">x</a>',
  '<a href="java&#9;script:alert(1)">x</a>',
  '<a href=" &#14; javascript:alert(1)">x</a>',
  "<a href='vbscript&#58;msgbox(1)'>x</a>",
  '<a href=j&#97;vascript:alert(1)>x</a>',
  '<img src="x" alt="" /><a title="t" href="&#x64;ata:text/html,<script>alert(1)</script>">x</a>',
  '<img/onerror=alert(1) src=x>',
];
const KEPT = [
  '<a href="https://example.com/a?b=1&amp;c=2">x</a>',
  '<a href="&#104;ttps://example.com/">x</a>',
  '<a href="/pages/notice/1">x</a>',
  '<a href="mailto:help@example.com">x</a>',
  '<p>Fees: data = 0.1 % and "javascript" is a word, not a link.</p>',
];

describe('article URLs', () => {
  it("refuses every link the apps' sanitiser would drop, however it is encoded, and stores nothing", async () => {
    const stored = await articles();
    for (const content of HOSTILE) {
      const r = await add(content);
      expect(r, content).toMatchObject({ code: 7, data: { field: 'content' } });
      const [before, after] = msg('de', 'admin.contentUnsafe', { markup: '@@' }).split('@@');
      expect(r.msg.startsWith(before) && r.msg.endsWith(after), r.msg).toBe(true);
      expect(content, r.msg).toContain(r.msg.slice(before.length, r.msg.length - after.length));
    }
    expect(await articles()).toEqual(stored);
  });

  it('stores links the sanitiser keeps, as written', async () => {
    for (const content of KEPT) {
      const r = await add(content);
      expect(r.code, `${content}: ${r.msg}`).toBe(0);
      expect(await articles()).toContain(content);
    }
  });
});
