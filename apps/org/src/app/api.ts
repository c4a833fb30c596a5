import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { apiRequest, ApiError } from '../lib/api-client';

/** What a failed endpoint hands a screen: the server's code, status, message and data. */
export interface OrgQueryError {
  code: number | null;
  status: number | null;
  message: string;
  data: unknown;
}

export interface OrgQueryArgs {
  url: string;
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

const baseQuery: BaseQueryFn<OrgQueryArgs | string, unknown, OrgQueryError> = async (args) => {
  const { url, method, body, headers } = typeof args === 'string' ? { url: args } : args;
  try {
    return { data: await apiRequest<unknown>(url, { method, body, headers }) };
  } catch (error) {
    if (error instanceof ApiError)
      return { error: { code: error.code, status: error.status, message: error.message, data: error.data } };
    return { error: { code: null, status: null, message: String(error), data: null } };
  }
};

/**
 * The portal's one data layer: RTK Query over the organisation API client. Features add their endpoints
 * beside their screens (`api.injectEndpoints`).
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'Me',
    'Forms',
    'Candidates',
    'Candidate',
    'Batches',
    'Users',
    'Billing',
    'Invoices',
    'Integration',
    'Settings',
  ],
  refetchOnMountOrArgChange: true,
  endpoints: () => ({}),
});

export const isOrgQueryError = (error: unknown): error is OrgQueryError =>
  typeof error === 'object' && error !== null && 'message' in error && 'code' in error;
