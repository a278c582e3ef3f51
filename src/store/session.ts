import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '../../contract/generated/types';
import { loadSession, saveSession, type SessionState } from './savedSession';

export type { SessionState };

export { loadSession, saveSession };

const sessionSlice = createSlice({
  name: 'session',
  initialState: (): SessionState => ({ token: null, user: null }),
  reducers: {
    sessionStarted: (_state, action: PayloadAction<{ token: string; user: User }>) => ({ ...action.payload }),
    userLoaded: (state, action: PayloadAction<User>) => {
      state.user = action.payload;
    },
    loggedOut: () => ({ token: null, user: null }),
  },
});

export const { sessionStarted, userLoaded, loggedOut } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;
