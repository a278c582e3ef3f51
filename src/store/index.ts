import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { api } from '../api/base';
import { marketReducer } from './market';
import { loadSession, saveSession, sessionReducer, type SessionState } from './session';

const rootReducer = combineReducers({ [api.reducerPath]: api.reducer, session: sessionReducer, market: marketReducer });

export function createStore(session: SessionState = loadSession()) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { session },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  let last = store.getState().session;
  store.subscribe(() => {
    const next = store.getState().session;
    if (next !== last && typeof localStorage !== 'undefined') saveSession(next);
    last = next;
  });
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
