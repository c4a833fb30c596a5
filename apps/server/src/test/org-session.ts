import { randomBytes } from 'node:crypto';
import { OPS_API_PATHS, ORG_API_PATHS, type OrgRole } from '@veridocs/shared';
import { DEV_STAFF } from '../modules/ops-auth/dev-staff.js';
import { bearer, expectCode, outbox, staffSignIn, type TestApp } from './test-app.js';

/** The password every user made by `orgSession` gets. */
export const ORG_TEST_PASSWORD = 'an-org-user-password';

export interface OrgTestSession {
  token: string;
  userId: string;
  email: string;
  headers: { authorization: string };
}

const ADMIN = DEV_STAFF.find((s) => s.role === 'admin')!;
/** One owner per test app and organisation, made on first use, who invites the other roles. */
const owners = new WeakMap<TestApp, Map<string, Promise<OrgTestSession>>>();
let counter = 0;
const uniqueEmail = (role: string) =>
  `${role}-${++counter}-${randomBytes(4).toString('hex')}@org.veridocs.test`;

/** The invitation token of the latest invitation e-mailed to `email` (from the dev outbox). */
export async function invitationToken(t: TestApp, email: string): Promise<string> {
  const [mail] = await outbox(t, email);
  const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1];
  if (!token) throw new Error(`no invitation link e-mailed to ${email}`);
  return token;
}

/** Password, then the e-mailed code: the session of an existing organisation user. */
export async function orgSignIn(
  t: TestApp,
  email: string,
  password = ORG_TEST_PASSWORD,
): Promise<{ token: string; userId: string }> {
  const step = expectCode<{ challengeId: string }>(
    await t.app.inject({ method: 'POST', url: ORG_API_PATHS.signIn, payload: { email, password } }),
    0,
    200,
  );
  // The latest code (an owner's outbox holds the organisation's notification e-mails too).
  const mail = (await outbox(t, email)).find((m) => m.otp);
  const session = expectCode<{ accessToken: string; user: { id: string } }>(
    await t.app.inject({
      method: 'POST',
      url: ORG_API_PATHS.verifyCode,
      payload: { challengeId: step.challengeId, code: mail!.otp },
    }),
    0,
    200,
  );
  return { token: session.accessToken, userId: session.user.id };
}

async function acceptAndSignIn(t: TestApp, email: string): Promise<OrgTestSession> {
  const token = await invitationToken(t, email);
  expectCode(
    await t.app.inject({
      method: 'POST',
      url: ORG_API_PATHS.acceptInvitation,
      payload: { token, password: ORG_TEST_PASSWORD },
    }),
    0,
    200,
  );
  const session = await orgSignIn(t, email);
  return { ...session, email, headers: bearer(session.token) };
}

/** The platform admin invites the organisation's owner (creating the organisation when it does not exist). */
async function newOwner(t: TestApp, orgId: string, email: string): Promise<OrgTestSession> {
  // Signed in afresh each time: a test may have moved the clock past an earlier token.
  const headers = await staffSignIn(t, ADMIN);
  const invite = () =>
    t.app.inject({
      method: 'POST',
      url: ORG_API_PATHS.opsOrgOwner(orgId),
      headers,
      payload: { email, name: 'Test Owner' },
    });
  let res = await invite();
  if (res.json<{ code: number }>().code === 120) {
    expectCode(
      await t.app.inject({
        method: 'POST',
        url: OPS_API_PATHS.adminOrgs,
        headers,
        payload: { id: orgId, name: `Organisation ${orgId}`, partnerOrgId: null },
      }),
      0,
      200,
    );
    res = await invite();
  }
  expectCode(res, 0, 200);
  return acceptAndSignIn(t, email);
}

/**
 * A signed-in organisation user of `role` in `orgId`, made through the real flow: the platform admin
 * invites the organisation's first owner (the organisation is created when it does not exist), that
 * owner invites the other roles; the invitee accepts the e-mailed link, signs in with the password and
 * the e-mailed code (both read from the dev outbox). Every call makes a new user (e-mails are unique).
 */
/**
 * One at a time per test app: each call may sign the platform admin in, and a second sign-in's code
 * ends the first one's (ADR 0019), so calls made together (Promise.all) would fail each other.
 */
const queues = new WeakMap<TestApp, Promise<unknown>>();

export function orgSession(
  t: TestApp,
  opts: { orgId: string; role: OrgRole; email?: string },
): Promise<OrgTestSession> {
  const run = (queues.get(t) ?? Promise.resolve()).catch(() => undefined).then(() => sessionNow(t, opts));
  queues.set(t, run);
  return run;
}

async function sessionNow(
  t: TestApp,
  opts: { orgId: string; role: OrgRole; email?: string },
): Promise<OrgTestSession> {
  const email = opts.email?.toLowerCase() ?? uniqueEmail(opts.role);
  let byOrg = owners.get(t);
  if (!byOrg) {
    byOrg = new Map();
    owners.set(t, byOrg);
  }
  const cached = byOrg.get(opts.orgId);
  if (!cached) {
    const first = newOwner(t, opts.orgId, opts.role === 'owner' ? email : uniqueEmail('owner'));
    byOrg.set(opts.orgId, first);
    first.catch(() => byOrg.delete(opts.orgId));
    if (opts.role === 'owner') return first;
  }
  let inviter = await byOrg.get(opts.orgId)!;
  const invite = (headers: { authorization: string }) =>
    t.app.inject({
      method: 'POST',
      url: ORG_API_PATHS.userInvitations,
      headers,
      payload: { email, name: `Test ${opts.role}`, role: opts.role },
    });
  let res = await invite(inviter.headers);
  if (res.json<{ code: number }>().code === 302) {
    // The owner's token expired (a test moved the clock) or was signed out: sign them in again.
    const again = await orgSignIn(t, inviter.email);
    inviter = { ...inviter, token: again.token, headers: bearer(again.token) };
    byOrg.set(opts.orgId, Promise.resolve(inviter));
    res = await invite(inviter.headers);
  }
  expectCode(res, 0, 200);
  return acceptAndSignIn(t, email);
}
