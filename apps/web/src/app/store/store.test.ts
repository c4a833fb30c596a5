import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/render';
import { makeSession } from '../../test/fixtures';
import { login } from './slices/auth-slice';
import { setShowInitScreen } from './slices/form-data-slice';
import { setOpenDemo, setSearchedQuery } from './slices/misc-slice';
import { setProfile } from './slices/profile-slice';
import { setInfo } from './slices/verification-slice';

describe('client state slices (spec §3)', () => {
  it('start with the spec’s initial values', () => {
    const { store } = createTestApp();
    const state = store.getState();
    expect(state.misc).toMatchObject({
      openDemo: false,
      currentVerification: '',
      searchedQuery: {},
      startButtonClicked: false,
    });
    expect(state.formData).toMatchObject({ showInitScreen: true });
    expect(state.verification).toMatchObject({ configs: [], info: {} });
    expect(state.auth).toEqual({ accessToken: null, refreshToken: null, refreshTokenExpiresIn: null });
  });
});

describe('persistence (spec §3)', () => {
  it('misc, formData, verification and profile go to session storage; the root key holds none of them nor auth', async () => {
    const { store, persistor } = createTestApp();
    store.dispatch(setOpenDemo(true));
    store.dispatch(setSearchedQuery({ pathname: '/ekyc/f1', search: '?orgId=o1' }));
    store.dispatch(setShowInitScreen(false));
    store.dispatch(setInfo({ state: 'IN_PROGRESS' }));
    store.dispatch(setProfile({ mobile: '9876541234', profileDetails: { name: 'Asha Verma' } }));
    store.dispatch(login({ ...makeSession(), startRefresh: false }));
    await persistor.flush();

    const misc = JSON.parse(sessionStorage.getItem('persist:misc') ?? 'null');
    expect(JSON.parse(misc.openDemo)).toBe(true);
    expect(JSON.parse(misc.searchedQuery)).toEqual({ pathname: '/ekyc/f1', search: '?orgId=o1' });
    expect(JSON.parse(JSON.parse(sessionStorage.getItem('persist:formData') ?? '{}').showInitScreen)).toBe(
      false,
    );
    expect(JSON.parse(JSON.parse(sessionStorage.getItem('persist:verification') ?? '{}').info)).toEqual({
      state: 'IN_PROGRESS',
    });
    expect(JSON.parse(JSON.parse(sessionStorage.getItem('persist:profile') ?? '{}').mobile)).toBe(
      '9876541234',
    );

    const root = localStorage.getItem('persist:root-v3');
    expect(root).not.toBeNull();
    const rootKeys = Object.keys(JSON.parse(root ?? '{}'));
    expect(rootKeys).toEqual(['_persist']);
    expect(root).not.toContain('openDemo');
    expect(root).not.toContain('accessToken');
    // Nothing of these slices lives in local storage, and auth is not among the persisted slices.
    expect(localStorage.getItem('persist:misc')).toBeNull();
    expect(sessionStorage.getItem('persist:auth')).toBeNull();
    expect(localStorage.getItem('persist:auth')).toBeNull();
  });

  it('a new store (a reload in the same tab) rehydrates the session-storage slices', async () => {
    const first = createTestApp();
    first.store.dispatch(setOpenDemo(true));
    first.store.dispatch(setProfile({ profileDetails: { name: 'Asha Verma' } }));
    await first.persistor.flush();

    // Read when the store is made: the first render already has them.
    const second = createTestApp();
    expect(second.store.getState().misc.openDemo).toBe(true);
    expect(second.store.getState().profile.profileDetails?.name).toBe('Asha Verma');
  });

  it('writes changes by itself shortly after them, and starts from the defaults when the stored text is unreadable', async () => {
    const { store } = createTestApp();
    store.dispatch(setShowInitScreen(false));
    await new Promise((r) => setTimeout(r, 10));
    expect(JSON.parse(JSON.parse(sessionStorage.getItem('persist:formData') ?? '{}').showInitScreen)).toBe(
      false,
    );
    sessionStorage.setItem('persist:formData', '{not json');
    expect(createTestApp().store.getState().formData).toMatchObject({ showInitScreen: true });
  });

  it('the legacy profile key "profession" is read as employment', () => {
    const { store } = createTestApp();
    store.dispatch(
      setProfile({
        verificationDetailList: { profession: { verificationList: [{ type: 'employment-check' }] } },
      }),
    );
    expect(store.getState().profile.verificationDetailList).toEqual({
      employment: { verificationList: [{ type: 'employment-check' }] },
    });
  });
});
