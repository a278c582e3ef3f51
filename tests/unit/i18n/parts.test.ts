// The screen-text groups load only with the schema screens (src/app/SchemaView.tsx), so no
// code that draws without them (the shell, hand-written screens, the api layer) may name a key
// of theirs: it would show the bare key until a schema screen had been opened.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadHandWrittenScreens, loadScreens } from '../../../contract/loader';
import { SCREEN_TEXT_GROUPS, SIGN_IN_SCREENS, SIGN_IN_TEXT_GROUPS } from '../../../src/i18n/parts';

const ROOT = resolve(import.meta.dirname, '../../..');
/** Code that renders or speaks without the screen texts; src/engine, src/widgets and generated screens load with them. */
const OUTSIDE = [
  'src/app',
  'src/screens',
  'src/ui',
  'src/feed',
  'src/store',
  'src/i18n',
  'src/main.tsx',
  'src/api/base.ts',
  'src/api/baseQuery.ts',
  'src/api/actionKey.ts',
];

/** Hand-written screens opened `withScreenTexts` (their *.screen.json declarations), with the screen modules they import, directly or through others. */
function screensWithTexts(): Set<string> {
  const out = new Set<string>();
  const screens = join(ROOT, 'src/screens');
  const visit = (file: string) => {
    if (out.has(file) || !file.startsWith(screens)) return;
    let code: string;
    try {
      code = readFileSync(file, 'utf8');
    } catch {
      return;
    }
    out.add(file);
    for (const [, local] of code.matchAll(/from '(\.{1,2}\/[^']+)'/g)) for (const ext of ['.ts', '.tsx']) visit(join(file, '..', `${local}${ext}`));
  };
  for (const screen of loadHandWrittenScreens().filter((h) => h.screenTexts)) visit(join(screens, `${screen.module}.tsx`));
  return out;
}

function files(path: string): string[] {
  const full = join(ROOT, path);
  if (statSync(full).isFile()) return [full];
  return readdirSync(full).flatMap((f) => files(join(path, f)));
}

describe('screen-text groups', () => {
  it('are named by no hand-written screen, the shell or the api layer', () => {
    const uses: string[] = [];
    const withTexts = screensWithTexts();
    expect(withTexts.size).toBeGreaterThan(0);
    for (const file of OUTSIDE.flatMap(files).filter((f) => /\.(ts|tsx)$/.test(f) && !f.endsWith('parts.ts') && !withTexts.has(f))) {
      const code = readFileSync(file, 'utf8');
      for (const group of SCREEN_TEXT_GROUPS) if (new RegExp(`['"\`]${group}\\.[A-Za-z]`).test(code)) uses.push(`${file.slice(ROOT.length + 1)}: ${group}.*`);
    }
    expect(uses).toEqual([]);
  });

  it('are groups the locale files have', () => {
    const en = JSON.parse(readFileSync(join(ROOT, 'locales/en-US.json'), 'utf8')) as Record<string, unknown>;
    expect(SCREEN_TEXT_GROUPS.filter((g) => !(g in en))).toEqual([]);
  });

  it("leave the sign-in forms' groups in the sign-in part: a sign-in screen file names no other screen group's key", () => {
    const signIn = new Set<string>(SIGN_IN_TEXT_GROUPS);
    expect([...signIn].filter((g) => !(SCREEN_TEXT_GROUPS as readonly string[]).includes(g))).toEqual([]);
    const others = new Set<string>(SCREEN_TEXT_GROUPS.filter((g) => !signIn.has(g)));
    const screens = loadScreens().filter((s) => SIGN_IN_SCREENS.includes(s.screen.id));
    expect(screens).toHaveLength(SIGN_IN_SCREENS.length);
    const named = screens.flatMap(({ screen }) => {
      const id = screen.id;
      const text = JSON.stringify(screen);
      return [...text.matchAll(/"([A-Za-z]+)\.[A-Za-z][\w.]*"/g)].filter(([, group]) => others.has(group)).map(([key]) => `${id}: ${key}`);
    });
    expect(named).toEqual([]);
  });
});
