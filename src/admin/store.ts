// The back office's store: the shared RTK Query api (its screens' endpoints inject into it) and
// the operator's session.
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { api } from '../api/base';
import { operatorReducer, saveOperator } from './session';

// `session`, as in the customer store: the engine's widgets read state.session.token (an image that needs the session)
const rootReducer = combineReducers({ [api.reducerPath]: api.reducer, session: operatorReducer });

export function createAdminStore() {
  const store = configureStore({ reducer: rootReducer, middleware: (getDefault) => getDefault().concat(api.middleware) });
  let last = store.getState().session;
  store.subscribe(() => {
    const next = store.getState().session;
    if (next !== last) saveOperator(next);
    last = next;
  });
  return store;
}

export type AdminStore = ReturnType<typeof createAdminStore>;
export type AdminState = ReturnType<typeof rootReducer>;
