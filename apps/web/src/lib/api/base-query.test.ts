import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { z } from 'zod';
import { MESSAGES } from '@veridocs/shared';
import { fail, makeSession, ok, storeSession } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { createTestApp } from '../../test/render';
import { setNotifier, type Notifier } from '../notify';
import { apiBaseQuery, lazySchema, queryErrorMessage } from './base-query';

const URL = '/api/verification/v1/things';
const schema = z.object({ name: z.string(), count: z.number().default(0) });
const queryApi = (signal = new AbortController().signal) => ({ signal }) as BaseQueryApi;

let api: MockApi;
let notifier: Mock<Notifier>;
beforeEach(() => {
  api = mockApi();
  storeSession(makeSession());
  createTestApp();
  notifier = vi.fn<Notifier>();
  setNotifier(notifier);
});
afterEach(() => api.restore());

describe('apiBaseQuery: the one client, every answer parsed (ADR 0013)', () => {
  it('resolves to the parsed data (schema defaults applied) through the client’s headers', async () => {
    api.on('get', URL, { status: 200, body: ok({ name: 'a' }) });
    const result = await apiBaseQuery({ url: URL, schema }, queryApi(), {});
    expect(result).toEqual({ data: { name: 'a', count: 0 } });
    expect(api.calls[0]?.headers['authorization']).toMatch(/^Bearer /);
    expect(api.calls[0]?.headers['partner-org-id']).toBeTruthy();
  });

  it('a lazy schema (issue 31 §2) is loaded with the request and parses as the schema itself', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = vi.fn(() => Promise.resolve({ schema }));
    const lazy = lazySchema(load, (module) => module.schema);
    api.on('get', URL, { status: 200, body: ok({ name: 'a' }) });
    expect(await apiBaseQuery({ url: URL, schema: lazy }, queryApi(), {})).toEqual({
      data: { name: 'a', count: 0 },
    });
    api.on('get', `${URL}/2`, { status: 200, body: ok({ name: 42 }) });
    const malformed = await apiBaseQuery({ url: `${URL}/2`, schema: lazy }, queryApi(), {});
    expect(malformed.error).toMatchObject({ malformed: true, message: MESSAGES.unexpectedError });
    expect(load).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalled();
  });

  it('a lazy schema that cannot be loaded is an error: no answer reaches the screen unparsed', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.on('get', URL, { status: 200, body: ok({ name: 'a' }) });
    const result = await apiBaseQuery(
      { url: URL, schema: () => Promise.reject(new Error('chunk')) },
      queryApi(),
      {},
    );
    expect(result.data).toBeUndefined();
    expect(result.error).toMatchObject({ malformed: false, message: MESSAGES.unexpectedError });
  });

  it('sends the method and the JSON body', async () => {
    api.on('post', URL, { status: 200, body: ok({ name: 'b' }) });
    await apiBaseQuery({ url: URL, method: 'post', body: { x: 1 }, schema }, queryApi(), {});
    expect(api.callsTo('post', URL)[0]?.body).toEqual({ x: 1 });
  });

  it('a malformed answer is an error, not a silent cast', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.on('get', URL, { status: 200, body: ok({ name: 42 }) });
    const result = await apiBaseQuery({ url: URL, schema }, queryApi(), {});
    expect(result.data).toBeUndefined();
    expect(result.error).toMatchObject({ malformed: true, message: MESSAGES.unexpectedError, code: null });
    expect(warn).toHaveBeenCalled();
    expect(queryErrorMessage(result.error)).toBe(MESSAGES.unexpectedError);
  });

  it('a failure comes back to the caller with its status, code, message and data, and no snackbar from the client', async () => {
    api.on('put', URL, {
      status: 422,
      body: fail(107, 'name is required', [{ path: 'name', message: 'Required' }]),
    });
    const result = await apiBaseQuery({ url: URL, method: 'put', schema }, queryApi(), { noSnackbar: true });
    expect(result.error).toEqual({
      status: 422,
      code: 107,
      message: 'name is required',
      data: [{ path: 'name', message: 'Required' }],
      cancelled: false,
      malformed: false,
      url: URL,
      method: 'put',
      noSnackbar: true,
    });
    expect(queryErrorMessage(result.error)).toBe('Name is required');
    expect(notifier).not.toHaveBeenCalled();
  });

  it('an aborted call is cancelled (the catalogue says nothing about it)', async () => {
    const controller = new AbortController();
    controller.abort();
    api.on('get', URL, { status: 200, body: ok({ name: 'a' }) });
    const result = await apiBaseQuery({ url: URL, schema }, queryApi(controller.signal), {});
    expect(result.error).toMatchObject({ cancelled: true });
  });
});
