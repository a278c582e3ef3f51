// The operator's session in the back office: the token and who is signed in. The schema login
// form dispatches the engine's sessionStarted with the answer of POST /admin/login; it is kept in
// sessionStorage (this tab only, never beside the customer app's session in localStorage). The
// failed sign-ins since the operator's last sign-in (that answer's failedSignIns) stay until the
// operator has seen them (FailedSignIns.tsx).
import { createSlice } from '@reduxjs/toolkit';
import type { AdminSession } from '../../contract/generated/types';
import { loggedOut, sessionStarted } from '../store/session';

export type FailedSignIn = NonNullable<AdminSession['failedSignIns']>[number];

export interface OperatorState {
  token: string | null;
  name: string | null;
  failedSignIns?: FailedSignIn[];
  failedSignInCount?: number;
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
  reducers: {
    failedSignInsSeen: (state) => ({ token: state.token, name: state.name }),
  },
  extraReducers: (b) => {
    b.addCase(sessionStarted, (_s, action) => {
      const session = action.payload as unknown as AdminSession;
      const told = session.failedSignInCount ? { failedSignIns: session.failedSignIns ?? [], failedSignInCount: session.failedSignInCount } : {};
      return { token: session.token, name: session.name, ...told };
    });
    b.addCase(loggedOut, () => ({ token: null, name: null }));
  },
});

export const operatorReducer = slice.reducer;
export const { failedSignInsSeen } = slice.actions;
