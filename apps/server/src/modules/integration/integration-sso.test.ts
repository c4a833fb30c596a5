import {
  API_PATHS,
  INTEGRATION_API_PATHS as I,
  type ApiKeyCreated,
  type IntegrationCreateTransactionResponse,
  type Session,
} from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  expectCode,
  requestOtp,
  signUp,
  staffSignIn,
  uniqueMobile,
  verifyOtp,
  wallet,
  type TestApp,
} from '../../test/test-app.js';
import { DEV_STAFF } from '../ops-auth/dev-staff.js';

const ORG = 'demo-university';
const FORM = 'demo-form';
const OTHER_ORG = 'sso-other-org';
const OTHER_FORM = 'sso-other-form';
const ADMIN = DEV_STAFF.find((s) => s.role === 'admin')!;
type Headers = Record<string, string>;

// Issue 23 §1: an organisation's API key must never become a session for a wallet it did not create.
describe('organisation links (sso): single use, short lived, never into a wallet the organisation did not make', () => {
  let t: TestApp;
  let keyOf: (orgId: string) => Promise<Headers>;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        OCR_WORKER: 'off',
        WEBHOOK_JOBS: 'off',
        PUBLIC_URL: 'https://app.example',
        SSO_TTL_SECONDS: '300',
      },
    });
    await t.db.orm.execute(sql`insert into organisations (id, name) values (${OTHER_ORG}, 'Other org')`);
    await t.db.orm.execute(
      sql`insert into ekyc_forms (id, org_id, name) select ${OTHER_FORM}, ${OTHER_ORG}, name from ekyc_forms where id = ${FORM}`,
    );
    const admin = await staffSignIn(t, ADMIN);
    keyOf = async (orgId) =>
      bearer(
        expectCode<ApiKeyCreated>(
          await t.request({ method: 'POST', url: I.apiKeys(orgId), body: { name: 'ATS' }, headers: admin }),
          0,
          200,
        ).key,
      );
  });
  afterAll(() => t?.close());

  const create = async (headers: Headers, candidate: { mobile: string; name?: string }, formId = FORM) =>
    expectCode<IntegrationCreateTransactionResponse>(
      await t.request({ method: 'POST', url: I.transactions, body: { formId, candidate }, headers }),
      0,
      200,
    );
  const exchange = (token: string) =>
    t.request({ method: 'PUT', url: wallet(API_PATHS.profile.getToken), headers: bearer(token) });
  const profileWith = (accessToken: string) =>
    t.request({ method: 'GET', url: wallet(API_PATHS.profile.base), headers: bearer(accessToken) });
  const otpSignIn = async (mobile: string): Promise<Session> => {
    const { txnId, otp } = await requestOtp(t, mobile);
    return expectCode<Session>(await verifyOtp(t, txnId, otp), 0, 200);
  };

  it("answers no sso for a wallet its owner made: nothing in the answer opens the candidate's data", async () => {
    const owner = await signUp(t, uniqueMobile(), 'Meera Pillai');
    const created = await create(await keyOf(ORG), { mobile: owner.mobile, name: 'Someone Else' });
    expect(Object.keys(created).sort()).toEqual(['link', 'transactionId']);
    expect(created.link).toBe(`https://app.example/ekyc/${FORM}/${created.transactionId}?orgId=${ORG}`);
    // Every value the organisation received is refused as a session.
    for (const value of Object.values(created)) expectCode(await exchange(String(value)), 138, 401);
    // The transaction is the owner's, waiting for them to sign in; their name is unchanged.
    const [row] = (
      (await t.db.orm.execute(
        sql`select p.mobile, p.name from transactions t join profiles p on p.id = t.profile_id where t.id = ${created.transactionId}`,
      )) as { rows: { mobile: string; name: string }[] }
    ).rows;
    expect(row).toEqual({ mobile: owner.mobile, name: 'Meera Pillai' });
  });

  it('gives an sso only to the organisation that made the wallet, once, until the owner signs in', async () => {
    const mobile = uniqueMobile();
    const key = await keyOf(ORG);
    const first = await create(key, { mobile, name: 'Ravi Kumar' });
    expect(first.sso).toMatch(/^sso_[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(first.ssoExpiresAt!) - t.clock.now().getTime()).toBe(300_000);
    // Only its hash is kept.
    const stored = await t.db.orm.execute(sql`select * from sign_in_links`);
    expect(JSON.stringify(stored)).not.toContain(first.sso!.slice(4));

    // Another organisation's call for the same wallet gets a link only.
    const other = await create(await keyOf(OTHER_ORG), { mobile }, OTHER_FORM);
    expect(other.sso).toBeUndefined();

    // Single use.
    const linkSession = expectCode<Session>(await exchange(first.sso!), 0, 200);
    expectCode(await exchange(first.sso!), 138, 401);
    expectCode(await profileWith(linkSession.accessToken), 0, 200);

    // The owner proves the mobile: the link's session ends, and no organisation gets an sso again.
    const own = await otpSignIn(mobile);
    expectCode(await profileWith(linkSession.accessToken), 138, 401);
    expectCode(await exchange(linkSession.refreshToken), 138, 401);
    expectCode(await profileWith(own.accessToken), 0, 200);
    const later = await create(key, { mobile });
    expect(later.sso).toBeUndefined();
    expect(later.transactionId).toBe(first.transactionId);
  });

  it('spends every link of the wallet when one is used, and refuses a link after its time', async () => {
    const mobile = uniqueMobile();
    const key = await keyOf(ORG);
    const a = await create(key, { mobile, name: 'Lata Iyer' });
    const b = await create(key, { mobile });
    expect(b.sso).toBeTruthy();
    expect(b.sso).not.toBe(a.sso);
    expectCode(await exchange(b.sso!), 0, 200);
    expectCode(await exchange(a.sso!), 138, 401);

    const late = await create(key, { mobile: uniqueMobile(), name: 'Late Comer' });
    t.clock.advance(301);
    expectCode(await exchange(late.sso!), 138, 401);
  });

  it('refuses a link whose wallet was signed in to by OTP after it was made', async () => {
    const mobile = uniqueMobile();
    const made = await create(await keyOf(ORG), { mobile, name: 'Kiran Das' });
    await otpSignIn(mobile);
    expectCode(await exchange(made.sso!), 138, 401);
  });
});
