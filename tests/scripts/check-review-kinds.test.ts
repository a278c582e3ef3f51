// check:schemas ties every review-kind name in schemas/ and locales/ to contract/review-kinds.ts:
// the tree as it is passes, and renaming a kind in any one place is named as a problem.
import { describe, expect, it } from 'vitest';
import { checkReviewKinds, type JsonFile, loadLocaleKinds, loadSchemaFiles } from '../../scripts/check-review-kinds.ts';

const files = loadSchemaFiles();
const locales = loadLocaleKinds();

/** The schema files with one file's text changed by `edit`. */
function edited(path: string, edit: (text: string) => string): JsonFile[] {
  const file = files.find((f) => f.path === path);
  expect(file, path).toBeDefined();
  const text = JSON.stringify(file!.json);
  const changed = edit(text);
  expect(changed, `${path} has nothing to rename`).not.toBe(text);
  return files.map((f) => (f === file ? { path, json: JSON.parse(changed) as unknown } : f));
}

const renameFirst = (text: string) => text.replace('"bank-withdrawal"', '"bank"');

describe('check:schemas on review kinds', () => {
  it('passes the tree as it is', () => {
    expect(checkReviewKinds(files, locales)).toEqual([]);
  });

  it.each([
    'config/reviews.json',
    'meta/config/reviews.schema.json',
    'admin/admin-decide-review.json',
    'admin/admin-review-detail.json',
    'admin/admin-reviews.json',
  ])('fails when %s names the bank withdrawals "bank"', (path) => {
    expect(checkReviewKinds(edited(path, renameFirst), locales).join('\n')).toMatch(/bank/);
  });

  it('fails on a dashboard tile or link that names another kind', () => {
    const link = edited('admin/admin-dashboard.json', (t) => t.replace('kind=bank-withdrawal', 'kind=bank'));
    expect(checkReviewKinds(link, locales).join('\n')).toMatch(/links to review kind "bank"/);
    const label = edited('admin/admin-dashboard.json', (t) => t.replace('admin.waiting.bank-withdrawal', 'admin.waiting.bank'));
    expect(checkReviewKinds(label, locales).join('\n')).toMatch(/"admin.waiting.bank" names review kind "bank"/);
  });

  it('fails when a language names a kind the registry does not have, or misses one', () => {
    const de = locales.get('de-DE')!;
    const renamed = new Map(locales).set('de-DE', { ...de, kind: de.kind.map((k) => (k === 'bank-withdrawal' ? 'bank' : k)) });
    const problems = checkReviewKinds(files, renamed).join('\n');
    expect(problems).toMatch(/de-DE.json admin.kind: bank are not review kinds/);
    expect(problems).toMatch(/de-DE.json admin.kind: no text for review kind bank-withdrawal/);
  });
});
