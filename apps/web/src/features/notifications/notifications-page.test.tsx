import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { NotificationItem } from '@veridocs/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeProfile, makeSession, ok, storeSession } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render';
import { relativeParts } from './relative-time';

const LIST = '/api/notification/notification';
let api: MockApi;
const originalSize = { width: window.innerWidth, height: window.innerHeight };

function resize(width: number, height: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: height });
  window.dispatchEvent(new Event('resize'));
}

const item = (n: number): NotificationItem => ({
  id: `n-${n}`,
  kind: n % 2 ? 'verification' : 'payment',
  title: `Title ${n}`,
  description: `Your **Degree ${n}** verification`,
  image: null,
  link: '/',
  createdAt: new Date(Date.now() - n * 60_000).toISOString(),
});

/** 25 notifications, paged by seed and count as the server does. */
function serve(total: number) {
  api.on('get', LIST, (call) => {
    const url = new URL(call.url, 'http://x');
    const seed = Number(url.searchParams.get('seed'));
    const count = Number(url.searchParams.get('count'));
    const list = Array.from({ length: Math.max(0, Math.min(count, total - seed)) }, (_, i) => item(seed + i));
    return { status: 200, body: ok({ list, total }) };
  });
}

beforeEach(() => {
  api = mockApi();
  api.on('get', '/api/web-wallet/profile', { status: 200, body: ok(makeProfile()) });
  storeSession(makeSession());
});
afterEach(() => {
  api.restore();
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 0 });
  resize(originalSize.width, originalSize.height);
});

describe('/notifications (spec §2, §9)', () => {
  it('loads 20, then 10 more within 10 px of the bottom; avatar letter, title, description, time', async () => {
    resize(390, 844);
    serve(25);
    // A page taller than the screen, scrolled to the top.
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 3000 });
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    renderApp({ route: '/notifications' });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(20));
    expect(api.callsTo('get', LIST).map((c) => c.url.split('?')[1])).toContain('seed=0&count=20');
    const first = within(list).getAllByRole('listitem')[0]!;
    // Under the screen's h1, each title is an h2 (axe's heading order, issue 24).
    expect(within(first).getByRole('heading', { name: 'Title 0', level: 2 })).toBeInTheDocument();
    expect(within(first).getByText('T')).toBeInTheDocument();
    expect(first.querySelector('strong')?.textContent).toBe('Degree 0');
    const time = first.querySelector('time')!;
    expect(time.textContent).toBe('a few secs');
    expect(time.getAttribute('tabindex')).toBe('0');

    // 11 px above the bottom: nothing yet; within 10 px: the next 10.
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 3000 - 844 - 11 });
    fireEvent.scroll(window);
    expect(api.callsTo('get', LIST)).toHaveLength(1);
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 3000 - 844 - 9 });
    fireEvent.scroll(window);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(25));
    expect(api.callsTo('get', LIST).map((c) => c.url.split('?')[1])).toContain('seed=20&count=10');
  });

  it('shows the empty state of spec §2, also when the call fails', async () => {
    resize(390, 844);
    api.on('get', LIST, { status: 500, body: { code: 500, data: null, message: 'x' } });
    renderApp({ route: '/notifications' });
    expect(await screen.findByText('No Notifications yet')).toBeInTheDocument();
    expect(
      screen.getByText('Once you start receiving notifications, they will show up here.'),
    ).toBeInTheDocument();
  });

  it('the desktop side panel shows the latest and See All', async () => {
    resize(1440, 900);
    serve(3);
    api.on('get', '/api/verification/v1/transactions/candidate-transaction', {
      status: 200,
      body: ok({ list: [], total: 0 }),
    });
    renderApp({ route: '/terms' });
    const panel = await screen.findByRole('complementary', { name: 'Notifications' });
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(3));
    expect(within(panel).getByRole('link', { name: 'See All' })).toHaveAttribute('href', '/notifications');
    // Under the panel's h2, the titles are h3s.
    expect(within(panel).getAllByRole('heading', { level: 3 })).toHaveLength(3);
  });
});

describe('relative time (spec §9)', () => {
  it('"a few secs", minutes, hours, "%d d"', () => {
    const now = Date.parse('2030-01-10T12:00:00Z');
    expect(relativeParts('2030-01-10T11:59:30Z', now)).toEqual({ unit: 'fewSecs', n: 0 });
    expect(relativeParts('2030-01-10T11:55:00Z', now)).toEqual({ unit: 'minutes', n: 5 });
    expect(relativeParts('2030-01-10T09:00:00Z', now)).toEqual({ unit: 'hours', n: 3 });
    expect(relativeParts('2030-01-07T12:00:00Z', now)).toEqual({ unit: 'days', n: 3 });
  });
});
