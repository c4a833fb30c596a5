import { configureStore } from '@reduxjs/toolkit';
import { api } from './api';

export function createStore() {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}
export type OrgStore = ReturnType<typeof createStore>;
