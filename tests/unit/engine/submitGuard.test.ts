import { describe, expect, it } from 'vitest';
import { createSubmitGuard } from '../../../src/engine/submitGuard';

describe('double-submit guard', () => {
  it('drops a second tap within 500 ms and runs one after it', async () => {
    let now = 1000;
    const guard = createSubmitGuard(500, () => now);
    let calls = 0;
    const task = async () => ++calls;
    expect(await guard.run(task)).toBe(1);
    now += 300;
    expect(await guard.run(task)).toBeUndefined();
    now += 250;
    expect(await guard.run(task)).toBe(2);
  });
  it('drops a tap one millisecond before the window ends and runs one exactly at its end', async () => {
    let now = 1000;
    const guard = createSubmitGuard(500, () => now);
    let calls = 0;
    const task = async () => ++calls;
    expect(await guard.run(task)).toBe(1);
    now = 1499;
    expect(await guard.run(task)).toBeUndefined();
    now = 1500;
    expect(await guard.run(task)).toBe(2);
  });
  it('drops submits while a call is in flight, however long it takes', async () => {
    let now = 0;
    const guard = createSubmitGuard(500, () => now);
    let release!: () => void;
    const slow = guard.run(() => new Promise<string>((r) => (release = () => r('done'))));
    now += 5000;
    expect(guard.busy).toBe(true);
    expect(await guard.run(async () => 'second')).toBeUndefined();
    release();
    expect(await slow).toBe('done');
    expect(await guard.run(async () => 'third')).toBe('third');
  });
  it('runs a corrected submit at once after the server refused the last one', async () => {
    let now = 1000;
    const guard = createSubmitGuard(500, () => now);
    expect(await guard.run(async () => false)).toBe(false);
    now += 100;
    expect(await guard.run(async () => 'sent')).toBe('sent');
    now += 100;
    expect(await guard.run(async () => 'double tap')).toBeUndefined();
  });
});
