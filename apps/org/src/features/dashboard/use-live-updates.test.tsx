import { renderHook, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORG_API_PATHS } from '@veridocs/shared';
import { api } from '../../app/api';
import { createStore } from '../../app/store';
import { signIn } from '../../test/render';
import { useLiveUpdates } from './use-live-updates';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function setUp() {
  const controllers: ReadableStreamDefaultController<Uint8Array>[] = [];
  const signals: AbortSignal[] = [];
  const fetchMock = vi.fn((_url: string, init: RequestInit) => {
    signals.push(init.signal!);
    const body = new ReadableStream<Uint8Array>({ start: (c) => void controllers.push(c) });
    return Promise.resolve({ ok: true, status: 200, body } as unknown as Response);
  });
  vi.stubGlobal('fetch', fetchMock);
  const store = createStore();
  const dispatch = vi.spyOn(store, 'dispatch');
  const invalidations = () =>
    dispatch.mock.calls.filter(([action]) => api.util.invalidateTags.match(action as never)).length;
  const hook = renderHook(() => useLiveUpdates(10), {
    wrapper: ({ children }) => <Provider store={store}>{children}</Provider>,
  });
  const send = (text: string) => controllers.at(-1)!.enqueue(new TextEncoder().encode(text));
  return { fetchMock, controllers, signals, invalidations, hook, send };
}

describe('useLiveUpdates', () => {
  it('reads the stream with the bearer and refetches on each data event, not on comments', async () => {
    signIn();
    const t = setUp();
    await waitFor(() => expect(t.controllers).toHaveLength(1));
    expect(t.fetchMock.mock.calls[0]![0]).toBe(ORG_API_PATHS.events);
    expect(t.fetchMock.mock.calls[0]![1].headers).toMatchObject({ authorization: 'Bearer org-token' });
    t.send('retry: 5000\n: connected\n\n: heartbeat\n\n');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(t.invalidations()).toBe(0);
    // An event split across two chunks counts once, when its line is complete.
    t.send('event: candidate\ndata: {"transactionId"');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(t.invalidations()).toBe(0);
    t.send(':"t1"}\n\n');
    await waitFor(() => expect(t.invalidations()).toBe(1));
    t.send('event: resync\ndata: {}\n\n');
    await waitFor(() => expect(t.invalidations()).toBe(2));
  });

  it('reconnects after a drop, refetching what it may have missed, and aborts on unmount', async () => {
    signIn();
    const t = setUp();
    await waitFor(() => expect(t.controllers).toHaveLength(1));
    t.controllers[0]!.close();
    await waitFor(() => expect(t.fetchMock).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(t.invalidations()).toBe(1));
    t.hook.unmount();
    expect(t.signals[1]!.aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(t.fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not connect without a session', async () => {
    const t = setUp();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(t.fetchMock).not.toHaveBeenCalled();
  });
});
