import { API_PATHS, OTP, decodeAccessToken, type Session } from '@veridocs/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  expectCode,
  requestOtp,
  signUp,
  uniqueMobile,
  verifyOtp,
  wallet,
  type TestApp,
} from '../../test/test-app.js';

const profileUrl = wallet(API_PATHS.profile.base);

describe('create wallet (new number) and the profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const createWallet = (body: Record<string, unknown>) =>
    t.request({ method: 'POST', url: profileUrl, body });

  it('signs a new number up: OTP first, then the name with the verified txnId', async () => {
    const mobile = uniqueMobile();
    const { txnId, otp } = await requestOtp(t, mobile);
    const verified = expectCode(await verifyOtp(t, txnId, otp), 0, 200);
    expect(verified).toEqual({ newUser: true, txnId, mobile });

    const session = expectCode<Session>(await createWallet({ mobile, name: '  Asha Rao ', txnId }), 0, 200);
    expect(session.refreshTokenExpiresIn).toBe(t.config.accessTokenTtlSeconds);
    const claims = decodeAccessToken(session.accessToken);
    expect(claims).toMatchObject({ mobile, sid: expect.any(String), sub: expect.any(String) });
    expect(claims!.exp - claims!.iat).toBe(t.config.accessTokenTtlSeconds);

    const profile = expectCode(
      await t.request({ method: 'GET', url: profileUrl, headers: bearer(session.accessToken) }),
      0,
      200,
    );
    expect(profile).toEqual({
      id: claims!.sub,
      mobile,
      profileDetails: { name: 'Asha Rao' },
      agentId: null,
      verificationDetailList: {},
      basicDetails: null,
      contactDetails: null,
      aadhaarLast4: null,
      verifiedName: null,
      createdAt: t.clock.now().toISOString(),
    });

    // The txnId cannot create or log in again.
    expectCode(await createWallet({ mobile, name: 'Someone Else', txnId }), 116, 400);
  });

  it('refuses to create a wallet without a verified OTP', async () => {
    const mobile = uniqueMobile();
    const { txnId } = await requestOtp(t, mobile);
    const res = await createWallet({ mobile, name: 'Asha Rao', txnId });
    expectCode(res, 117, 400);
    const unknown = await createWallet({
      mobile,
      name: 'Asha Rao',
      txnId: '0d6b2f8e-8a51-4a0e-9a57-5b1c3f0e7d21',
    });
    expectCode(unknown, 101, 404);
    expectCode(await createWallet({ mobile, name: 'Asha Rao', txnId: 'nope' }), 100, 400);
    expectCode(await createWallet({ mobile, name: 'Asha Rao' }), 100, 400);
  });

  it("refuses another number's verified txnId", async () => {
    const mobile = uniqueMobile();
    const { txnId, otp } = await requestOtp(t, mobile);
    expectCode(await verifyOtp(t, txnId, otp), 0, 200);
    const other = uniqueMobile();
    expectCode(await createWallet({ mobile: other, name: 'Intruder', txnId }), 101, 404);
    // The rightful owner can still use it.
    expectCode(await createWallet({ mobile, name: 'Asha Rao', txnId }), 0, 200);
  });

  it('closes the signup window after it elapses (117)', async () => {
    const mobile = uniqueMobile();
    const { txnId, otp } = await requestOtp(t, mobile);
    expectCode(await verifyOtp(t, txnId, otp), 0, 200);
    t.clock.advance(OTP.signupWindowSeconds);
    const res = await createWallet({ mobile, name: 'Asha Rao', txnId });
    expectCode(res, 117, 400);
    expect(res.json().message).toBe('Verification timed out, please request a new OTP');
  });

  it('validates the name', async () => {
    const mobile = uniqueMobile();
    const { txnId, otp } = await requestOtp(t, mobile);
    expectCode(await verifyOtp(t, txnId, otp), 0, 200);
    const blank = await createWallet({ mobile, name: '   ', txnId });
    expectCode(blank, 100, 400);
    expect(blank.json().message).toBe('name: Name must not be empty');
    expectCode(await createWallet({ mobile, name: '<script>', txnId }), 100, 400);
    // Refusals do not use up the txnId.
    expectCode(await createWallet({ mobile, name: 'Asha Rao', txnId }), 0, 200);
  });

  it('returns a session for an existing wallet instead of creating a second one', async () => {
    const mobile = uniqueMobile();
    const first = await requestOtp(t, mobile);
    expectCode(await verifyOtp(t, first.txnId, first.otp), 0, 200);
    t.clock.advance(OTP.resendAfterSeconds);
    // A second tab verifies a newer OTP while the first is still on the name screen.
    const second = await requestOtp(t, mobile);
    expectCode(await verifyOtp(t, second.txnId, second.otp), 0, 200);
    const a = expectCode<Session>(
      await createWallet({ mobile, name: 'Asha Rao', txnId: first.txnId }),
      0,
      200,
    );
    const b = expectCode<Session>(
      await createWallet({ mobile, name: 'Other Name', txnId: second.txnId }),
      0,
      200,
    );
    expect(decodeAccessToken(a.accessToken)!.sub).toBe(decodeAccessToken(b.accessToken)!.sub);
    const profile = expectCode<{ profileDetails: { name: string } }>(
      await t.request({ method: 'GET', url: profileUrl, headers: bearer(b.accessToken) }),
      0,
      200,
    );
    expect(profile.profileDetails.name).toBe('Asha Rao');
  });

  it('needs a valid access token for GET and PATCH profile (102)', async () => {
    expectCode(await t.request({ method: 'GET', url: profileUrl }), 102, 401);
    expectCode(await t.request({ method: 'GET', url: profileUrl, headers: bearer('garbage') }), 102, 401);
    expectCode(await t.request({ method: 'PATCH', url: profileUrl, body: { name: 'New Name' } }), 102, 401);
    const user = await signUp(t);
    // A refresh token is not an access token.
    expectCode(
      await t.request({ method: 'GET', url: profileUrl, headers: bearer(user.refreshToken) }),
      102,
      401,
    );
    // A token signed with another key is refused.
    const [h, p] = user.accessToken.split('.');
    const forged = `${h}.${p}.${'A'.repeat(43)}`;
    expectCode(await t.request({ method: 'GET', url: profileUrl, headers: bearer(forged) }), 102, 401);
  });

  it('updates the name with PATCH profile', async () => {
    const user = await signUp(t, uniqueMobile(), 'Asha Rao');
    const res = await t.request({
      method: 'PATCH',
      url: profileUrl,
      headers: bearer(user.accessToken),
      body: { name: 'Asha R. Menon' },
    });
    expect(expectCode<{ profileDetails: { name: string } }>(res, 0, 200).profileDetails.name).toBe(
      'Asha R. Menon',
    );
    const again = await t.request({ method: 'GET', url: profileUrl, headers: bearer(user.accessToken) });
    expect(expectCode<{ profileDetails: { name: string } }>(again, 0, 200).profileDetails.name).toBe(
      'Asha R. Menon',
    );
    expectCode(
      await t.request({ method: 'PATCH', url: profileUrl, headers: bearer(user.accessToken), body: {} }),
      100,
      400,
    );
    expectCode(
      await t.request({
        method: 'PATCH',
        url: profileUrl,
        headers: bearer(user.accessToken),
        body: { mobile: '9999999999' },
      }),
      100,
      400,
    );
  });

  it('refuses an expired access token with 102', async () => {
    const user = await signUp(t);
    t.clock.advance(t.config.accessTokenTtlSeconds - 1);
    expectCode(
      await t.request({ method: 'GET', url: profileUrl, headers: bearer(user.accessToken) }),
      0,
      200,
    );
    t.clock.advance(1);
    expectCode(
      await t.request({ method: 'GET', url: profileUrl, headers: bearer(user.accessToken) }),
      102,
      401,
    );
  });
});
