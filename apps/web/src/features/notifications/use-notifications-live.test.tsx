import { act, waitFor } from '@testing-library/react';
import { POLL, type NotificationItem } from '@veridocs/shared';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useGetCandidateTransactionsQuery } from '../../app/store/transactions-api';
import { makeSession, ok, storeSession } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render';
import { loadNotificationSchemas, notificationsApi } from './notifications-api';
import { useNotificationsLive } from './use-notifications-live';

const LIST = '/api/notification/notification';
const STREAM_TOKEN = '/api/notification/stream-token';
const TXNS = '/api/verification/v1/transactions/candidate-transaction';

const item = (id: string): NotificationItem => ({
  id,
  kind: 'verification',
  title: 'Action required',
  description: 'Your **Degree** verification',
  image: null,
  link: '/',
  createdAt: new Date().toISOString(),
});

let api: MockApi;
let served: NotificationItem[];

/** The live hook, and a screen showing the states (the home's card reads this list). */
function Probe() {
  useNotificationsLive();
  useGetCandidateTransactionsQuery({ seed: 0, count: 5 });
  return null;
}

const tick = () => act(() => vi.advanceTimersByTimeAsync(POLL.intervalMs));

// The answers' schemas load with the first request (issue 31 §2): loaded here once, as a phone has
// them after its first poll, so that each fake-timer poll settles before the next one is due.
beforeAll(async () => {
  await loadNotificationSchemas();
});

beforeEach(() => {
  // Only the poll's interval is driven by the test; waitFor and the requests keep real time.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  api = mockApi();
  served = [item('n-1')];
  api.on('get', LIST, () => ({ status: 200, body: ok({ list: served, total: served.length }) }));
  api.on('get', TXNS, { status: 200, body: ok({ list: [], total: 0 }) });
  // The stream is refused: the hook falls back to polling.
  api.on('post', STREAM_TOKEN, { status: 503, body: { code: 101, data: null, message: 'Unavailable' } });
  storeSession(makeSession());
});
afterEach(() => {
  api.restore();
  vi.useRealTimers();
});

describe('useNotificationsLive, polling (issue 24: the home card follows the notification)', () => {
  it('reads the states again when a poll finds a new notification, not when it finds none', async () => {
    // jsdom has no EventSource; a stream refused where it has one comes to the same polling.
    renderWithProviders(<Probe />);
    await waitFor(() => expect(api.callsTo('get', TXNS)).toHaveLength(1));

    await tick(); // the first poll learns what is there
    expect(api.callsTo('get', LIST)).toHaveLength(1);
    await tick(); // nothing new
    expect(api.callsTo('get', LIST)).toHaveLength(2);
    expect(api.callsTo('get', TXNS)).toHaveLength(1);

    served = [item('n-2'), item('n-1')];
    await tick();
    expect(api.callsTo('get', LIST)).toHaveLength(3);
    await waitFor(() => expect(api.callsTo('get', TXNS)).toHaveLength(2));

    await tick(); // the same list again: the states are not read again
    expect(api.callsTo('get', LIST)).toHaveLength(4);
    expect(api.callsTo('get', TXNS)).toHaveLength(2);
  });

  it('still reads the states when a screen put the new notification in the list before the poll', async () => {
    const { app } = renderWithProviders(<Probe />);
    await waitFor(() => expect(api.callsTo('get', TXNS)).toHaveLength(1));
    await tick(); // the first poll learns what is there
    served = [item('n-2'), item('n-1')];
    // The notifications page (or a mark-read) fetches the list between two polls.
    await act(() =>
      app.store.dispatch(
        notificationsApi.endpoints.getNotifications.initiate(undefined, {
          subscribe: false,
          forceRefetch: true,
        }),
      ),
    );
    await tick();
    await waitFor(() => expect(api.callsTo('get', TXNS)).toHaveLength(2));
  });

  it('counts a first notification as new once an empty list was read', async () => {
    served = [];
    renderWithProviders(<Probe />);
    await waitFor(() => expect(api.callsTo('get', TXNS)).toHaveLength(1));
    await tick();
    served = [item('n-1')];
    await tick();
    await waitFor(() => expect(api.callsTo('get', TXNS)).toHaveLength(2));
  });
});
