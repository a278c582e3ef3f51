// Coin faces: every configured coin and every market's base (crypto, metals, currencies) has a logo file, a coin
// without one gets a monogram whose colour is the same each time and differs between coins.
import { existsSync, readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { COIN_LOGOS, coinLogo } from '../../../contract/coin-logos';
import coins from '../../../schemas/config/coins.json';
import markets from '../../../schemas/config/markets.json';
import { CoinIcon, monogram } from '../../../src/ui/CoinIcon';

describe('coin logos', () => {
  it('every configured coin and every market’s base has a logo, a readable SVG file, and a full name', () => {
    const needed = [...coins.coins.map((c) => c.coin), ...markets.markets.map((m) => m.base)];
    for (const coin of needed) {
      expect(COIN_LOGOS, coin).toContain(coin);
      const file = `public${coinLogo(coin)}`;
      expect(existsSync(file), file).toBe(true);
      expect(readFileSync(file, 'utf8')).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 32 32">/);
    }
    for (const c of coins.coins) expect(c.name, c.coin).not.toBe(c.coin);
    for (const m of markets.markets.filter((x) => x.from === 1)) expect(m.name, m.symbol).not.toBe(m.base);
  });
  it('coinLogo: any case, undefined for a coin without a logo', () => {
    expect(coinLogo('btc')).toBe('/static/coins/btc.svg');
    expect(coinLogo('XYZ')).toBeUndefined();
  });
});

describe('CoinIcon', () => {
  it('draws the logo as an image named by the coin', () => {
    const html = renderToStaticMarkup(createElement(CoinIcon, { coin: 'BTC', name: 'Bitcoin' }));
    expect(html).toContain('<img');
    expect(html).toContain('src="/static/coins/btc.svg"');
    expect(html).toContain('alt="Bitcoin"');
  });
  it('an operator logo comes first', () => {
    expect(renderToStaticMarkup(createElement(CoinIcon, { coin: 'PEPE', logo: '/u/pepe.png' }))).toContain('src="/u/pepe.png"');
  });
  it('a coin without a logo gets a monogram: its first letters on a colour from the symbol', () => {
    const html = renderToStaticMarkup(createElement(CoinIcon, { coin: 'PEPE', name: 'Pepe' }));
    expect(html).not.toContain('<img');
    expect(html).toMatch(/role="img" aria-label="Pepe"/);
    expect(html).toContain('>PE</span>');
    expect(monogram('PEPE')).toEqual(monogram('pepe'));
    expect(monogram('PEPE').background).not.toBe(monogram('WIF').background);
    expect(monogram('PEPE').background).toMatch(/^hsl\(\d+ 55% 42%\)$/);
    expect(monogram('').letters).toBe('?');
  });
});
