// The start-up version check (issue 8 part 7): a server version other than the build's clears
// the caches and reloads once, never in a loop; the same version or no answer changes nothing.
import { describe, expect, it } from 'vitest';
import { checkVersion, RELOADED_FOR, type VersionCheck } from '../../../src/app/versionCheck';

function harness(server: string | undefined | Error, stored: Record<string, string> = {}) {
  const calls: string[] = [];
  const data = { ...stored };
  const c: VersionCheck = {
    appVersion: '1.3.5',
    serverVersion: async () => {
      if (server instanceof Error) throw server;
      return server;
    },
    storage: {
      getItem: (k) => data[k] ?? null,
      setItem: (k, v) => void (data[k] = v),
      removeItem: (k) => void delete data[k],
    },
    clearCaches: async () => void calls.push('clear'),
    reload: () => void calls.push('reload'),
  };
  return { c, calls, data };
}

describe('version check', () => {
  it('clears the caches, then reloads, when the server runs another version', async () => {
    const h = harness('1.4.0');
    expect(await checkVersion(h.c)).toBe('reloading');
    expect(h.calls).toEqual(['clear', 'reload']);
    expect(h.data[RELOADED_FOR]).toBe('1.4.0');
  });

  it('reloads only once for the same server version', async () => {
    const h = harness('1.4.0', { [RELOADED_FOR]: '1.4.0' });
    expect(await checkVersion(h.c)).toBe('already-reloaded');
    expect(h.calls).toEqual([]);
  });

  it('reloads again for a newer server version after an earlier reload', async () => {
    const h = harness('1.5.0', { [RELOADED_FOR]: '1.4.0' });
    expect(await checkVersion(h.c)).toBe('reloading');
    expect(h.calls).toEqual(['clear', 'reload']);
  });

  it('does nothing when the versions match, and forgets an earlier reload', async () => {
    const h = harness('1.3.5', { [RELOADED_FOR]: '1.4.0' });
    expect(await checkVersion(h.c)).toBe('current');
    expect(h.calls).toEqual([]);
    expect(h.data[RELOADED_FOR]).toBeUndefined();
  });

  it('does nothing when the server cannot be asked', async () => {
    for (const server of [undefined, new Error('offline')]) {
      const h = harness(server);
      expect(await checkVersion(h.c)).toBe('unknown');
      expect(h.calls).toEqual([]);
    }
  });
});
