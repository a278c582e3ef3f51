import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUSINESS_CODES, isBusinessCode, ResultCode, resultCodeNamed, SESSION_ENDED } from '../../contract/result-codes';
import { ERROR, VERIFICATION_REQUIRED } from '../../contract/result-codes-app';
import { loadLocales } from '../../scripts/lib/locales';

const ROOT = join(import.meta.dirname, '../..');
/** WebSocket close codes (RFC 6455 leaves 4000–4999 to applications): another namespace than the API's result codes. */
const OTHER_NAMESPACES = new Set(['contract/feed-protocol.ts']);
const CATALOGUE = new Set(['contract/result-codes.ts', 'contract/result-codes-app.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) return name === 'generated' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** A file's code without its comments (line comments and the lines of block comments). */
function codeOf(text: string): string {
  return text
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
    .map((line) => line.replace(/\s\/\/.*$/, ''))
    .join('\n');
}

describe('the result-code catalogue', () => {
  it('is the spec §8 catalogue: 0, 7 and 4002–4026, each with a name', () => {
    expect(BUSINESS_CODES).toEqual(Array.from({ length: 25 }, (_, i) => 4002 + i));
    expect(SESSION_ENDED).toEqual([ResultCode.tokenInvalid, ResultCode.tokenExpired]);
    expect([ERROR, VERIFICATION_REQUIRED]).toEqual([ResultCode.error, ResultCode.verificationRequired]);
    expect(BUSINESS_CODES.every(isBusinessCode)).toBe(true);
    expect([0, 7, 4001, 4027, 4002.5].some(isBusinessCode)).toBe(false);
    expect(resultCodeNamed('badEmail')).toBe(4003);
    expect(resultCodeNamed('toString')).toBeUndefined();
  });

  it('has its message in every language', () => {
    for (const [lang, flat] of loadLocales()) for (const code of BUSINESS_CODES) expect(flat.has(`errors.${code}`), `${lang} errors.${code}`).toBe(true);
  });

  it('is the only place a 40xx result code is written as a number', () => {
    const offenders = ['server', 'src', 'contract', 'scripts']
      .flatMap(sourceFiles)
      .filter((file) => !CATALOGUE.has(file) && !OTHER_NAMESPACES.has(file))
      .flatMap((file) => [...codeOf(readFileSync(join(ROOT, file), 'utf8')).matchAll(/\b40[0-2]\d\b/g)].map((m) => `${file}: ${m[0]}`));
    expect(offenders).toEqual([]);
  });
});
