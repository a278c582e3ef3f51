// A small stroke icon set, so icons look the same on every device (emoji fonts vary).
const PATHS = {
  home: 'M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10',
  market: 'M4 19V9M10 19V5M16 19v-7M22 19H2',
  trade: 'M7 4L3 8l4 4M3 8h14M17 20l4-4-4-4M21 16H7',
  assets: 'M3 7h18v12H3zM3 7l2-3h14l2 3M16 13h2',
  user: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21a8 8 0 0116 0',
  globe: 'M12 21a9 9 0 100-18 9 9 0 000 18zM3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18',
  megaphone: 'M3 10v4h4l8 5V5L7 10H3zM18 9a4 4 0 010 6',
  deposit: 'M12 3v12M7 10l5 5 5-5M4 20h16',
  withdraw: 'M12 21V9M7 14l5-5 5 5M4 4h16',
  clock: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 7v5l3 3',
  star: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z',
  layers: 'M12 3l9 5-9 5-9-5 9-5zM3 13l9 5 9-5',
  swap: 'M4 9h14l-3-3M20 15H6l3 3',
  coins: 'M9 11a6 3 0 100-.01zM3 11v4c0 1.7 2.7 3 6 3s6-1.3 6-3v-4M15 8.2c3.1.3 6 1.5 6 2.8v4c0 1.4-2.4 2.6-5.5 2.9',
  bank: 'M3 10l9-6 9 6M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 21h18',
  idCard: 'M3 5h18v14H3zM8 13a2 2 0 100-4 2 2 0 000 4zM5 17c.5-1.5 1.7-2 3-2s2.5.5 3 2M14 10h4M14 14h4',
  mail: 'M3 6h18v12H3zM3 7l9 6 9-6',
  headset: 'M4 15v-3a8 8 0 0116 0v3M4 15h3v5H4zM17 15h3v5h-3z',
  bell: 'M6 16v-5a6 6 0 0112 0v5l2 2H4zM10 21h4',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 20 }: { name: IconName; size?: number }) {
  return <PathIcon d={PATHS[name]} size={size} />;
}

/** An icon of the same set drawn from its path; for the few icons only one lazy screen uses, so their paths stay out of every route's bundle. */
export function PathIcon({ d, size = 20 }: { d: string; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={d} />
    </svg>
  );
}
