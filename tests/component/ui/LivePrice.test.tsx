// @vitest-environment happy-dom
// A live price flashes up when it rises, down when it falls, for FLASH_MS, and not on its first value.
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FLASH_MS, LivePrice } from '../../../src/ui/LivePrice';

const price = () => document.querySelector('span')!;

describe('LivePrice', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('flashes the way the price moved, then settles', () => {
    const { rerender } = render(<LivePrice value="100.5" text="100.50" className="pair-price" />);
    expect(price().className).toBe('pair-price');
    rerender(<LivePrice value="100.51" text="100.51" className="pair-price" />);
    expect(price().className).toBe('pair-price flash-up');
    act(() => void vi.advanceTimersByTime(FLASH_MS));
    expect(price().className).toBe('pair-price');
    rerender(<LivePrice value={99} text="99.00" className="pair-price" />);
    expect(price().className).toBe('pair-price flash-down');
    expect(price().textContent).toBe('99.00');
  });

  it('does not flash on the first price, an unchanged one or a missing one', () => {
    const { rerender } = render(<LivePrice value={undefined} text="--" />);
    rerender(<LivePrice value="5" text="5" />);
    expect(price().className).toBe('');
    rerender(<LivePrice value="5.000" text="5" />);
    expect(price().className).toBe('');
  });
});
