// @vitest-environment happy-dom
// The chosen pair's price as a polite live region: it follows the shown price at most every
// ANNOUNCE_MS, so a screen reader hears the price move without a message on every tick.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../../locales/en-US.json';
import { ANNOUNCE_MS, PriceAnnouncer } from '../../../src/screens/market/PriceAnnouncer';
import { useLanguage } from '../render';

beforeAll(() => useLanguage('en-US'));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('price live region', () => {
  it('says the price it was opened with, skips the ticks in between and takes the newest after ANNOUNCE_MS', () => {
    vi.useFakeTimers();
    const { rerender } = render(<PriceAnnouncer price="68,000.10" />);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-atomic')).toBe('true');
    expect(region.textContent).toBe(`${en.trade.price}: 68,000.10`);
    rerender(<PriceAnnouncer price="68,001.00" />);
    rerender(<PriceAnnouncer price="68,002.50" />);
    act(() => vi.advanceTimersByTime(ANNOUNCE_MS - 1));
    expect(region.textContent).toBe(`${en.trade.price}: 68,000.10`);
    act(() => vi.advanceTimersByTime(1));
    expect(region.textContent).toBe(`${en.trade.price}: 68,002.50`);
  });

  it('holds the first price as soon as it arrives instead of the placeholder', () => {
    vi.useFakeTimers();
    const { rerender } = render(<PriceAnnouncer price="--" />);
    rerender(<PriceAnnouncer price="2,345.67" />);
    expect(screen.getByRole('status').textContent).toBe(`${en.trade.price}: 2,345.67`);
  });
});
