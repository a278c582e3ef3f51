// The session kept in localStorage, read without Redux: index.html's boot script (src/app/boot.ts)
// reads it too, to draw the home page's first screen logged in or out before any module loads.
import type { User } from '../../contract/generated/types';

export interface SessionState {
  token: string | null;
  user: User | null;
}

const STORAGE_KEY = 'session';

export function loadSession(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): SessionState {
  try {
    const parsed = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null') as SessionState | null;
    if (parsed && typeof parsed.token === 'string') return { token: parsed.token, user: parsed.user ?? null };
  } catch {
    // a corrupt entry is the same as no session
  }
  return { token: null, user: null };
}

export function saveSession(state: SessionState, storage: Pick<Storage, 'setItem' | 'removeItem'> = localStorage): void {
  if (state.token) storage.setItem(STORAGE_KEY, JSON.stringify(state));
  else storage.removeItem(STORAGE_KEY);
}
