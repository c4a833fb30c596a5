import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { apiRequest, ApiError } from '../lib/api-client';

/** What a failed endpoint hands a screen: the server's code, status, message and data. */
export interface ConsoleQueryError {
  code: number | null;
  status: number | null;
  message: string;
  data: unknown;
}

export interface ConsoleQueryArgs {
  url: string;
  method?: string;
  body?: unknown;
}

const baseQuery: BaseQueryFn<ConsoleQueryArgs | string, unknown, ConsoleQueryError> = async (args) => {
  const { url, method, body } = typeof args === 'string' ? { url: args } : args;
  try {
    return { data: await apiRequest<unknown>(url, { method, body }) };
  } catch (error) {
    if (error instanceof ApiError)
      return { error: { code: error.code, status: error.status, message: error.message, data: error.data } };
    return { error: { code: null, status: null, message: String(error), data: null } };
  }
};

/**
 * The console's one data layer: RTK Query over the ops API client. Features add their endpoints
 * beside their screens (`api.injectEndpoints`).
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Cases', 'Case', 'Me'],
  refetchOnMountOrArgChange: true,
  endpoints: () => ({}),
});

export const isConsoleQueryError = (error: unknown): error is ConsoleQueryError =>
  typeof error === 'object' && error !== null && 'message' in error && 'code' in error;
