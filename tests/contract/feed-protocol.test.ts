// The feed's protocol is written once (contract/feed-protocol.ts): it imports nothing (the app's
// bundle gets types and constants only), and no other source file spells a topic name, the
// topic pattern or a close code that the protocol names.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as protocol from '../../contract/feed-protocol';

const ROOT = join(import.meta.dirname, '../..');
const PROTOCOL = 'contract/feed-protocol.ts';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'generated' ? [] : sources(path);
    return /\.tsx?$/.test(name) ? [relative(ROOT, path)] : [];
  });
}

/** What re-spelling the protocol looks like in source text */
const RESPELT: [string, RegExp][] = [
  ['the tickers topic', /['"`]market\.tickers['"`]/],
  ['a per-symbol topic', /`market\.\$\{[^}]+\}\.(detail|kline|depth)/],
  ['the topic pattern', /\^market\\\./],
  ['a close code', new RegExp(`\\b(${Object.keys(protocol).filter((k) => k.startsWith('CLOSE_')).join('|')}) = \\d`)],
  ['the feed path', /FEED_PATH = /],
];

/** The code of a source file: its comments (which may well name a topic) left out. */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');

/** Source files other than the protocol that spell one of its names, with what they spell. */
function respelt(files: { path: string; text: string }[]): string[] {
  return files.flatMap(({ path, text }) => (path === PROTOCOL ? [] : RESPELT.filter(([, re]) => re.test(code(text))).map(([what]) => `${path}: ${what}`)));
}

const tree = ['contract', 'src', 'server'].flatMap((d) => sources(join(ROOT, d))).map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));

describe('the feed protocol, written once', () => {
  it('imports nothing: types and constants only', () => {
    expect(readFileSync(join(ROOT, PROTOCOL), 'utf8')).not.toMatch(/^\s*import\b/m);
  });

  it('names the topics the server and the app use', () => {
    expect(protocol.TICKERS_TOPIC).toBe('market.tickers');
    expect(protocol.detailTopic('btcusdt')).toBe('market.btcusdt.detail');
    expect(protocol.klineTopic('btcusdt', '1min')).toBe('market.btcusdt.kline.1min');
    expect(protocol.depthTopic('btcusdt')).toBe('market.btcusdt.depth.step0');
    for (const p of protocol.FEED_PERIODS) expect(protocol.SYMBOL_TOPIC_PATTERN.exec(protocol.klineTopic('btcusdt', p))?.[3]).toBe(p);
  });

  it('no other source file spells a topic name, the topic pattern, a close code or the path', () => {
    expect(tree.length).toBeGreaterThan(100);
    expect(respelt(tree)).toEqual([]);
  });

  it('finds a re-spelt topic, pattern and close code (planted)', () => {
    const planted = [
      { path: 'src/feed/bridge.ts', text: "export const TICKERS_TOPIC = 'market.tickers';" },
      { path: 'src/screens/deal/DepthLadder.tsx', text: 'useTopic(`market.${symbol}.depth.step0`, f);' },
      { path: 'server/platform/feed/topics.ts', text: 'const TOPIC = /^market\\.([a-z0-9]{1,20})\\.detail$/;' },
      { path: 'server/platform/feed/hub.ts', text: 'export const CLOSE_FLOOD = 4002;' },
    ];
    expect(respelt(planted)).toEqual([
      'src/feed/bridge.ts: the tickers topic',
      'src/screens/deal/DepthLadder.tsx: a per-symbol topic',
      'server/platform/feed/topics.ts: the topic pattern',
      'server/platform/feed/hub.ts: a close code',
    ]);
  });
});
