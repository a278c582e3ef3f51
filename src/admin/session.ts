// The operator's session in the back office: the token and who is signed in. The schema login
// form dispatches the engine's sessionStarted with the answer of POST /admin/login; it is kept in
// sessionStorage (this tab only, never beside the customer app's session in localStorage).
import { createSlice } from '@reduxjs/toolkit';
import type { AdminSession } from '../../contract/generated/types';
import { loggedOut, sessionStarted } from '../store/session';

export interface OperatorState {
  token: string | null;
  name: string | null;
}

const KEY = 'adminSession';

export function loadOperator(): OperatorState {
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as OperatorState | null;
    return saved?.token ? saved : { token: null, name: null };
  } catch {
    return { token: null, name: null };
  }
}

export function saveOperator(state: OperatorState): void {
  if (state.token) sessionStorage.setItem(KEY, JSON.stringify(state));
  else sessionStorage.removeItem(KEY);
}

const slice = createSlice({
  name: 'operator',
  initialState: loadOperator,
  reducers: {},
  extraReducers: (b) => {
    b.addCase(sessionStarted, (_s, action) => {
      const session = action.payload as unknown as AdminSession;
      return { token: session.token, name: session.name };
    });
    b.addCase(loggedOut, () => ({ token: null, name: null }));
  },
});

export const operatorReducer = slice.reducer;
