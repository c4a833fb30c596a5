import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import { makeProfile, makeSession, ok, storeSession } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { recordAnalytics } from '../../test/analytics-sink';
import { renderApp, settle } from '../../test/render';
import { isDesktopWindow } from './use-is-desktop';

let api: MockApi;
const originalSize = { width: window.innerWidth, height: window.innerHeight };

function resize(width: number, height: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: height });
  window.dispatchEvent(new Event('resize'));
}

beforeEach(() => {
  api = mockApi();
  api.on('get', '/api/web-wallet/profile', { status: 200, body: ok(makeProfile()) });
  api.on('post', '/api/web-wallet/profile/logout', { status: 200, body: ok(null) });
  storeSession(makeSession());
});
afterEach(() => {
  api.restore();
  resize(originalSize.width, originalSize.height);
});

describe('desktop rule (spec §9)', () => {
  it('is wider than 1080 px and taller than 500 px', () => {
    expect(isDesktopWindow(1081, 501)).toBe(true);
    expect(isDesktopWindow(1080, 900)).toBe(false);
    expect(isDesktopWindow(1440, 500)).toBe(false);
    expect(isDesktopWindow(390, 844)).toBe(false);
  });
});

describe('Contact Us rule wiring (spec §2)', () => {
  const LIST = '/api/verification/v1/transactions/candidate-transaction';
  const listOf = (...states: string[]) =>
    ok({
      list: states.map((state, n) => ({
        txnId: `txn-${n}`,
        orgId: 'org-1',
        formId: `form-${n}`,
        state,
        form: { name: `Form ${n}` },
        org: { name: 'Acme Corp', imageUrl: null },
        createdAt: '2026-11-01T10:00:00.000Z',
        updatedAt: '2026-11-20T10:00:00.000Z',
      })),
      total: states.length,
    });

  it('the navigation asks for the first 100 transactions and shows the block when the rule says so', async () => {
    resize(1440, 900);
    api.on('get', LIST, { status: 200, body: listOf('NOT_INITIALIZED', 'IN_PROGRESS') });
    renderApp({ route: '/terms' });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('heading', { name: 'Contact Us' })).toBeInTheDocument();
    expect(within(nav).getByText('Monday to Friday, 11 AM to 7 PM IST')).toBeInTheDocument();
    expect(api.callsTo('get', LIST).map((call) => call.url)).toEqual([`${LIST}?seed=0&count=100`]);
  });

  it('no block without a transaction in one of the rule’s states', async () => {
    resize(1440, 900);
    api.on('get', LIST, { status: 200, body: listOf('NOT_INITIALIZED', 'DATA_SAVED') });
    renderApp({ route: '/terms' });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(api.callsTo('get', LIST)).toHaveLength(1));
    await settle(10);
    expect(within(nav).queryByRole('heading', { name: 'Contact Us' })).not.toBeInTheDocument();
  });
});

describe('logged-in layout (spec §2)', () => {
  it('desktop: left navigation, notifications panel, top bar buttons', async () => {
    resize(1440, 900);
    renderApp({ route: '/' });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(nav).getByRole('link', { name: 'Payments' })).toHaveAttribute(
      'href',
      '/transaction-history',
    );
    expect(within(nav).getByRole('button', { name: /Watch Demo/ })).toHaveTextContent('New');
    expect(within(nav).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    // Mobile-only entries are not in the desktop menu.
    expect(within(nav).queryByRole('link', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'FAQs / Instructions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();

    const panel = screen.getByRole('complementary', { name: 'Notifications' });
    expect(await within(panel).findByText('No Notifications yet')).toBeInTheDocument();
    expect(
      within(panel).getByText('Once you start receiving notifications, they will show up here.'),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'See All' })).toHaveAttribute('href', '/notifications');

    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Veridocs home' })).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Watch Demo' })).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'Instructions / FAQs' })).toHaveAttribute(
      'href',
      '/instructions',
    );
  });

  it('mobile: a drawer from the menu button, with Notifications and FAQs / Instructions', async () => {
    resize(390, 844);
    const { user } = renderApp({ route: '/' });
    await screen.findByRole('heading', { name: 'Your verifications' });
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Notifications' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    expect(within(nav).getByRole('link', { name: 'FAQs / Instructions' })).toHaveAttribute(
      'href',
      '/instructions',
    );
    await user.click(within(nav).getByRole('link', { name: 'Profile' }));
    expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeInTheDocument();
  });

  it('Watch Demo opens the walkthrough video with English and Hindi captions', async () => {
    resize(1440, 900);
    const analytics = recordAnalytics();
    const { user, app } = renderApp({ route: '/' });
    await user.click(within(await screen.findByRole('banner')).getByRole('button', { name: 'Watch Demo' }));
    const dialog = await screen.findByRole('dialog', { name: 'How Veridocs works' });
    expect(analytics.events).toEqual([{ name: 'misc.watch_demo_opened', props: {} }]);
    expect(dialog).toHaveAccessibleDescription(/^A short walkthrough on a phone/);
    const video = dialog.querySelector('video');
    expect(video).not.toBeNull();
    if (!video) return;
    expect(video).toHaveAccessibleName('Veridocs walkthrough video');
    // Controls, inline on iPhones, and nothing downloaded before play but the poster.
    expect(video.controls).toBe(true);
    expect(video).toHaveAttribute('playsinline');
    expect(video).toHaveAttribute('preload', 'none');
    expect(video.getAttribute('poster')).toMatch(/poster\.jpg/);
    const sources = [...video.querySelectorAll('source')];
    expect(sources.map((s) => [s.getAttribute('src')?.replace(/^.*\//, ''), s.type])).toEqual([
      ['walkthrough.webm', 'video/webm; codecs="vp9"'],
      ['walkthrough.mp4', 'video/mp4'],
    ]);
    const tracks = [...video.querySelectorAll('track')];
    expect(
      tracks.map((tr) => [
        tr.kind,
        tr.srclang,
        tr.label,
        tr.default,
        tr.getAttribute('src')?.replace(/^.*\//, ''),
      ]),
    ).toEqual([
      ['captions', 'en', 'English', true, 'captions.en.vtt'],
      ['captions', 'hi', 'हिन्दी', false, 'captions.hi.vtt'],
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Close demo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.store.getState().misc.openDemo).toBe(false);
    // Opened once, tracked once.
    expect(analytics.names()).toEqual(['misc.watch_demo_opened']);

    // Escape closes it too.
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Watch Demo' }));
    await screen.findByRole('dialog', { name: 'How Veridocs works' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.store.getState().misc.openDemo).toBe(false);
  });

  it('Watch Demo in Hindi: Hindi strings and the Hindi captions shown by default', async () => {
    resize(390, 844);
    await act(() => setLanguage('hi', { persist: false }));
    try {
      const { user } = renderApp({ route: '/' });
      const banner = await screen.findByRole('banner');
      await user.click(await within(banner).findByRole('button', { name: 'डेमो देखें' }));
      const dialog = await screen.findByRole('dialog', { name: 'Veridocs कैसे काम करता है' });
      const video = dialog.querySelector('video');
      expect(video).toHaveAccessibleName('Veridocs वॉकथ्रू वीडियो');
      const shown = [...(video?.querySelectorAll('track') ?? [])].filter((tr) => tr.default);
      expect(shown.map((tr) => tr.srclang)).toEqual(['hi']);
      await user.click(within(dialog).getByRole('button', { name: 'हो गया' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    } finally {
      await act(() => setLanguage('en', { persist: false }));
    }
  });

  it('Log out ends the session and lands on /login', async () => {
    resize(1440, 900);
    const analytics = recordAnalytics();
    const { user, probe } = renderApp({ route: '/profile' });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(analytics.names()).toEqual([]);
    await user.click(within(nav).getByRole('button', { name: 'Log out' }));
    expect(analytics.events).toEqual([{ name: 'auth.logged_out', props: {} }]);
    expect(await screen.findByRole('heading', { name: 'Sign up / Login' })).toBeInTheDocument();
    expect(probe.current?.pathname).toBe('/login');
    expect(api.callsTo('post', '/api/web-wallet/profile/logout')).toHaveLength(1);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });

  it('the back button goes one step back; on the info page it returns to / with the query', async () => {
    resize(1440, 900);
    const { user, probe } = renderApp({ route: '/faq?orgId=o1' });
    expect(await screen.findByRole('tab', { name: 'FAQs', selected: true })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Instructions' }));
    await waitFor(() => expect(probe.current?.pathname).toBe('/instructions'));
    expect(probe.current?.search).toBe('?orgId=o1');
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(probe.current?.pathname).toBe('/'));
    expect(probe.current?.search).toBe('?orgId=o1');
  });
});
