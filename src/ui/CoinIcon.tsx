// A coin's face: its logo (an SVG per coin under public/static/coins, contract/coin-logos, fetched
// by the browser only when shown, so no screen's chunk carries it) or, for a coin without one, a monogram: its first
// letters on a colour derived from the symbol, the same colour for the same coin everywhere.
import { coinLogo } from '../../contract/coin-logos';

export { coinLogo };

/** A monogram's letters (up to 2) and its colour, a hue from the symbol's characters. */
export function monogram(coin: string): { letters: string; background: string } {
  const c = coin.toUpperCase();
  let hash = 0;
  for (const ch of c) hash = (hash * 31 + ch.charCodeAt(0)) % 360;
  return { letters: c.replace(/[^A-Z0-9]/g, '').slice(0, 2) || '?', background: `hsl(${hash} 55% 42%)` };
}

/**
 * A coin's logo or monogram, named for assistive technology by `name` (the coin's full name) or
 * the code. `logo`: an operator's logo URL (the coin table's), drawn before the built-in one.
 */
export function CoinIcon({ coin, name, logo, size = 24 }: { coin: string; name?: string; logo?: string; size?: number }) {
  const label = name || coin;
  const src = logo || coinLogo(coin);
  if (src) return <img className="coin-icon" src={src} alt={label} width={size} height={size} loading="lazy" decoding="async" data-coin-icon={coin} />;
  const m = monogram(coin);
  return (
    <span
      className="coin-icon coin-monogram"
      role="img"
      aria-label={label}
      data-coin-icon={coin}
      style={{ width: size, height: size, background: m.background, fontSize: size * (m.letters.length > 1 ? 0.38 : 0.5) }}
    >
      {m.letters}
    </span>
  );
}
