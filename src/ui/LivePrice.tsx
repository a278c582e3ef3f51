// A live price that flashes green when it rises and red when it falls (src/app/styles.css
// .flash-up/.flash-down; without the motion under prefers-reduced-motion), then settles.
import { useEffect, useRef, useState } from 'react';
import { compare, type DecimalValue } from '../../contract/decimal';

export const FLASH_MS = 800;

export type Flash = 'up' | 'down' | undefined;

function movement(before: DecimalValue, now: DecimalValue): -1 | 0 | 1 {
  try {
    return compare(now, before);
  } catch {
    return 0;
  }
}

/** 'up' or 'down' for FLASH_MS after `value` rises or falls; undefined before the first change and after. */
export function usePriceFlash(value: DecimalValue | undefined): Flash {
  const previous = useRef(value);
  const [flash, setFlash] = useState<Flash>(undefined);
  useEffect(() => {
    const before = previous.current;
    previous.current = value;
    if (before === undefined || before === '' || value === undefined || value === '') return;
    const move = movement(before, value);
    if (move === 0) return;
    setFlash(move > 0 ? 'up' : 'down');
    const timer = setTimeout(() => setFlash(undefined), FLASH_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return flash;
}

/** `text` (the formatted price) in a span that flashes as `value` (the plain price) moves. */
export function LivePrice({ value, text, className }: { value: DecimalValue | undefined; text: string; className?: string }) {
  const flash = usePriceFlash(value);
  const classes = [className, flash && `flash-${flash}`].filter(Boolean).join(' ');
  return <span className={classes || undefined}>{text}</span>;
}
