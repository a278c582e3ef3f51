// The back office's store: the shared RTK Query api (its screens' endpoints inject into it) and
// the operator's session.
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { api } from '../api/base';
import { operatorReducer, saveOperator } from './session';

const rootReducer = combineReducers({ [api.reducerPath]: api.reducer, operator: operatorReducer });

export function createAdminStore() {
  const store = configureStore({ reducer: rootReducer, middleware: (getDefault) => getDefault().concat(api.middleware) });
  let last = store.getState().operator;
  store.subscribe(() => {
    const next = store.getState().operator;
    if (next !== last) saveOperator(next);
    last = next;
  });
  return store;
}

export type AdminStore = ReturnType<typeof createAdminStore>;
export type AdminState = ReturnType<typeof rootReducer>;
