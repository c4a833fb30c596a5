import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PARTNER_ORG_ID, MESSAGES } from '@veridocs/shared';
import { fail, makeAccessToken, ok } from '../test/fixtures';
import { mockApi, type MockApi } from '../test/mock-api';
import {
  ApiError,
  DEFAULT_HEADERS,
  configureApiClient,
  http,
  request,
  setEarlyAnswers,
  setTransport,
} from './api-client';
import {
  EARLY_ANSWER_FRESH_MS,
  EARLY_REQUESTS_SLOT,
  installEarlyAnswers,
  type EarlyRequest,
} from './early-requests';
import { setNotifier, type Notifier } from './notify';

const PROTECTED = '/api/verification/v1/transactions/info';
const LOGIN = '/api/web-wallet/profile/login';

let api: MockApi;
let notifier: ReturnType<typeof vi.fn<Notifier>>;
let endSession: ReturnType<typeof vi.fn<() => void>>;
let tokens: { accessToken: string | null; refreshToken: string | null };

beforeEach(() => {
  api = mockApi();
  notifier = vi.fn<Notifier>();
  endSession = vi.fn<() => void>();
  setNotifier(notifier);
  tokens = { accessToken: makeAccessToken(), refreshToken: 'refresh-1' };
  configureApiClient({ getTokens: () => tokens, endSession });
});

afterEach(() => api.restore());

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the request to fail');
}

describe('request guard (spec §5)', () => {
  it.each([
    ['no access token', () => (tokens = { accessToken: null, refreshToken: 'refresh-1' })],
    [
      'an undecodable access token',
      () => (tokens = { accessToken: 'not.a-token', refreshToken: 'refresh-1' }),
    ],
    ['no refresh token', () => (tokens = { accessToken: makeAccessToken(), refreshToken: null })],
  ])(
    'with %s a protected request is aborted, "Session Expired" shows and the session ends',
    async (_case, arrange) => {
      arrange();
      api.on('get', PROTECTED, { status: 200, body: ok({}) });
      const error = await failure(http.get(PROTECTED));
      expect(error.cancelled).toBe(true);
      expect(api.calls).toHaveLength(0);
      expect(notifier).toHaveBeenCalledTimes(1);
      expect(notifier).toHaveBeenCalledWith(MESSAGES.sessionExpired, 'error');
      expect(endSession).toHaveBeenCalledTimes(1);
    },
  );

  it('public requests go out without any token', async () => {
    tokens = { accessToken: null, refreshToken: null };
    api.on('post', LOGIN, { status: 200, body: ok({ txnId: 't' }) });
    api.on('put', /\/profile\/otp\/.+\/verify$/, { status: 200, body: ok({}) });
    api.on('get', '/api/verification/v1/verifier/org-1', { status: 200, body: ok({}) });
    await http.post(LOGIN, { mobile: '9876543210' });
    await http.put('/api/web-wallet/profile/otp/abc/verify', { otp: '123456' });
    await http.get('/api/verification/v1/verifier/org-1');
    expect(api.calls).toHaveLength(3);
    expect(api.calls[0]?.headers.authorization).toBeUndefined();
    expect(notifier).not.toHaveBeenCalled();
    expect(endSession).not.toHaveBeenCalled();
  });

  it('a valid session passes, with the bearer token, partner header and no-cache headers', async () => {
    api.on('get', PROTECTED, { status: 200, body: ok({ state: 'IN_PROGRESS' }) });
    await expect(http.get(PROTECTED)).resolves.toEqual({ state: 'IN_PROGRESS' });
    const headers = api.calls[0]?.headers ?? {};
    expect(headers.authorization).toBe(`Bearer ${tokens.accessToken}`);
    expect(headers['partner-org-id']).toBe(DEFAULT_PARTNER_ORG_ID);
    expect(headers['cache-control']).toBe('no-cache');
    expect(headers.pragma).toBe('no-cache');
    expect(headers.expires).toBe('0');
  });

  it('an explicit Authorization header (the refresh token) is kept', async () => {
    api.on('put', '/api/web-wallet/profile/login/get-token', { status: 200, body: ok({}) });
    await http.put('/api/web-wallet/profile/login/get-token', undefined, {
      headers: { Authorization: 'Bearer refresh-9' },
    });
    expect(api.calls[0]?.headers.authorization).toBe('Bearer refresh-9');
  });
});

describe('error catalogue through the interceptors (spec §8)', () => {
  it('HTTP 504 shows "Server is down, please try again later"', async () => {
    api.on('get', PROTECTED, { status: 504, body: '<html>Gateway Timeout</html>' });
    const error = await failure(http.get(PROTECTED));
    expect(error.status).toBe(504);
    expect(notifier).toHaveBeenCalledWith('Server is down, please try again later', 'error');
    expect(endSession).not.toHaveBeenCalled();
  });

  it('HTTP 401 shows "Session Expired" and logs out', async () => {
    api.on('get', PROTECTED, { status: 401, body: fail(102, 'Session expired, please log in again') });
    await failure(http.get(PROTECTED));
    expect(notifier).toHaveBeenCalledWith('Session Expired', 'error');
    expect(endSession).toHaveBeenCalledTimes(1);
  });

  it('HTTP 401 on a request marked noSnackbar still says "Session Expired" as it logs out', async () => {
    api.on('get', PROTECTED, { status: 401, body: fail(102, 'Session expired, please log in again') });
    await failure(http.get(PROTECTED, { noSnackbar: true }));
    expect(notifier).toHaveBeenCalledWith('Session Expired', 'error');
    expect(endSession).toHaveBeenCalledTimes(1);
  });

  it('HTTP 401 on a sign-in call leaves the message to the form', async () => {
    api.on('put', /verify$/, { status: 401, body: fail(106, 'Incorrect OTP, please try again') });
    const error = await failure(
      http.put('/api/web-wallet/profile/otp/abc/verify', { otp: '000000' }, { noSnackbar: true }),
    );
    expect(error.message).toBe('Incorrect OTP, please try again');
    expect(error.code).toBe(106);
    expect(notifier).not.toHaveBeenCalled();
    expect(endSession).not.toHaveBeenCalled();
  });

  it('code 138 logs out', async () => {
    api.on('get', PROTECTED, { status: 200, body: fail(138, 'Session expired, please log in again') });
    await failure(http.get(PROTECTED));
    expect(endSession).toHaveBeenCalledTimes(1);
    expect(notifier).not.toHaveBeenCalled();
  });

  it('code 105 on the login path shows no snackbar', async () => {
    api.on('post', LOGIN, { status: 404, body: fail(105, 'No account exists for this mobile number') });
    const error = await failure(http.post(LOGIN, { mobile: '9876543210' }));
    expect(error.code).toBe(105);
    expect(notifier).not.toHaveBeenCalled();
  });

  it('code 104 shows no snackbar', async () => {
    api.on('get', PROTECTED, { status: 200, body: fail(104, 'No data') });
    const error = await failure(http.get(PROTECTED));
    expect(error.code).toBe(104);
    expect(notifier).not.toHaveBeenCalled();
    expect(endSession).not.toHaveBeenCalled();
  });

  it('a request marked noSnackbar shows none', async () => {
    api.on('get', PROTECTED, { status: 400, body: fail(100, 'invalid request') });
    await failure(http.get(PROTECTED, { noSnackbar: true }));
    expect(notifier).not.toHaveBeenCalled();
  });

  it('a cancelled request shows none', async () => {
    const controller = new AbortController();
    controller.abort();
    api.on('get', PROTECTED, { status: 200, body: ok({}) });
    const error = await failure(http.get(PROTECTED, { signal: controller.signal }));
    expect(error.cancelled).toBe(true);
    expect(notifier).not.toHaveBeenCalled();
  });

  it('any other error shows the server message with its first letter capitalised', async () => {
    api.on('get', PROTECTED, { status: 400, body: fail(100, 'pincode must not be empty') });
    await failure(http.get(PROTECTED));
    expect(notifier).toHaveBeenCalledWith('Pincode must not be empty', 'error');
  });

  it('mapError rewrites a failure before the snackbar and the caller see it', async () => {
    api.on('get', PROTECTED, {
      status: 415,
      body: fail(130, 'Please upload a file of type: jpeg, jpg, png, pdf'),
    });
    const error = await failure(
      http.get(PROTECTED, {
        mapError: (e) =>
          new ApiError('Please upload a file of type: pdf', { code: e.code, status: e.status }),
      }),
    );
    expect(error).toMatchObject({ message: 'Please upload a file of type: pdf', code: 130, status: 415 });
    expect(notifier).toHaveBeenCalledTimes(1);
    expect(notifier).toHaveBeenCalledWith('Please upload a file of type: pdf', 'error');
  });

  it('without a server message, the error message is shown', async () => {
    api.on('get', PROTECTED, { networkError: 'network Error' });
    await failure(http.get(PROTECTED));
    expect(notifier).toHaveBeenCalledWith('Network Error', 'error');
  });
});

describe('inline form messages', () => {
  it('use the server message, or "Server is down" when no server answered', async () => {
    const { errorMessage } = await import('./api-client');
    api.on('post', LOGIN, { status: 400, body: fail(100, 'mobile must be 10 digits') }, { once: true });
    expect(errorMessage(await failure(http.post(LOGIN, {}, { noSnackbar: true })))).toBe(
      'Mobile must be 10 digits',
    );
    api.on('post', LOGIN, { status: 502, body: 'Bad Gateway' }, { once: true });
    expect(errorMessage(await failure(http.post(LOGIN, {}, { noSnackbar: true })))).toBe(MESSAGES.serverDown);
    api.on('post', LOGIN, { networkError: 'Network Error' }, { once: true });
    expect(errorMessage(await failure(http.post(LOGIN, {}, { noSnackbar: true })))).toBe(MESSAGES.serverDown);
  });
});

describe('the fetch client', () => {
  it('sends JSON bodies as JSON and FormData as it is (the browser sets the multipart boundary)', async () => {
    api.on('post', PROTECTED, { status: 200, body: ok(null) });
    await http.post(PROTECTED, { pincode: '560001' });
    const form = new FormData();
    form.append('fileCategory', 'degree');
    await http.post(PROTECTED, form);
    expect(api.calls[0]?.body).toEqual({ pincode: '560001' });
    expect(api.calls[0]?.headers['content-type']).toBe('application/json');
    expect(api.calls[1]?.body).toBe(form);
    expect(api.calls[1]?.headers['content-type']).toBeUndefined();
  });

  it('gives up after the time-out: "timeout of …ms exceeded", not a cancel', async () => {
    // A transport that only ends when its signal aborts, like fetch on a dead network.
    setTransport(
      (sent) =>
        new Promise((_resolve, reject) =>
          sent.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const error = await failure(http.get(PROTECTED, { timeout: 20 }));
    expect(error.message).toBe('timeout of 20ms exceeded');
    expect(error.cancelled).toBe(false);
    expect(notifier).toHaveBeenCalledWith('Timeout of 20ms exceeded', 'error');
  });

  it('the caller cancelling mid-request ends it quietly', async () => {
    setTransport(
      (sent) =>
        new Promise((_resolve, reject) =>
          sent.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const controller = new AbortController();
    const pending = failure(http.get(PROTECTED, { signal: controller.signal }));
    controller.abort();
    const error = await pending;
    expect(error.cancelled).toBe(true);
    expect(notifier).not.toHaveBeenCalled();
  });

  it('reads a blob when asked (API images) and keeps a non-JSON error body as text', async () => {
    const image = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
    api.on('get', '/api/geo/map.png', { status: 200, body: image });
    const response = await request('get', '/api/geo/map.png', undefined, { responseType: 'blob' });
    expect(response.body).toBe(image);

    api.on('get', PROTECTED, { status: 502, body: 'Bad Gateway' });
    const error = await failure(http.get(PROTECTED));
    expect(error.status).toBe(502);
    expect(error.code).toBeNull();
  });
});

describe('answers the boot script fetched early (lib/early-requests.ts, issue 31 §2)', () => {
  const slot = window as unknown as Record<string, EarlyRequest[] | undefined>;
  const early = (
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
    sentAt = performance.now(),
  ): EarlyRequest => ({
    url: PROTECTED,
    headers: {
      ...DEFAULT_HEADERS,
      'Accept-Language': 'en',
      Authorization: `Bearer ${tokens.accessToken}`,
      ...headers,
    },
    sentAt,
    answer: Promise.resolve({ status, text: JSON.stringify(body), headers: {} }),
  });

  beforeEach(() => installEarlyAnswers());
  afterEach(() => {
    delete slot[EARLY_REQUESTS_SLOT];
    setEarlyAnswers(null);
  });

  it("the app's first GET of the URL takes the early answer instead of sending; the next one sends", async () => {
    slot[EARLY_REQUESTS_SLOT] = [early(200, ok({ state: 'EARLY' }))];
    api.on('get', PROTECTED, { status: 200, body: ok({ state: 'SENT' }) });
    await expect(http.get(PROTECTED)).resolves.toEqual({ state: 'EARLY' });
    expect(api.calls).toHaveLength(0);
    await expect(http.get(PROTECTED)).resolves.toEqual({ state: 'SENT' });
    expect(api.calls).toHaveLength(1);
  });

  it.each([
    ['another bearer (the session was renewed)', () => early(200, ok({}), { Authorization: 'Bearer old' })],
    ['another language', () => early(200, ok({}), { 'Accept-Language': 'hi' })],
    ['an answer that is not a 2xx', () => early(401, fail(401, 'Unauthorized'))],
    [
      'an answer older than it may be',
      () => early(200, ok({}), {}, performance.now() - EARLY_ANSWER_FRESH_MS - 1),
    ],
    ['no answer (the network failed)', () => ({ ...early(200, ok({})), answer: Promise.resolve(null) })],
  ])('with %s the request is sent the usual way, and the early one is dropped', async (_case, make) => {
    slot[EARLY_REQUESTS_SLOT] = [make()];
    api.on('get', PROTECTED, { status: 200, body: ok({ state: 'SENT' }) });
    await expect(http.get(PROTECTED)).resolves.toEqual({ state: 'SENT' });
    expect(api.calls).toHaveLength(1);
    expect(slot[EARLY_REQUESTS_SLOT]).toHaveLength(0);
    expect(notifier).not.toHaveBeenCalled();
  });

  it('only a GET of the same URL takes it', async () => {
    slot[EARLY_REQUESTS_SLOT] = [early(200, ok({ state: 'EARLY' }))];
    api.on('put', PROTECTED, { status: 200, body: ok({ state: 'PUT' }) });
    api.on('get', `${PROTECTED}-other`, { status: 200, body: ok({ state: 'OTHER' }) });
    await expect(http.put(PROTECTED, {})).resolves.toEqual({ state: 'PUT' });
    await expect(http.get(`${PROTECTED}-other`)).resolves.toEqual({ state: 'OTHER' });
    expect(slot[EARLY_REQUESTS_SLOT]).toHaveLength(1);
  });

  it('a caller that cancels while the early answer is on its way ends quietly', async () => {
    const never: EarlyRequest = { ...early(200, ok({})), answer: new Promise(() => undefined) };
    slot[EARLY_REQUESTS_SLOT] = [never];
    const controller = new AbortController();
    const pending = request('get', PROTECTED, undefined, { signal: controller.signal });
    controller.abort();
    const error = await failure(pending);
    expect(error.cancelled).toBe(true);
    expect(api.calls).toHaveLength(0);
    expect(notifier).not.toHaveBeenCalled();
  });
});
