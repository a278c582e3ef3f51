// Login-password hashing runs a bounded number at a time (server/platform/security/password.ts
// hashSlots, a FifoSemaphore): a burst of sign-ins waits in arrival order instead of taking
// every core and libuv thread from the rest of the server.
import { describe, expect, it } from 'vitest';
import { FifoSemaphore } from '../../server/platform/security/fifo-semaphore.ts';
import { hashPassword, hashConcurrency, hashSlots, verifyPassword } from '../../server/platform/security/password.ts';

function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('FifoSemaphore', () => {
  it('runs at most `limit` tasks at once and starts the others in the order they came', async () => {
    const slots = new FifoSemaphore(2);
    const gates = [gate(), gate(), gate(), gate(), gate()];
    const started: number[] = [];
    const done = gates.map((g, i) =>
      slots.run(async () => {
        started.push(i);
        await g.opened;
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect([slots.running, slots.waiting]).toEqual([2, 3]);
    gates[1].open();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates[0].open();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    slots.limit = 3;
    await tick();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    for (const g of gates) g.open();
    expect(await Promise.all(done)).toEqual([0, 1, 2, 3, 4]);
    expect([slots.running, slots.waiting]).toEqual([0, 0]);
  });

  it('frees the slot when a task fails', async () => {
    const slots = new FifoSemaphore(1);
    await expect(slots.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await slots.run(async () => 'next')).toBe('next');
    expect(() => (slots.limit = 0)).toThrow(RangeError);
  });
});

describe('scrypt under the limit', () => {
  it('with the limit at 1, hashes run one after the other, in the order they were asked for', async () => {
    const limit = hashSlots.limit;
    hashSlots.limit = 1;
    try {
      const finished: string[] = [];
      let mostAtOnce = 0;
      const watch = setInterval(() => (mostAtOnce = Math.max(mostAtOnce, hashSlots.running)), 0);
      const hashes = ['first', 'second', 'third'].map((name) => hashPassword(name).then((hash) => (finished.push(name), hash)));
      expect([hashSlots.running, hashSlots.waiting]).toEqual([1, 2]);
      const stored = await Promise.all(hashes);
      clearInterval(watch);
      expect(finished).toEqual(['first', 'second', 'third']);
      expect(mostAtOnce).toBe(1);
      expect(await verifyPassword('second', stored[1])).toBe(true);
    } finally {
      hashSlots.limit = limit;
    }
  });

  it('PASSWORD_HASH_CONCURRENCY sets the limit; by default a core and a pool thread stay free', () => {
    expect(hashConcurrency({ PASSWORD_HASH_CONCURRENCY: '3' })).toBe(3);
    expect(() => hashConcurrency({ PASSWORD_HASH_CONCURRENCY: '0' })).toThrow(/positive integer/);
    expect(hashConcurrency({ UV_THREADPOOL_SIZE: '1' })).toBe(1);
    expect(hashConcurrency({})).toBeGreaterThanOrEqual(1);
    expect(hashConcurrency({})).toBeLessThanOrEqual(3);
  });
});
