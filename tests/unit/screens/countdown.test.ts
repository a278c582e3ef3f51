import { describe, expect, it } from 'vitest';
import { secondsUntil } from '../../../src/screens/contract/countdown';

describe('futures countdown', () => {
  it('counts whole seconds down to zero', () => {
    const at = '2026-01-01T00:00:30.000Z';
    const start = Date.parse('2026-01-01T00:00:00.000Z');
    expect(secondsUntil(at, start)).toBe(30);
    expect(secondsUntil(at, start + 29_001)).toBe(1);
    expect(secondsUntil(at, start + 31_000)).toBe(0);
  });
});
