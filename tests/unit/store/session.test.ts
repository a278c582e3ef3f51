import { describe, expect, it } from 'vitest';
import { loadSession, loggedOut, saveSession, sessionReducer, sessionStarted } from '../../../src/store/session';

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k), m };
}

const user = { ID: 1, email: 'a@b.co', phone: '', countryCode: '', invitationCode: 'ABC123', creditScore: 100, realNameStatus: 0, hasPayPassword: false, antiPhishingCode: '' };

describe('session', () => {
  it('stores token and user on login and clears both on logout', () => {
    const s = sessionReducer(undefined, sessionStarted({ token: 't1', user }));
    expect(s).toEqual({ token: 't1', user });
    expect(sessionReducer(s, loggedOut())).toEqual({ token: null, user: null });
  });
  it('survives a reload through storage and is removed on logout', () => {
    const storage = memoryStorage();
    saveSession({ token: 't1', user }, storage);
    expect(loadSession(storage)).toEqual({ token: 't1', user });
    saveSession({ token: null, user: null }, storage);
    expect(storage.m.size).toBe(0);
    expect(loadSession(storage)).toEqual({ token: null, user: null });
  });
  it('treats a corrupt entry as no session', () => {
    const storage = memoryStorage();
    storage.setItem('session', '{not json');
    expect(loadSession(storage)).toEqual({ token: null, user: null });
  });
});
