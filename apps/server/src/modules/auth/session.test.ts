import { API_PATHS, OTP, decodeAccessToken, type Session } from '@veridocs/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadCache, type ReadCache } from '../../lib/read-cache.js';
import {
  bearer,
  createTestApp,
  expectCode,
  requestOtp,
  signUp,
  verifyOtp,
  wallet,
  type TestApp,
} from '../../test/test-app.js';
import { createSessionRepository } from './session-repository.js';
import { createSessionService } from './session-service.js';

const getToken = wallet(API_PATHS.profile.getToken);
const logout = wallet(API_PATHS.profile.logout);
const profileUrl = wallet(API_PATHS.profile.base);

describe('sessions: refresh rotation, reuse detection, logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const refresh = (token?: string, extra: Record<string, string> = {}) =>
    t.request({ method: 'PUT', url: getToken, headers: { ...(token ? bearer(token) : {}), ...extra } });
  const me = (session: Session) =>
    t.request({ method: 'GET', url: profileUrl, headers: bearer(session.accessToken) });

  it('rotates the refresh token and issues a new access token in the same session', async () => {
    const first = await signUp(t);
    t.clock.advance(60);
    const second = expectCode<Session>(await refresh(first.refreshToken), 0, 200);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.refreshTokenExpiresIn).toBe(t.config.accessTokenTtlSeconds);
    const [a, b] = [decodeAccessToken(first.accessToken)!, decodeAccessToken(second.accessToken)!];
    expect(b.sid).toBe(a.sid);
    expect(b.sub).toBe(a.sub);
    expect(b.iat).toBe(a.iat + 60);
    expectCode(await me(second), 0, 200);
    // The successor rotates as well.
    expectCode(await refresh(second.refreshToken), 0, 200);
  });

  it('accepts an empty JSON body on get-token', async () => {
    const user = await signUp(t);
    const res = await t.request({
      method: 'PUT',
      url: getToken,
      headers: { ...bearer(user.refreshToken), 'content-type': 'application/json' },
      body: '',
    });
    expectCode(res, 0, 200);
  });

  it('revokes the whole family when a rotated token is reused (138)', async () => {
    const first = await signUp(t);
    const second = expectCode<Session>(await refresh(first.refreshToken), 0, 200);
    const reuse = await refresh(first.refreshToken);
    expectCode(reuse, 138, 401);
    expect(reuse.json().message).toBe('Session expired, please log in again');
    // The legitimate successor has been revoked with its family.
    expectCode(await refresh(second.refreshToken), 138, 401);
  });

  it('keeps other sessions of the same person alive', async () => {
    const first = await signUp(t);
    t.clock.advance(OTP.resendAfterSeconds);
    // The same person logs in on a second device: a new family.
    const { txnId, otp } = await requestOtp(t, first.mobile);
    const other = expectCode<Session>(await verifyOtp(t, txnId, otp), 0, 200);
    expect(decodeAccessToken(other.accessToken)!.sid).not.toBe(decodeAccessToken(first.accessToken)!.sid);
    expectCode(await refresh(first.refreshToken), 0, 200);
    expectCode(await refresh(first.refreshToken), 138, 401);
    expectCode(await refresh(other.refreshToken), 0, 200);
  });

  it('answers 138 for unknown, missing and expired refresh tokens', async () => {
    expectCode(await refresh('not-a-token'), 138, 401);
    expectCode(await refresh(), 138, 401);
    expectCode(await refresh(undefined, { authorization: 'Basic abc' }), 138, 401);
    const user = await signUp(t);
    t.clock.advance(t.config.refreshTokenTtlSeconds);
    expectCode(await refresh(user.refreshToken), 138, 401);
  });

  it('slides the refresh lifetime with every rotation', async () => {
    const user = await signUp(t);
    t.clock.advance(t.config.refreshTokenTtlSeconds - 10);
    const next = expectCode<Session>(await refresh(user.refreshToken), 0, 200);
    t.clock.advance(t.config.refreshTokenTtlSeconds - 10);
    expectCode(await refresh(next.refreshToken), 0, 200);
  });

  it('logs out: the refresh token and its family stop working; logout is idempotent', async () => {
    const user = await signUp(t);
    const rotated = expectCode<Session>(await refresh(user.refreshToken), 0, 200);
    const out = await t.request({ method: 'POST', url: logout, headers: bearer(rotated.refreshToken) });
    expectCode(out, 0, 200);
    expectCode(await refresh(rotated.refreshToken), 138, 401);
    expectCode(
      await t.request({ method: 'POST', url: logout, headers: bearer(rotated.refreshToken) }),
      0,
      200,
    );
    expectCode(await t.request({ method: 'POST', url: logout }), 0, 200);
    expectCode(await t.request({ method: 'POST', url: logout, headers: bearer('unknown') }), 0, 200);
  });

  it('needs the partner header on the session routes too', async () => {
    const user = await signUp(t);
    const res = await t.app.inject({ method: 'PUT', url: getToken, headers: bearer(user.refreshToken) });
    expectCode(res, 113, 400);
    // The refused call did not rotate: the token still works.
    expectCode(await refresh(user.refreshToken), 0, 200);
  });

  // Issue 9 §5: logout and a family revocation end the session's access tokens at once, not when they
  // expire up to an hour later.
  it('refuses the access token of a logged-out session immediately (138, HTTP 401)', async () => {
    const user = await signUp(t);
    expectCode(await me(user), 0, 200);
    expectCode(await t.request({ method: 'POST', url: logout, headers: bearer(user.refreshToken) }), 0, 200);
    const refused = await me(user);
    expectCode(refused, 138, 401);
    expect(refused.json().message).toBe('Session expired, please log in again');
  });

  it("refuses every access token of a family revoked by refresh-token reuse, and only that family's", async () => {
    const first = await signUp(t);
    t.clock.advance(60);
    const second = expectCode<Session>(await refresh(first.refreshToken), 0, 200);
    // Rotation keeps the session: both access tokens of the family still work.
    expectCode(await me(first), 0, 200);
    expectCode(await me(second), 0, 200);
    t.clock.advance(OTP.resendAfterSeconds);
    const { txnId, otp } = await requestOtp(t, first.mobile);
    const otherDevice = expectCode<Session>(await verifyOtp(t, txnId, otp), 0, 200);

    expectCode(await refresh(first.refreshToken), 138, 401);
    expectCode(await me(first), 138, 401);
    expectCode(await me(second), 138, 401);
    expectCode(await me(otherDevice), 0, 200);
  });

  it('still answers 102 for a forged or expired access token', async () => {
    const user = await signUp(t);
    const [header, payload] = user.accessToken.split('.');
    expectCode(await me({ ...user, accessToken: `${header}.${payload}.forged` }), 102, 401);
    t.clock.advance(t.config.accessTokenTtlSeconds);
    expectCode(await me(user), 102, 401);
  });
});

describe('the session check on the hot path', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('asks the database once per session while the cache is warm, and again after a revocation', async () => {
    const inner = createReadCache<string, boolean>(100);
    let loads = 0;
    const cache: ReadCache<string, boolean> = {
      ...inner,
      get: (key, load) =>
        inner.get(key, () => {
          loads += 1;
          return load();
        }),
    };
    const repo = createSessionRepository(t.db.orm, cache);
    const sessions = createSessionService({
      repo,
      key: new Uint8Array(32).fill(7),
      accessTtlSeconds: 3600,
      refreshTtlSeconds: 86_400,
      linkTtlSeconds: 600,
      now: t.clock.now,
      findIdentity: async (id) => ({ id, mobile: '9876543210' }),
    });
    const user = await signUp(t);
    const session = await sessions.issue({
      id: decodeAccessToken(user.accessToken)!.sub,
      mobile: user.mobile,
    });
    for (let i = 0; i < 50; i += 1)
      expect((await sessions.authenticate(session.accessToken)).sessionId).toBeTruthy();
    expect(loads).toBe(1);
    await sessions.revoke(session.refreshToken);
    await expect(sessions.authenticate(session.accessToken)).rejects.toMatchObject({ code: 138 });
    await expect(sessions.authenticate(session.accessToken)).rejects.toMatchObject({ code: 138 });
    expect(loads).toBe(2);
  });
});
