import { describe, expect, it } from 'vitest';
import { secondsLeft } from '../../../src/widgets/send-code/countdown';

describe('send-code countdown', () => {
  it('counts 60 s down to zero and never below', () => {
    expect(secondsLeft(null, 60, 5000)).toBe(0);
    expect(secondsLeft(0, 60, 0)).toBe(60);
    expect(secondsLeft(0, 60, 59_001)).toBe(1);
    expect(secondsLeft(0, 60, 60_000)).toBe(0);
    expect(secondsLeft(0, 60, 90_000)).toBe(0);
  });
});
