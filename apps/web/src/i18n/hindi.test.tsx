import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JOURNEY_TEXT, VERIFICATION_CATEGORIES, displayState } from '@veridocs/shared';
import { titleFor } from '../app/page-meta';
import { localTitle } from '../app/titles/titles-catalog';
import { stateLabel } from '../components/state-chip/state-catalog';
import stateNames from '../components/state-chip/locales/en.json';
import { ekycCatalog } from '../features/ekyc/ekyc-catalog';
import { formatDate, formatDateTime, formatLongDate } from '../lib/dates';
import { makeProfile, makeSession, ok, storeSession } from '../test/fixtures';
import { mockApi, type MockApi } from '../test/mock-api';
import { renderApp } from '../test/render';
import { LANGUAGE_STORAGE_KEY, getLanguage, localMessage, setLanguage, translate } from '.';

// Every catalog beside a feature, as the build compiles it: Hindi must have every English key.
const english = import.meta.glob<{ default: Record<string, unknown> }>('../**/locales/en.json', {
  eager: true,
});
const hindi = import.meta.glob<{ default: Record<string, unknown> }>('../**/locales/hi.json', {
  eager: true,
});

let api: MockApi;
beforeEach(() => {
  api = mockApi();
  api.on('post', '/api/web-wallet/profile/logout', { status: 200, body: ok(null) });
});
afterEach(async () => {
  api.restore();
  await act(() => setLanguage('en', { persist: false }));
});

describe('the catalogs (issue 10 §4)', () => {
  it('translate every English key into Hindi', () => {
    const paths = Object.keys(english);
    expect(paths.length).toBeGreaterThan(8);
    for (const path of paths) {
      const hi = hindi[path.replace(/en\.json$/, 'hi.json')]?.default;
      expect(hi, path).toBeDefined();
      expect(Object.keys(hi ?? {}).sort(), path).toEqual(Object.keys(english[path]!.default).sort());
    }
  });

  it('repeat the specification’s journey strings exactly in English', () => {
    const same = [
      'platformLine',
      'startVerification',
      'viewVerification',
      'formExpired',
      'accessNotAllowed',
      'goBackHome',
      'stepsCompleted',
      'educationNote',
      'verificationTime',
      'clickStart',
      'congratulations',
      'viewTransactions',
    ] as const;
    for (const key of same) expect(translate(ekycCatalog, key), key).toBe(JOURNEY_TEXT[key]);
    expect(translate(ekycCatalog, 'requesting', { org: 'Demo University' })).toBe(
      `Demo University ${JOURNEY_TEXT.requesting}`,
    );
    expect(translate(ekycCatalog, 'questionRequired', { question: 'Purpose' })).toBe(
      JOURNEY_TEXT.questionRequired('Purpose'),
    );
    for (const category of VERIFICATION_CATEGORIES)
      expect(translate(ekycCatalog, 'categoryCheck', { category })).toBe(`${category} Check`);
  });

  it('name states as displayState does in English, and page titles as the specification', () => {
    for (const state of Object.keys(stateNames)) expect(stateLabel(state)).toBe(displayState(state));
    expect(stateLabel('SOMETHING_NEW')).toBe('Something New');
    for (const path of ['/login', '/profile', '/transaction-history', '/', '/faq', '/ekyc/f', '/form-txns']) {
      const title = titleFor(path)!;
      expect(localTitle(title)).toBe(title);
    }
  });

  it('speak Hindi once chosen: states, titles, journey, the spec’s messages, dates', async () => {
    await setLanguage('hi', { persist: false });
    expect(stateLabel('INSUFFICIENT_DATA')).toBe('कार्रवाई ज़रूरी');
    expect(stateLabel('COMPLETED')).toBe('सत्यापित');
    expect(localTitle(titleFor('/login')!)).toBe('साइन अप / लॉग इन');
    expect(translate(ekycCatalog, 'categoryCheck', { category: 'Education' })).toBe('शिक्षा की जाँच');
    expect(translate(ekycCatalog, 'categoryCheck', { category: 'Medical' })).toBe('Medical की जाँच');
    expect(localMessage('Session Expired')).toBe('सत्र समाप्त हो गया');
    expect(localMessage('Incorrect OTP')).toBe('Incorrect OTP');
    const date = new Date(2022, 10, 14, 9, 5);
    expect(formatDate(date)).toBe('14 नवंबर 2022');
    expect(formatDateTime(date)).toBe('14 नवंबर 2022 09:05');
    expect(formatLongDate(new Date(2026, 11, 5))).toBe('5 दिसंबर 2026');
    await setLanguage('en', { persist: false });
    expect(formatDate(date)).toBe('14-Nov-2022');
    expect(formatLongDate(new Date(2026, 11, 5))).toBe('5th December 2026');
  });
});

describe('the language menu (issue 10 §4)', () => {
  it('on /login: switches the page to Hindi, keeps the choice and sends it to the server', async () => {
    const { user } = renderApp({ route: '/login' });
    await screen.findByRole('heading', { name: 'Sign up / Login' });
    const menuButton = screen.getByRole('button', { name: 'Language: English' });
    expect(menuButton).toHaveAttribute('aria-haspopup', 'menu');
    await user.click(menuButton);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitemradio', { name: 'English' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await user.click(within(menu).getByRole('menuitemradio', { name: 'हिन्दी' }));

    expect(await screen.findByRole('heading', { name: 'साइन अप / लॉग इन' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'भाषा: हिन्दी' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'नियम और शर्तें' })).toHaveAttribute('href', '/terms');
    expect(getLanguage()).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hi');
    await waitFor(() => expect(document.title).toBe('साइन अप / लॉग इन | Veridocs'));

    api.on('post', '/api/web-wallet/profile/login', {
      status: 200,
      body: ok({ txnId: 't', channel: 'sms', expiresIn: 600, resendIn: 30, requestsLeft: 2 }),
    });
    await user.type(screen.getByLabelText('मोबाइल नंबर'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'OTP पाएँ' }));
    expect(await screen.findByRole('button', { name: 'OTP सत्यापित करें' })).toBeInTheDocument();
    expect(screen.getByLabelText('OTP का अंक 1, कुल 6 में से')).toBeInTheDocument();
    expect(api.callsTo('post', '/api/web-wallet/profile/login')[0]?.headers['accept-language']).toBe('hi');
  });

  it('in the signed-in layout: the top bar, navigation and home re-render in Hindi', async () => {
    api.on('get', '/api/web-wallet/profile', { status: 200, body: ok(makeProfile()) });
    api.on('get', '/api/verification/v1/transactions/candidate-transaction', {
      status: 200,
      body: ok({ list: [], total: 0 }),
    });
    storeSession(makeSession());
    const { user } = renderApp({ route: '/' });
    await screen.findByRole('heading', { name: 'Your verifications' });
    await user.click(screen.getByRole('button', { name: 'Language: English' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'हिन्दी' }));
    expect(await screen.findByRole('heading', { name: 'आपके सत्यापन' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Veridocs होम' })).toBeInTheDocument();
    expect(screen.getByText('अभी कोई सत्यापन नहीं है')).toBeInTheDocument();
  });
});
