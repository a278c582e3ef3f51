// Which coins have a logo, and where: an SVG per coin under public/static/coins (served at
// /static/coins/<coin>.svg), for the app's coin faces (src/ui/CoinIcon) and the market list's
// `logo` (spec: POST /base/tradelist), the metals and currencies of the forex list included. tests/unit/ui/coin-icon.test.ts checks the files exist.

/** Coins with a logo at /static/coins/<coin>.svg */
export const COIN_LOGOS: readonly string[] = [
  'BTC',
  'ETH',
  'USDT',
  'USDC',
  'BNB',
  'TRX',
  'SOL',
  'XRP',
  'DOGE',
  'ADA',
  'LTC',
  'DOT',
  'XAU',
  'XAG',
  'EUR',
  'GBP',
  'USD',
  'AUD',
];

/** The logo URL of a coin (any case), or undefined for a coin that has none. */
export function coinLogo(coin: string): string | undefined {
  const c = coin.toUpperCase();
  return COIN_LOGOS.includes(c) ? `/static/coins/${c.toLowerCase()}.svg` : undefined;
}
