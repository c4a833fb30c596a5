import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n';
import { fail, makeProfile, makeSession, ok, storeSession } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render';

const URL_ = '/api/web-wallet/privacy/export';

let api: MockApi;
let saved: { blob: Blob; name: string }[];
beforeEach(() => {
  api = mockApi();
  storeSession(makeSession());
  api.on('get', '/api/web-wallet/profile', { status: 200, body: ok(makeProfile()) });
  saved = [];
  // jsdom has no object URLs and does not follow a download link: the page's save is observed here.
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const href = `blob:test/${blobs.size}`;
    blobs.set(href, blob);
    return href;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ blob: blobs.get(this.href)!, name: this.download });
  });
});
afterEach(async () => {
  api.restore();
  vi.restoreAllMocks();
  await act(() => setLanguage('en', { persist: false }));
});

describe('/privacy/export', () => {
  it('explains the archive, downloads it with the session and saves it, busy meanwhile', async () => {
    let release: () => void = () => undefined;
    const zip = new Blob([new Uint8Array([0x50, 0x4b, 3, 4])], { type: 'application/zip' });
    api.on(
      'get',
      URL_,
      () => new Promise((resolve) => (release = () => resolve({ status: 200, body: zip }))),
    );
    const { user } = renderApp({ route: '/privacy/export' });
    expect(await screen.findByRole('heading', { name: 'Download my data' })).toBeInTheDocument();
    const list = screen.getByRole('list');
    expect(within(list).getByText(/^data\.json: your profile/)).toBeInTheDocument();
    expect(within(list).getByText(/^files: every document/)).toBeInTheDocument();
    expect(screen.getByText(/5 times a day/)).toBeInTheDocument();

    const button = screen.getByRole('button', { name: 'Download my data' });
    await user.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent('Preparing your file…');
    expect(button).toBeDisabled();
    const [call] = api.callsTo('get', URL_);
    expect(call?.headers.authorization).toMatch(/^Bearer /);
    release();
    expect(await screen.findByText('Your data has been downloaded')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    expect(saved[0]!.blob).toBe(zip);
    expect(saved[0]!.name).toMatch(/^veridocs-data-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled();
    expect(screen.queryByText('Preparing your file…')).not.toBeInTheDocument();
  });

  it('says on the page when the daily limit is reached, and when it failed otherwise', async () => {
    api.on(
      'get',
      URL_,
      { status: 429, body: fail(364, 'You have downloaded your data 5 times today') },
      { once: true },
    );
    api.on('get', URL_, { status: 500, body: fail(500, 'Something went wrong') });
    const { user } = renderApp({ route: '/privacy/export' });
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have downloaded your data 5 times today. Please try again tomorrow.',
    );
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('We could not prepare your file. Please try again.')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });

  it('reads in Hindi', async () => {
    await act(() => setLanguage('hi', { persist: false }));
    renderApp({ route: '/privacy/export' });
    expect(await screen.findByRole('heading', { name: 'मेरा डेटा डाउनलोड करें' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'मेरा डेटा डाउनलोड करें' })).toBeInTheDocument();
  });

  it('is linked from the profile\'s "Your data" section', async () => {
    renderApp({ route: '/profile' });
    const link = await screen.findByRole('link', { name: 'Download my data' });
    expect(link).toHaveAttribute('href', '/privacy/export');
  });
});
