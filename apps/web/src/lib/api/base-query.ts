import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import type { z } from 'zod';
import { MESSAGES } from '@veridocs/shared';
import { ApiError, errorMessage, request, type ApiEnvelope } from '../api-client';

/**
 * A schema loaded when its request starts: the shared schemas (and zod) are built when their module
 * runs, which on the screens' first script was most of their blocking time (issue 31 §2). Loaded
 * beside the request, it parses the answer as the schema itself would.
 */
export type LazySchema = () => Promise<z.ZodType>;

/**
 * What an endpoint asks the base query for: the request and the shared zod schema of the answer's
 * `data` (or a LazySchema of it). The schema is required: no answer reaches a screen unparsed (ADR 0013).
 */
export interface ApiRequest {
  url: string;
  method?: 'get' | 'post' | 'put' | 'patch' | 'delete';
  body?: unknown;
  /** Extra request headers (an Idempotency-Key). */
  headers?: Record<string, string>;
  schema: z.ZodType | LazySchema;
}

/** Per endpoint (`extraOptions`): the caller shows this failure itself, so no snackbar (spec §8). */
export interface ApiExtraOptions {
  noSnackbar?: boolean;
}

/**
 * A failed call as the caller and the store see it (serialisable): the ApiError's status, envelope code,
 * message and data, plus what the error catalogue needs to decide the snackbar.
 */
export interface ApiQueryError {
  status: number | null;
  code: number | null;
  message: string;
  data: unknown;
  cancelled: boolean;
  /** The answer arrived but did not match its schema. */
  malformed: boolean;
  url: string;
  method: string;
  noSnackbar: boolean;
}

/** A hook's or unwrap()'s error as an ApiQueryError (RTK Query also types it as a SerializedError). */
export function isApiQueryError(error: unknown): error is ApiQueryError {
  return (
    typeof error === 'object' &&
    error !== null &&
    'malformed' in error &&
    'cancelled' in error &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

/** The failure as the plain client's ApiError, for the helpers that take one (errorMessage, hasCode). */
export function toApiError(error: unknown): unknown {
  if (!isApiQueryError(error)) return error;
  return new ApiError(error.message, {
    code: error.code,
    status: error.status,
    data: error.data,
    cancelled: error.cancelled,
  });
}

/** The message a screen shows inline for a failed call (errorMessage of the plain client's error). */
export function queryErrorMessage(error: unknown): string {
  if (isApiQueryError(error) && error.malformed) return error.message;
  return errorMessage(toApiError(error));
}

/**
 * RTK Query's base query over the one API client (lib/api-client.ts): its request guard, tokens,
 * headers and time-out apply; the client shows no snackbar for these calls (the api's error middleware
 * decides it, once, from the catalogue). Every success is parsed by the request's schema; a parse
 * failure is an error like any other.
 */
export const apiBaseQuery: BaseQueryFn<ApiRequest, unknown, ApiQueryError, ApiExtraOptions> = async (
  args,
  { signal },
  extraOptions,
) => {
  const method = args.method ?? 'get';
  const noSnackbar = extraOptions?.noSnackbar === true;
  const failure = (facts: Partial<ApiQueryError> & { message: string }): { error: ApiQueryError } => ({
    error: {
      status: null,
      code: null,
      data: null,
      cancelled: false,
      malformed: false,
      url: args.url,
      method,
      noSnackbar,
      ...facts,
    },
  });
  const schema = typeof args.schema === 'function' ? args.schema() : Promise.resolve(args.schema);
  // Not awaited if the request fails: its failure is the one to report.
  schema.catch(() => undefined);
  let body: unknown;
  try {
    const response = await request(method, args.url, args.body, {
      signal,
      snackbarElsewhere: true,
      headers: args.headers,
    });
    body = response.body;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return failure({
      status: error.status,
      code: error.code,
      message: error.message,
      data: error.data,
      cancelled: error.cancelled,
    });
  }
  let loaded: z.ZodType;
  try {
    loaded = await schema;
  } catch (error) {
    // The schema's chunk could not be downloaded (after loadWithRetry's retries): nothing unparsed.
    console.warn(`No schema for ${method.toUpperCase()} ${args.url}`, error);
    return failure({ message: MESSAGES.unexpectedError });
  }
  const parsed = loaded.safeParse((body as ApiEnvelope<unknown> | null)?.data);
  if (!parsed.success) {
    console.warn(`Unexpected answer from ${method.toUpperCase()} ${args.url}`, parsed.error.issues);
    return failure({ message: MESSAGES.unexpectedError, malformed: true });
  }
  return { data: parsed.data };
};

/**
 * The LazySchema of one export of a schema module: `lazySchema(load, (m) => m.someSchema)`, where `load`
 * is the module's dynamic import (through loadWithRetry, as every lazily loaded module).
 */
export function lazySchema<M>(load: () => Promise<M>, pick: (module: M) => z.ZodType): LazySchema {
  return () => load().then(pick);
}
