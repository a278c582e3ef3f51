// The pure parts of npm run budget (scripts/lib/budget.ts): what a route adds, sums by kind, the verdict.
import { describe, expect, it } from 'vitest';
import { addedBy, bytesOf, closure, kindOf, overBudget, type Row, table } from '../../scripts/lib/budget';

const t = (url: string, bytes: number) => ({ url: `http://127.0.0.1:1${url}`, bytes });
const row = (route: string, gzip: number, budgetKb: number): Row => ({ route, js: { gzip, br: gzip - 100 }, css: { gzip: 0, br: 0 }, budgetKb });

describe('budget', () => {
  it('counts what a route added once, by kind, leaving out what home had fetched', () => {
    const home = [t('/', 900), t('/assets/app-1.js', 1000), t('/assets/app-1.css', 50)];
    const after = [
      t('/assets/app-1.js', 0),
      t('/assets/FormScreen-2.js', 700),
      t('/assets/FormScreen-2.js', 0),
      t('/assets/x.css', 30),
      t('/api/base/captcha', 400),
    ];
    const added = addedBy(home, after);
    expect(added.map((a) => a.url.replace('http://127.0.0.1:1', ''))).toEqual(['/assets/FormScreen-2.js', '/assets/x.css', '/api/base/captcha']);
    expect(bytesOf(added, 'js')).toBe(700);
    expect(bytesOf(added, 'css')).toBe(30);
    expect(bytesOf(home, 'js')).toBe(1000);
    expect(kindOf('http://h/assets/a.js?v=1')).toBe('js');
    expect(kindOf('http://h/')).toBe('other');
  });

  it('is over budget only above it (1 KB = 1,024 bytes), and says so in the table', () => {
    const rows = [row('home', 130 * 1024, 130), row('login', 60 * 1024 + 1, 60)];
    expect(overBudget(rows).map((r) => r.route)).toEqual(['login']);
    const lines = table(rows);
    expect(lines[1]).toMatch(/^home\s+130\.00\s+129\.90\s+0\.00\s+130$/);
    expect(lines[2]).toMatch(/^login\s+60\.00\s+59\.90\s+0\.00\s+60 {2}OVER$/);
  });

  it("walks the build manifest's static imports with their stylesheets", () => {
    const manifest = { 'index.html': { file: 'a.js', imports: ['_b'], css: ['a.css'] }, _b: { file: 'b.js', imports: ['index.html'] } };
    expect([...closure(manifest, ['index.html'])]).toEqual(['a.js', 'a.css', 'b.js']);
    expect(() => closure(manifest, ['nope'])).toThrow(/no chunk for nope/);
  });
});
