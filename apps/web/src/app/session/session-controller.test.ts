import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/api-client';
import { setNavigate } from '../../lib/navigation';
import { setNotifier } from '../../lib/notify';
import { fail, makeAccessToken, makeProfile, makeSession, ok, storeSession } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { createTestApp } from '../../test/render';
import { login } from '../store/slices/auth-slice';
import { setOpenDemo } from '../store/slices/misc-slice';
import { LANGUAGE_STORAGE_KEY } from '../../i18n';

const GET_TOKEN = '/api/web-wallet/profile/login/get-token';
const LOGOUT = '/api/web-wallet/profile/logout';
const PROFILE = '/api/web-wallet/profile';
const TRANSACTIONS = '/api/verification/v1/transactions/candidate-transaction';

let api: MockApi;
let navigate: ReturnType<typeof vi.fn>;

beforeEach(() => {
  api = mockApi();
  navigate = vi.fn();
  setNavigate(navigate as never);
  api.on('post', LOGOUT, { status: 200, body: ok(null) });
  api.on('get', PROFILE, { status: 200, body: ok(makeProfile()) });
});
afterEach(() => api.restore());

describe('login action (spec §4)', () => {
  it('stores the session in the auth slice and writes each value to local storage, not startRefresh', () => {
    const { store } = createTestApp();
    const session = makeSession();
    store.dispatch(login({ ...session, startRefresh: true }));
    expect(store.getState().auth).toEqual(session);
    expect(localStorage.getItem('accessToken')).toBe(session.accessToken);
    expect(localStorage.getItem('refreshToken')).toBe(session.refreshToken);
    expect(localStorage.getItem('refreshTokenExpiresIn')).toBe('3600');
    expect(localStorage.getItem('startRefresh')).toBeNull();
    expect(JSON.stringify({ ...localStorage })).not.toContain('startRefresh');
  });

  it('at start-up the auth slice comes from local storage', () => {
    const session = makeSession({ refreshTokenExpiresIn: 1800 });
    storeSession(session);
    const { store } = createTestApp();
    expect(store.getState().auth).toEqual(session);
  });

  it('startRefresh replaces a running refresh timer with a new one (one refresh per period, not two)', async () => {
    vi.useFakeTimers();
    api.on('put', GET_TOKEN, { status: 200, body: ok(makeSession({ refreshTokenExpiresIn: 600 })) });
    const { store, session } = createTestApp();
    store.dispatch(login({ ...makeSession({ refreshTokenExpiresIn: 600 }), startRefresh: true }));
    await vi.advanceTimersByTimeAsync(100_000);
    store.dispatch(login({ ...makeSession({ refreshTokenExpiresIn: 600 }), startRefresh: true }));
    expect(session.hasRefreshTimer).toBe(true);
    // The first timer would have fired at 540 s; only the new one (at 640 s) may.
    await vi.advanceTimersByTimeAsync(450_000);
    expect(api.callsTo('put', GET_TOKEN)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(90_000);
    expect(api.callsTo('put', GET_TOKEN)).toHaveLength(1);
  });

  it('without startRefresh no timer starts', () => {
    const { store, session } = createTestApp();
    store.dispatch(login({ ...makeSession(), startRefresh: false }));
    expect(session.hasRefreshTimer).toBe(false);
  });
});

describe('periodic refresh (spec §4)', () => {
  it('fires every (refreshTokenExpiresIn - 60) s, stores the rotated session, then fetches the profile', async () => {
    vi.useFakeTimers();
    const first = makeSession({ refreshTokenExpiresIn: 600 });
    const rotated = makeSession({ refreshTokenExpiresIn: 600 });
    api.on('put', GET_TOKEN, { status: 200, body: ok(rotated) });
    const { store } = createTestApp();
    store.dispatch(login({ ...first, startRefresh: true }));

    await vi.advanceTimersByTimeAsync(539_000);
    expect(api.callsTo('put', GET_TOKEN)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(api.callsTo('put', GET_TOKEN)).toHaveLength(1);
    expect(api.callsTo('put', GET_TOKEN)[0]?.headers.authorization).toBe(`Bearer ${first.refreshToken}`);

    expect(store.getState().auth.refreshToken).toBe(rotated.refreshToken);
    expect(store.getState().auth.accessToken).toBe(rotated.accessToken);
    expect(localStorage.getItem('refreshToken')).toBe(rotated.refreshToken);
    expect(localStorage.getItem('accessToken')).toBe(rotated.accessToken);
    // The profile is fetched with the new access token.
    const profileCalls = api.callsTo('get', PROFILE);
    expect(profileCalls).toHaveLength(1);
    expect(profileCalls[0]?.headers.authorization).toBe(`Bearer ${rotated.accessToken}`);
    expect(store.getState().profile.profileDetails?.name).toBe('Asha Verma');

    // The next refresh uses the rotated token.
    await vi.advanceTimersByTimeAsync(540_000);
    expect(api.callsTo('put', GET_TOKEN)[1]?.headers.authorization).toBe(`Bearer ${rotated.refreshToken}`);
  });

  it('uses 3600 s when refreshTokenExpiresIn is missing', async () => {
    vi.useFakeTimers();
    storeSession(makeSession());
    localStorage.removeItem('refreshTokenExpiresIn');
    api.on('put', GET_TOKEN, { status: 200, body: ok(makeSession()) });
    const { session } = createTestApp();
    await session.start();
    await vi.advanceTimersByTimeAsync(3_539_000);
    expect(api.callsTo('put', GET_TOKEN)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(api.callsTo('put', GET_TOKEN)).toHaveLength(1);
  });

  it('a failed refresh logs out', async () => {
    vi.useFakeTimers();
    api.on('put', GET_TOKEN, { status: 401, body: fail(138, 'Session expired, please log in again') });
    const { store, session } = createTestApp();
    store.dispatch(login({ ...makeSession({ refreshTokenExpiresIn: 120 }), startRefresh: true }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.callsTo('put', GET_TOKEN)).toHaveLength(1);
    expect(store.getState().auth.accessToken).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    expect(session.hasRefreshTimer).toBe(false);
    // No further refresh attempts.
    await vi.advanceTimersByTimeAsync(600_000);
    expect(api.callsTo('put', GET_TOKEN)).toHaveLength(1);
  });

  it('no refresh token: refresh logs out', async () => {
    const { session, store } = createTestApp();
    await expect(session.refresh()).resolves.toBe(false);
    expect(api.callsTo('put', GET_TOKEN)).toHaveLength(0);
    expect(store.getState().auth.accessToken).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('a stored refresh token starts the periodic refresh at start-up', async () => {
    vi.useFakeTimers();
    storeSession(makeSession({ refreshTokenExpiresIn: 3600 }));
    const { session } = createTestApp();
    await session.start();
    expect(session.hasRefreshTimer).toBe(true);
    expect(api.callsTo('put', GET_TOKEN)).toHaveLength(0);
  });

  it('an expired stored access token is refreshed at start-up before anything else', async () => {
    const expired = makeSession({
      accessToken: makeAccessToken({ exp: Math.floor(Date.now() / 1000) - 10 }),
    });
    storeSession(expired);
    const fresh = makeSession();
    api.on('put', GET_TOKEN, { status: 200, body: ok(fresh) });
    const { session, store } = createTestApp();
    await session.start();
    expect(store.getState().auth.accessToken).toBe(fresh.accessToken);
  });

  it('an undecodable stored access token is not refreshed: the first request ends the session (spec §5)', async () => {
    vi.useFakeTimers();
    storeSession(makeSession({ accessToken: 'not-a-token' }));
    api.on('put', GET_TOKEN, { status: 200, body: ok(makeSession()) });
    const notifier = vi.fn();
    setNotifier(notifier);
    const { session, store } = createTestApp();
    await session.start();
    expect(session.hasRefreshTimer).toBe(false);
    await vi.advanceTimersByTimeAsync(4_000_000);
    expect(api.callsTo('put', GET_TOKEN)).toHaveLength(0);

    await expect(http.get(TRANSACTIONS)).rejects.toMatchObject({ cancelled: true });
    expect(api.callsTo('get', TRANSACTIONS)).toHaveLength(0);
    expect(notifier).toHaveBeenCalledWith('Session Expired', 'error');
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/login', { replace: true }));
    expect(store.getState().auth.accessToken).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(api.callsTo('put', GET_TOKEN)).toHaveLength(0);
  });

  it('nothing stored: no timer, no call', async () => {
    const { session } = createTestApp();
    await session.start();
    expect(session.hasRefreshTimer).toBe(false);
    expect(api.calls).toHaveLength(0);
  });
});

describe('logout (spec §4)', () => {
  it('revokes the refresh token, stops the timer, resets all state, clears both storages and goes to /login', async () => {
    const { store, session, persistor } = createTestApp();
    const current = makeSession();
    store.dispatch(login({ ...current, startRefresh: true }));
    store.dispatch(setOpenDemo(true));
    await persistor.flush();
    sessionStorage.setItem('something', 'else');
    expect(sessionStorage.length).toBeGreaterThan(0);

    await session.logout();

    expect(api.callsTo('post', LOGOUT)[0]?.headers.authorization).toBe(`Bearer ${current.refreshToken}`);
    expect(session.hasRefreshTimer).toBe(false);
    expect(store.getState().auth).toEqual({
      accessToken: null,
      refreshToken: null,
      refreshTokenExpiresIn: null,
    });
    expect(store.getState().misc.openDemo).toBe(false);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('keeps the language the device chose (issue 10 §4)', async () => {
    const { store, session } = createTestApp();
    store.dispatch(login({ ...makeSession(), startRefresh: false }));
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'hi');
    await session.logout();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hi');
  });

  it('still logs out when the revoke call fails', async () => {
    api.restore();
    api = mockApi();
    api.on('post', LOGOUT, { networkError: 'Network Error' });
    const { store, session } = createTestApp();
    store.dispatch(login({ ...makeSession(), startRefresh: false }));
    await session.logout();
    expect(store.getState().auth.accessToken).toBeNull();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('concurrent logouts share one', async () => {
    const { store, session } = createTestApp();
    store.dispatch(login({ ...makeSession(), startRefresh: false }));
    await Promise.all([session.logout(), session.logout(), session.logout()]);
    expect(api.callsTo('post', LOGOUT)).toHaveLength(1);
  });

  it('the request guard ends the session through the controller', async () => {
    const { session, store } = createTestApp();
    const logout = vi.spyOn(session, 'logout');
    store.dispatch(login({ ...makeSession({ accessToken: 'garbage' }), startRefresh: false }));
    const { http } = await import('../../lib/api-client');
    await expect(http.get('/api/verification/v1/transactions/info')).rejects.toMatchObject({
      cancelled: true,
    });
    expect(logout).toHaveBeenCalled();
  });
});
