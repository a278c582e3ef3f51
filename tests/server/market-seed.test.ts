// The market is unpredictable (DESIGN principle 6): the simulator's seed is 256 random bits
// per installation, stored on first start and never printed; a test may choose it, nobody
// else. Rebuilding the simulator from the code with guessed seeds predicts nothing.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMarket, type Simulator } from '../../server/platform/market/index.ts';
import { readMarketSeed } from '../../server/trading/settings.ts';
import { clock, startServer, type TestServer, tempDir } from './helpers.ts';

const open: TestServer[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.app.close();
});

const GUESSES = [1, 0, 42, 7, 2 ** 32 - 1];
const MINUTES = 5;
const SYMBOLS = ['btcusdt', 'ethusdt', 'solusdt'];

/** 1-minute closes of a few minutes from the clock's start */
function closes(m: Simulator, c: ReturnType<typeof clock>): string[] {
  for (let i = 0; i < MINUTES * 60; i++) {
    c.advance(1000);
    m.advanceTo(c.now());
  }
  return SYMBOLS.flatMap((s) => m.bars(s, '1min', MINUTES).map((b) => b.close));
}

async function installation(opts: { testMode?: boolean; marketSeed?: number } = {}): Promise<{ s: TestServer; closes: string[] }> {
  const c = clock();
  const s = await startServer({ scheduler: false, ...opts }, c);
  open.push(s);
  return { s, closes: closes(s.app.market as Simulator, c) };
}

function guessed(seed: number): string[] {
  const c = clock();
  const m = createMarket({ seed, now: c.now, autoStep: false });
  try {
    return closes(m, c);
  } finally {
    m.close();
  }
}

describe('market seed', () => {
  it('a default installation cannot be predicted from the code with guessed seeds', async () => {
    const log = vi.spyOn(console, 'log');
    const { s, closes: actual } = await installation();
    const secret = await readMarketSeed(s.app.db);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    for (const seed of GUESSES) {
      const predicted = guessed(seed);
      expect(predicted).toHaveLength(actual.length);
      const hits = predicted.filter((p, i) => p === actual[i]).length;
      expect(hits, `seed ${seed}`).toBeLessThan(actual.length / 3);
    }
    expect(log.mock.calls.flat().join(' ')).not.toContain(secret!);
    log.mockRestore();
  });

  it('two installations have different seeds and prices', async () => {
    const a = await installation();
    const b = await installation();
    expect(await readMarketSeed(a.s.app.db)).not.toBe(await readMarketSeed(b.s.app.db));
    expect(a.closes).not.toEqual(b.closes);
  });

  it('marketSeed and MARKET_SEED are honoured in test mode only', async () => {
    const chosen = await installation({ marketSeed: 42 });
    expect(chosen.closes).toEqual(guessed(42));
    const ignored = await installation({ marketSeed: 42, testMode: false });
    expect(ignored.closes).not.toEqual(guessed(42));
    vi.stubEnv('MARKET_SEED', '42');
    try {
      expect((await installation()).closes).toEqual(guessed(42));
      expect((await installation({ testMode: false })).closes).not.toEqual(guessed(42));
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('keeps its seed across restarts (the stored one wins over any asked for later)', async () => {
    const dataDir = tempDir('coinapp-seed-');
    const first = await startServer({ dataDir, scheduler: false }, clock());
    const secret = await readMarketSeed(first.app.db);
    await first.app.close();
    const second = await startServer({ dataDir, scheduler: false, marketSeed: 1 }, clock());
    open.push(second);
    expect(await readMarketSeed(second.app.db)).toBe(secret);
  });
});
