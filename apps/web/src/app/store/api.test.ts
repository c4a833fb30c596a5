import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { MESSAGES } from '@veridocs/shared';
import { makeInfo, makeVerification, ORG_ID, TXN_ID, V1 } from '../../features/ekyc/journey-fixtures';
import { fail, makeProfile, makeSession, ok, storeSession } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { createTestApp } from '../../test/render';
import { setNotifier, type Notifier } from '../../lib/notify';
import { profileApi } from './profile-api';
import { resetAll } from './reset';
import { transactionsApi } from './transactions-api';

const INFO = `${V1}/transactions/info`;
const PROFILE = '/api/web-wallet/profile';
const ref = { orgId: ORG_ID, txnId: TXN_ID };

let api: MockApi;
let notifier: Mock<Notifier>;
beforeEach(() => {
  api = mockApi();
  storeSession(makeSession());
  notifier = vi.fn<Notifier>();
  setNotifier(notifier);
});
afterEach(() => api.restore());

/** The store's state with the api added (RootState types the slices made at start-up only). */
type WithApi = Parameters<ReturnType<typeof transactionsApi.endpoints.getTransactionInfo.select>>[0];
const cachedInfo = (state: object) =>
  transactionsApi.endpoints.getTransactionInfo.select(ref)(state as WithApi);

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the api in the store (ADR 0013)', () => {
  it('is added to every store, beside the persisted slices; screens asking at once share one request', async () => {
    const { store } = createTestApp();
    api.on('get', INFO, { status: 200, body: ok(makeInfo([makeVerification('bgv-degree')])) });
    const [result, again] = await Promise.all([
      store.dispatch(transactionsApi.endpoints.getTransactionInfo.initiate(ref, { subscribe: false })),
      store.dispatch(transactionsApi.endpoints.getTransactionInfo.initiate(ref, { subscribe: false })),
    ]);
    expect(result.data?.txnId).toBe(TXN_ID);
    expect(again.data).toBe(result.data);
    expect(api.callsTo('get', INFO)).toHaveLength(1);
    expect(cachedInfo(store.getState()).data).toBe(result.data);
    // The transaction info is also the spec's verification.info (§3).
    expect(store.getState().verification.info).toMatchObject({ txnId: TXN_ID });
  });

  it('a mutation invalidates its tags: the subscribed transaction info is fetched again', async () => {
    const { store } = createTestApp();
    api.on(
      'get',
      INFO,
      { status: 200, body: ok(makeInfo([makeVerification('bgv-degree')])) },
      { once: true },
    );
    api.on('get', INFO, {
      status: 200,
      body: ok(makeInfo([makeVerification('bgv-degree', { markedAsSkip: true })])),
    });
    api.on('post', `${V1}/transactions/process/mark-as-skip`, {
      status: 200,
      body: ok(makeInfo([makeVerification('bgv-degree', { markedAsSkip: true })])),
    });
    const subscription = store.dispatch(transactionsApi.endpoints.getTransactionInfo.initiate(ref));
    await subscription;
    await store.dispatch(
      transactionsApi.endpoints.markAsSkip.initiate({ ...ref, verificationNameList: ['bgv-degree'] }),
    );
    await vi.waitFor(() => expect(api.callsTo('get', INFO)).toHaveLength(2));
    await vi.waitFor(() =>
      expect(cachedInfo(store.getState()).data?.verificationList['bgv-degree']?.markedAsSkip).toBe(true),
    );
    subscription.unsubscribe();
  });

  it('a profile update invalidates the profile: it is fetched again into the profile slice', async () => {
    const { store } = createTestApp();
    api.on('get', PROFILE, { status: 200, body: ok(makeProfile()) }, { once: true });
    api.on('get', PROFILE, { status: 200, body: ok(makeProfile({ profileDetails: { name: 'Asha Rao' } })) });
    api.on('patch', PROFILE, {
      status: 200,
      body: ok(makeProfile({ profileDetails: { name: 'Asha Rao' } })),
    });
    const subscription = store.dispatch(profileApi.endpoints.getProfile.initiate());
    await subscription;
    await store.dispatch(profileApi.endpoints.updateProfile.initiate({ name: 'Asha Rao' }));
    await vi.waitFor(() => expect(api.callsTo('get', PROFILE)).toHaveLength(2));
    expect(store.getState().profile.profileDetails?.name).toBe('Asha Rao');
    subscription.unsubscribe();
  });

  it('logout (resetAll) empties the cache', async () => {
    const { store } = createTestApp();
    api.on('get', INFO, { status: 200, body: ok(makeInfo([])) });
    await store.dispatch(transactionsApi.endpoints.getTransactionInfo.initiate(ref, { subscribe: false }));
    expect(cachedInfo(store.getState()).data).toBeDefined();
    store.dispatch(resetAll());
    expect(cachedInfo(store.getState()).data).toBeUndefined();
  });
});

describe('the one snackbar place: the error catalogue (spec §8) for every failed call', () => {
  it('errors reach the caller, and the catalogue decides the snackbar once', async () => {
    const { store } = createTestApp();
    api.on('post', `${V1}/transactions/process`, {
      status: 409,
      body: fail(123, 'cannot move to submitted'),
    });
    const result = await store.dispatch(transactionsApi.endpoints.processTransaction.initiate(ref));
    expect(result.error).toMatchObject({ status: 409, code: 123, message: 'cannot move to submitted' });
    await settled();
    expect(notifier).toHaveBeenCalledTimes(1);
    expect(notifier).toHaveBeenCalledWith('Cannot move to submitted', 'error');
  });

  it('a quiet call (submit: the form home shows its refusal itself) reaches its caller without a snackbar', async () => {
    const { store } = createTestApp();
    api.on('post', `${V1}/transactions/submit`, { status: 409, body: fail(123, 'cannot move to submitted') });
    const result = await store.dispatch(transactionsApi.endpoints.submitTransaction.initiate(ref));
    expect(result.error).toMatchObject({ status: 409, code: 123, message: 'cannot move to submitted' });
    await settled();
    expect(notifier).not.toHaveBeenCalled();
  });

  it('HTTP 504: "Server is down, please try again later"', async () => {
    const { store } = createTestApp();
    api.on('post', `${V1}/transactions/process`, { status: 504, body: 'Gateway Timeout' });
    await store.dispatch(transactionsApi.endpoints.processTransaction.initiate(ref));
    expect(notifier).toHaveBeenCalledWith(MESSAGES.serverDown, 'error');
  });

  it('code 104 says nothing', async () => {
    const { store } = createTestApp();
    api.on('post', `${V1}/transactions/process`, { status: 200, body: fail(104, 'No data') });
    const result = await store.dispatch(transactionsApi.endpoints.processTransaction.initiate(ref));
    expect(result.error).toMatchObject({ code: 104 });
    expect(notifier).not.toHaveBeenCalled();
  });

  it('an endpoint whose screen shows the failure itself opts out (noSnackbar)', async () => {
    const { store } = createTestApp();
    api.on('get', INFO, { status: 500, body: fail(100, 'broken') });
    const result = await store.dispatch(transactionsApi.endpoints.getTransactionInfo.initiate(ref));
    expect(result.error).toMatchObject({ code: 100, noSnackbar: true });
    expect(notifier).not.toHaveBeenCalled();
  });

  it('a 401 ends the session (the client) and says "Session Expired" (here)', async () => {
    const { store, session } = createTestApp();
    const logout = vi.spyOn(session, 'logout').mockResolvedValue();
    api.on('post', `${V1}/transactions/process`, { status: 401, body: fail(102, 'Unauthorized') });
    await store.dispatch(transactionsApi.endpoints.processTransaction.initiate(ref));
    expect(notifier).toHaveBeenCalledTimes(1);
    expect(notifier).toHaveBeenCalledWith(MESSAGES.sessionExpired, 'error');
    expect(logout).toHaveBeenCalledTimes(1);
  });
});
