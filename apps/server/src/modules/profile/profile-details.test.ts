import { API_PATHS, SERVICE_BASES, type Profile } from '@veridocs/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, expectCode, signUp, wallet, type TestApp } from '../../test/test-app.js';

const detailUrl = wallet(API_PATHS.profile.verificationDetail);
const profileUrl = wallet(API_PATHS.profile.base);
const pincodeUrl = (pin: string) => `${SERVICE_BASES.utility}${API_PATHS.utility.pincode(pin)}`;

const address = {
  pincode: '560001',
  line1: '12 MG Road',
  vtc: 'Bengaluru',
  district: 'Bengaluru Urban',
  state: 'Karnataka',
};

describe('profile details: PUT /profile/verification-detail and GET /pincode/{pin}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const put = (token: string, body: Record<string, unknown>) =>
    t.request({ method: 'PUT', url: detailUrl, headers: bearer(token), body });
  const getProfile = async (token: string) =>
    expectCode<Profile>(await t.request({ method: 'GET', url: profileUrl, headers: bearer(token) }), 0, 200);

  it('looks a pincode up in the India Post directory the server ships', async () => {
    const user = await signUp(t);
    const found = expectCode<{ pincode: string; district: string; state: string; offices: string[] }>(
      await t.request({ method: 'GET', url: pincodeUrl('560001'), headers: bearer(user.accessToken) }),
      0,
      200,
    );
    expect(found).toMatchObject({ pincode: '560001', district: 'Bengaluru Urban', state: 'Karnataka' });
    expect(found.offices.length).toBeGreaterThan(0);
    const delhi = expectCode<{ state: string }>(
      await t.request({ method: 'GET', url: pincodeUrl('110001'), headers: bearer(user.accessToken) }),
      0,
      200,
    );
    expect(delhi.state).toBe('Delhi');

    const unknown = await t.request({
      method: 'GET',
      url: pincodeUrl('000000'),
      headers: bearer(user.accessToken),
    });
    expectCode(unknown, 101, 404);
    expect(unknown.json().message).toBe('No post office has this pincode');
    expectCode(
      await t.request({ method: 'GET', url: pincodeUrl('56A001'), headers: bearer(user.accessToken) }),
      100,
      400,
    );
    expectCode(
      await t.request({ method: 'GET', url: pincodeUrl('5600011'), headers: bearer(user.accessToken) }),
      100,
      400,
    );
    expectCode(await t.request({ method: 'GET', url: pincodeUrl('560001') }), 102, 401);
  });

  it('saves basic details checked by their field config and the minimum age of 18', async () => {
    const user = await signUp(t);
    // The test clock's day is 2030-01-15: born 2012-01-15 is 18 that day, born a day later is not.
    const young = await put(user.accessToken, {
      basicDetails: { dateOfBirth: '2012-01-16', gender: 'FEMALE' },
    });
    expectCode(young, 100, 400);
    expect(young.json().message).toBe('You must be at least 18 years old');
    expect((await getProfile(user.accessToken)).basicDetails).toBeNull();

    const missing = await put(user.accessToken, { basicDetails: { dateOfBirth: '2000-05-01' } });
    expectCode(missing, 100, 400);
    expect(missing.json().data).toEqual([{ path: 'basicDetails.gender', message: 'Required' }]);
    expectCode(
      await put(user.accessToken, { basicDetails: { dateOfBirth: '2000-05-01', gender: 'ROBOT' } }),
      100,
      400,
    );
    expectCode(
      await put(user.accessToken, { basicDetails: { dateOfBirth: '2040-01-01', gender: 'MALE' } }),
      100,
      400,
    );
    expectCode(
      await put(user.accessToken, { basicDetails: { dateOfBirth: '31-02-2000', gender: 'MALE' } }),
      100,
      400,
    );
    expectCode(
      await put(user.accessToken, {
        basicDetails: { dateOfBirth: '2000-05-01', gender: 'MALE', role: 'admin' },
      }),
      100,
      400,
    );
    expect((await getProfile(user.accessToken)).basicDetails).toBeNull();

    const saved = expectCode<Profile>(
      await put(user.accessToken, { basicDetails: { dateOfBirth: '2012-01-15', gender: 'FEMALE' } }),
      0,
      200,
    );
    expect(saved.basicDetails).toEqual({ dateOfBirth: '2012-01-15', gender: 'FEMALE' });
    expect((await getProfile(user.accessToken)).basicDetails).toEqual(saved.basicDetails);
  });

  it('checks every address rule of the spec and changes nothing on bad input', async () => {
    const user = await signUp(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...address, pincode: '' }, 'Pincode must not be empty'],
      [{ ...address, pincode: '5600' }, 'Pincode must be 6 digits'],
      [{ ...address, line1: '  ' }, 'Line 1 must not be empty'],
      [{ ...address, vtc: '' }, 'VTC must not be empty'],
      [{ ...address, state: '' }, 'State must not be empty'],
      [{ ...address, district: '' }, 'District must not be empty'],
      [{ ...address, line1: 'x'.repeat(121) }, 'Must be at most 120 characters'],
      [{ ...address, landmark: 'x'.repeat(121) }, 'Must be at most 120 characters'],
    ];
    for (const [currentAddress, message] of cases) {
      const res = await put(user.accessToken, { contactDetails: { currentAddress, sameAsCurrent: true } });
      expectCode(res, 100, 400);
      expect(res.json().message).toContain(message);
    }
    // Not the same as current: a permanent address is needed.
    expectCode(
      await put(user.accessToken, { contactDetails: { currentAddress: address, sameAsCurrent: false } }),
      100,
      400,
    );
    expectCode(await put(user.accessToken, {}), 100, 400);
    expect((await getProfile(user.accessToken)).contactDetails).toBeNull();
  });

  it('stores the current address as the permanent one when they are the same; landmark optional', async () => {
    const user = await signUp(t);
    const same = expectCode<Profile>(
      await put(user.accessToken, {
        contactDetails: { currentAddress: { ...address, line1: '  12 MG Road ' }, sameAsCurrent: true },
      }),
      0,
      200,
    );
    expect(same.contactDetails).toEqual({
      currentAddress: address,
      permanentAddress: address,
      sameAsCurrent: true,
    });

    const permanent = {
      ...address,
      pincode: '110001',
      district: 'New Delhi',
      state: 'Delhi',
      landmark: 'Near the gate',
    };
    const other = expectCode<Profile>(
      await put(user.accessToken, {
        contactDetails: { currentAddress: address, sameAsCurrent: false, permanentAddress: permanent },
      }),
      0,
      200,
    );
    expect(other.contactDetails?.permanentAddress).toEqual(permanent);
  });

  it("reaches only the caller's own profile", async () => {
    const asha = await signUp(t, undefined, 'Asha Rao');
    const ravi = await signUp(t, undefined, 'Ravi Kumar');
    expectCode(
      await put(asha.accessToken, { basicDetails: { dateOfBirth: '1990-03-04', gender: 'FEMALE' } }),
      0,
      200,
    );
    expectCode(
      await put(ravi.accessToken, { basicDetails: { dateOfBirth: '1985-07-08', gender: 'MALE' } }),
      0,
      200,
    );
    expect((await getProfile(asha.accessToken)).basicDetails?.dateOfBirth).toBe('1990-03-04');
    expect((await getProfile(ravi.accessToken)).basicDetails?.dateOfBirth).toBe('1985-07-08');
    // No way to name another profile: unknown keys are refused, and no token means no access.
    const ashaId = (await getProfile(asha.accessToken)).id;
    expectCode(
      await put(ravi.accessToken, {
        id: ashaId,
        basicDetails: { dateOfBirth: '1985-07-08', gender: 'MALE' },
      }),
      100,
      400,
    );
    expectCode(await t.request({ method: 'PUT', url: detailUrl, body: { basicDetails: {} } }), 102, 401);
    expect((await getProfile(asha.accessToken)).basicDetails?.dateOfBirth).toBe('1990-03-04');
  });
});
