import { API_PATHS, OPS_API_PATHS, ORG_API_PATHS, type OrgUserList } from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_STAFF } from '../ops-auth/dev-staff.js';
import { ORG_TEST_PASSWORD, invitationToken, orgSession, orgSignIn } from '../../test/org-session.js';
import {
  bearer,
  createTestApp,
  expectCode,
  outbox,
  signUp,
  staffSignIn,
  wallet,
  type TestApp,
} from '../../test/test-app.js';

const O = ORG_API_PATHS;
const ADMIN = DEV_STAFF.find((s) => s.role === 'admin')!;

describe('organisation portal accounts (ADR 0047)', () => {
  let t: TestApp;
  let orgs = 0;
  beforeAll(async () => {
    t = await createTestApp({ env: { OCR_WORKER: 'off' } });
  }, 120_000);
  afterAll(() => t?.close());

  const newOrg = () => `org-auth-${++orgs}`;
  const inject = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    headers = {},
  ) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const signIn = (email: string, password = ORG_TEST_PASSWORD) =>
    inject('POST', O.signIn, { email, password });
  const answer = (r: LightMyRequestResponse) => ({ status: r.statusCode, ...r.json<object>() });
  const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> =>
    ((await t.db.orm.execute(query)) as { rows: T[] }).rows;
  const auditActions = async (orgId: string) =>
    (
      await rows<{ action: string }>(sql`select action from org_audit where org_id = ${orgId} order by id`)
    ).map((r) => r.action);

  describe('sign-in and the guard', () => {
    it('signs in with password and e-mailed code; me answers the user and organisation; sign-out ends it', async () => {
      const orgId = newOrg();
      const owner = await orgSession(t, { orgId, role: 'owner' });
      const me = expectCode<{ user: { id: string; role: string }; org: { id: string } }>(
        await inject('GET', O.me, undefined, owner.headers),
        0,
        200,
      );
      expect(me.user).toMatchObject({ id: owner.userId, role: 'owner' });
      expect(me.org.id).toBe(orgId);
      expectCode(await inject('POST', O.signOut, undefined, owner.headers), 0, 200);
      expectCode(await inject('GET', O.me, undefined, owner.headers), 302, 401);
      expect(await auditActions(orgId)).toEqual(
        expect.arrayContaining([
          'user.invite',
          'user.invitation-accept',
          'sign-in.code-sent',
          'sign-in',
          'sign-out',
        ]),
      );
    });

    it('the code is stored as an HMAC, never in clear', async () => {
      const owner = await orgSession(t, { orgId: newOrg(), role: 'owner' });
      const [mail] = await outbox(t, owner.email);
      const found = await rows<{ code_hash: string }>(
        sql`select code_hash from org_user_sign_in_codes where user_id = ${owner.userId}`,
      );
      expect(found.length).toBeGreaterThan(0);
      expect(found.every((r) => r.code_hash !== mail!.otp && r.code_hash.length === 64)).toBe(true);
    });

    it('refuses a missing or garbage token, and an ops or candidate token, with 302', async () => {
      expectCode(await inject('GET', O.me), 302, 401);
      expectCode(await inject('GET', O.me, undefined, bearer('not.a.token')), 302, 401);
      const ops = await staffSignIn(t, ADMIN);
      expectCode(await inject('GET', O.me, undefined, ops), 302, 401);
      const candidate = bearer((await signUp(t)).accessToken);
      expectCode(await inject('GET', O.me, undefined, candidate), 302, 401);
    });

    it('an organisation token is refused on ops and candidate routes', async () => {
      const owner = await orgSession(t, { orgId: newOrg(), role: 'owner' });
      expect((await inject('GET', OPS_API_PATHS.me, undefined, owner.headers)).statusCode).toBe(401);
      const res = await t.request({
        method: 'GET',
        url: wallet(API_PATHS.profile.base),
        headers: owner.headers,
      });
      expect(res.statusCode).toBe(401);
    });

    it('wrong code: 301 with attempts left; the third kills the code', async () => {
      const owner = await orgSession(t, { orgId: newOrg(), role: 'owner' });
      const { challengeId } = expectCode<{ challengeId: string }>(await signIn(owner.email), 0, 200);
      const [mail] = await outbox(t, owner.email);
      const wrong = mail!.otp === '000000' ? '111111' : '000000';
      const verify = (code: string) => inject('POST', O.verifyCode, { challengeId, code });
      expect(expectCode<{ attemptsLeft: number }>(await verify(wrong), 301, 400).attemptsLeft).toBe(2);
      expect(expectCode<{ attemptsLeft: number }>(await verify(wrong), 301, 400).attemptsLeft).toBe(1);
      expect(expectCode<{ attemptsLeft: number }>(await verify(wrong), 301, 400).attemptsLeft).toBe(0);
      expectCode(await verify(mail!.otp!), 301, 400);
    });

    it('an expired code is refused, and a used one', async () => {
      const owner = await orgSession(t, { orgId: newOrg(), role: 'owner' });
      const { challengeId } = expectCode<{ challengeId: string }>(await signIn(owner.email), 0, 200);
      const [mail] = await outbox(t, owner.email);
      t.clock.advance(601);
      expectCode(await inject('POST', O.verifyCode, { challengeId, code: mail!.otp }), 301, 400);
      const again = await orgSignIn(t, owner.email);
      expect(again.userId).toBe(owner.userId);
    });

    it('an unknown e-mail, a wrong password, a disabled and a locked user answer exactly alike', async () => {
      const orgId = newOrg();
      const unknown = answer(await signIn('nobody@org.veridocs.test'));
      expect(unknown).toMatchObject({ status: 401, code: 300 });
      const wrong = await orgSession(t, { orgId, role: 'owner' });
      expect(answer(await signIn(wrong.email, 'not-the-password'))).toEqual(unknown);

      const disabled = await orgSession(t, { orgId, role: 'viewer' });
      await t.db.orm.execute(sql`update org_users set disabled_at = now() where id = ${disabled.userId}`);
      expect(answer(await signIn(disabled.email))).toEqual(unknown);
      // A disabled user's live token stops working at once.
      expectCode(await inject('GET', O.me, undefined, disabled.headers), 302, 401);

      const locked = await orgSession(t, { orgId, role: 'manager' });
      for (let i = 0; i < 4; i++)
        expect(answer(await signIn(locked.email, 'nope-nope-nope'))).toEqual(unknown);
      // 4 wrong then right: not locked yet (the count resets).
      expectCode(await signIn(locked.email), 0, 200);
      for (let i = 0; i < 5; i++) await signIn(locked.email, 'nope-nope-nope');
      expect(answer(await signIn(locked.email))).toEqual(unknown);
      t.clock.advance(15 * 60 + 1);
      expectCode(await signIn(locked.email), 0, 200);
      expect(await auditActions(orgId)).toEqual(
        expect.arrayContaining(['sign-in.wrong-password', 'sign-in.locked']),
      );
    });

    it('a 6th code within the hour is refused with the same answer', async () => {
      const owner = await orgSession(t, { orgId: newOrg(), role: 'owner' });
      // orgSession's sign-in was the first code of the hour.
      for (let i = 0; i < 4; i++) {
        t.clock.advance(60);
        expectCode(await signIn(owner.email), 0, 200);
      }
      t.clock.advance(60);
      const refused = answer(await signIn(owner.email));
      expect(refused).toEqual(answer(await signIn('nobody@org.veridocs.test')));
      t.clock.advance(3600);
      expectCode(await signIn(owner.email), 0, 200);
    });

    it('the token expires with its session', async () => {
      const orgId = newOrg();
      const owner = await orgSession(t, { orgId, role: 'owner' });
      t.clock.advance(t.config.orgAccessTokenTtlSeconds + 1);
      expectCode(await inject('GET', O.me, undefined, owner.headers), 302, 401);
      // The test helper signs its cached owner in again to invite another role.
      const viewer = await orgSession(t, { orgId, role: 'viewer' });
      expectCode(await inject('GET', O.me, undefined, viewer.headers), 0, 200);
    });
  });

  describe('users and invitations (owner)', () => {
    it('a manager or viewer cannot see or change users (303)', async () => {
      const orgId = newOrg();
      for (const role of ['manager', 'viewer'] as const) {
        const user = await orgSession(t, { orgId, role });
        expectCode(await inject('GET', O.users, undefined, user.headers), 303, 403);
        expectCode(
          await inject(
            'POST',
            O.userInvitations,
            { email: 'x@y.test', name: 'Xavier', role: 'viewer' },
            user.headers,
          ),
          303,
          403,
        );
        expectCode(await inject('PATCH', O.user(user.userId), { role: 'owner' }, user.headers), 303, 403);
      }
    });

    it("the owner's Activity: newest first, paged, named; another org's owner gets none; a manager 303", async () => {
      const orgId = newOrg();
      const owner = await orgSession(t, { orgId, role: 'owner' });
      const manager = await orgSession(t, { orgId, role: 'manager' });
      type Page = {
        list: { id: string; action: string; at: string; actor: { userId: string; name: string } | null }[];
        nextCursor: string | null;
      };
      const all = expectCode<Page>(
        await inject('GET', `${O.activity}?limit=100`, undefined, owner.headers),
        0,
        200,
      );
      const actions = await auditActions(orgId);
      expect(all.list.map((e) => e.action)).toEqual([...actions].reverse());
      expect(all.nextCursor).toBeNull();
      const ids = all.list.map((e) => Number(e.id));
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(all.list.find((e) => e.action === 'sign-in' && e.actor?.userId === owner.userId)).toBeDefined();
      // Pages of 2 walk the same rows, with no overlap.
      const walked: string[] = [];
      let cursor: string | null = null;
      do {
        const page: Page = expectCode<Page>(
          await inject(
            'GET',
            `${O.activity}?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
            undefined,
            owner.headers,
          ),
          0,
          200,
        );
        expect(page.list.length).toBeLessThanOrEqual(2);
        walked.push(...page.list.map((e) => e.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(walked).toEqual(all.list.map((e) => e.id));

      // Another organisation's owner sees only its own rows, never these (nor through a cursor).
      const other = await orgSession(t, { orgId: newOrg(), role: 'owner' });
      const theirs = expectCode<Page>(
        await inject('GET', `${O.activity}?limit=100`, undefined, other.headers),
        0,
        200,
      );
      expect(theirs.list.length).toBeGreaterThan(0);
      expect(theirs.list.some((e) => ids.includes(Number(e.id)))).toBe(false);
      expect(theirs.list.some((e) => e.actor?.userId === owner.userId)).toBe(false);
      // A cursor into the first organisation's rows reaches none of them.
      const past = expectCode<Page>(
        await inject('GET', `${O.activity}?cursor=${ids[0]! + 1}`, undefined, other.headers),
        0,
        200,
      );
      expect(past.list).toEqual([]);
      // A manager (and a viewer) is refused like any owner-only page; a bad cursor is a 100.
      expectCode(await inject('GET', O.activity, undefined, manager.headers), 303, 403);
      expectCode(await inject('GET', `${O.activity}?cursor=abc`, undefined, owner.headers), 100, 400);
    });

    it('invites by an e-mailed link (only a hash stored), previews, accepts once with the role', async () => {
      const orgId = newOrg();
      const owner = await orgSession(t, { orgId, role: 'owner' });
      const email = 'new.manager@org.veridocs.test';
      const invitation = expectCode<{ id: string; expiresAt: string }>(
        await inject(
          'POST',
          O.userInvitations,
          { email, name: 'New Manager', role: 'manager' },
          owner.headers,
        ),
        0,
        200,
      );
      expect(new Date(invitation.expiresAt).getTime() - t.clock.now().getTime()).toBe(7 * 24 * 3600 * 1000);
      const token = await invitationToken(t, email);
      const [mail] = await outbox(t, email);
      expect(mail!.body).toContain(`${t.config.publicUrl}/org/invitation?token=`);
      const found = await rows<{ token_hash: string }>(
        sql`select token_hash from org_user_invitations where id = ${invitation.id}`,
      );
      expect(found[0]!.token_hash).not.toContain(token);

      const list = expectCode<OrgUserList>(await inject('GET', O.users, undefined, owner.headers), 0, 200);
      expect(list.invitations.map((i) => i.email)).toEqual([email]);

      const preview = expectCode<{ email: string; role: string; orgName: string }>(
        await inject('GET', `${O.invitation}?token=${token}`),
        0,
        200,
      );
      expect(preview).toMatchObject({ email, role: 'manager', orgName: `Organisation ${orgId}` });
      expectCode(await inject('POST', O.acceptInvitation, { token, password: 'short' }), 100, 400);
      const user = expectCode<{ role: string }>(
        await inject('POST', O.acceptInvitation, { token, password: ORG_TEST_PASSWORD }),
        0,
        200,
      );
      expect(user.role).toBe('manager');
      expectCode(await inject('POST', O.acceptInvitation, { token, password: ORG_TEST_PASSWORD }), 306, 404);
      expectCode(await inject('GET', `${O.invitation}?token=${token}`), 306, 404);
      await orgSignIn(t, email);
      // The e-mail has a user now: 305.
      expectCode(
        await inject('POST', O.userInvitations, { email, name: 'Again', role: 'viewer' }, owner.headers),
        305,
        409,
      );
      expect(await auditActions(orgId)).toEqual(
        expect.arrayContaining(['user.invite', 'user.invitation-accept']),
      );
    });

    it('an expired, revoked or unknown invitation is 306', async () => {
      const owner = await orgSession(t, { orgId: newOrg(), role: 'owner' });
      const invite = async (email: string) => {
        const inv = expectCode<{ id: string }>(
          await inject('POST', O.userInvitations, { email, name: 'Someone', role: 'viewer' }, owner.headers),
          0,
          200,
        );
        return { id: inv.id, token: await invitationToken(t, email) };
      };
      const revoked = await invite('revoked@org.veridocs.test');
      expectCode(await inject('DELETE', O.userInvitation(revoked.id), undefined, owner.headers), 0, 200);
      expectCode(await inject('DELETE', O.userInvitation(revoked.id), undefined, owner.headers), 306, 404);
      expectCode(
        await inject('POST', O.acceptInvitation, { token: revoked.token, password: ORG_TEST_PASSWORD }),
        306,
        404,
      );
      expectCode(await inject('GET', `${O.invitation}?token=unknown-token-xyz`), 306, 404);

      const expired = await invite('expired@org.veridocs.test');
      t.clock.advance(7 * 24 * 3600 + 1);
      expectCode(
        await inject('POST', O.acceptInvitation, { token: expired.token, password: ORG_TEST_PASSWORD }),
        306,
        404,
      );
    });

    it('changes a role and disables (ending sessions); the last enabled owner stays (307)', async () => {
      const orgId = newOrg();
      const owner = await orgSession(t, { orgId, role: 'owner' });
      const viewer = await orgSession(t, { orgId, role: 'viewer' });
      expectCode(await inject('PATCH', O.user(owner.userId), { role: 'manager' }, owner.headers), 307, 409);
      expectCode(await inject('PATCH', O.user(owner.userId), { disabled: true }, owner.headers), 307, 409);

      const promoted = expectCode<{ role: string }>(
        await inject('PATCH', O.user(viewer.userId), { role: 'owner' }, owner.headers),
        0,
        200,
      );
      expect(promoted.role).toBe('owner');
      // The role is read at each request: the viewer is an owner now.
      expectCode(await inject('GET', O.users, undefined, viewer.headers), 0, 200);

      const disabled = expectCode<{ disabledAt: string | null }>(
        await inject('PATCH', O.user(viewer.userId), { disabled: true }, owner.headers),
        0,
        200,
      );
      expect(disabled.disabledAt).not.toBeNull();
      expectCode(await inject('GET', O.me, undefined, viewer.headers), 302, 401);
      // Two owners again, then the first may step down.
      expectCode(await inject('PATCH', O.user(viewer.userId), { disabled: false }, owner.headers), 0, 200);
      expectCode(await inject('PATCH', O.user(owner.userId), { role: 'manager' }, owner.headers), 0, 200);
      expectCode(await inject('GET', O.users, undefined, owner.headers), 303, 403);
      expect(await auditActions(orgId)).toEqual(
        expect.arrayContaining(['user.role', 'user.disable', 'user.enable']),
      );
    });

    it("an owner of organisation A cannot list, patch or revoke organisation B's users or invitations", async () => {
      const a = await orgSession(t, { orgId: newOrg(), role: 'owner' });
      const orgB = newOrg();
      const b = await orgSession(t, { orgId: orgB, role: 'owner' });
      const bViewer = await orgSession(t, { orgId: orgB, role: 'viewer' });
      const bInvitation = expectCode<{ id: string }>(
        await inject(
          'POST',
          O.userInvitations,
          { email: 'b-invitee@org.veridocs.test', name: 'Bee', role: 'viewer' },
          b.headers,
        ),
        0,
        200,
      );
      const listA = expectCode<OrgUserList>(await inject('GET', O.users, undefined, a.headers), 0, 200);
      expect(listA.users.map((u) => u.id)).toEqual([a.userId]);
      expect(listA.invitations).toEqual([]);
      expectCode(await inject('PATCH', O.user(bViewer.userId), { role: 'owner' }, a.headers), 304, 404);
      expectCode(await inject('PATCH', O.user(b.userId), { disabled: true }, a.headers), 304, 404);
      expectCode(await inject('DELETE', O.userInvitation(bInvitation.id), undefined, a.headers), 306, 404);
      const listB = expectCode<OrgUserList>(await inject('GET', O.users, undefined, b.headers), 0, 200);
      expect(listB.users.find((u) => u.id === bViewer.userId)?.role).toBe('viewer');
      expect(listB.invitations.map((i) => i.id)).toEqual([bInvitation.id]);
    });
  });

  describe("the platform admin's owner invitation", () => {
    it('needs an admin ops token, is audited in the ops audit, and 120 for an unknown organisation', async () => {
      const admin = await staffSignIn(t, ADMIN);
      const verifier = await staffSignIn(
        t,
        DEV_STAFF.find((s) => s.role === 'verifier')!,
      );
      const payload = { email: 'first.owner@org.veridocs.test', name: 'First Owner' };
      expectCode(await inject('POST', O.opsOrgOwner('no-such-org'), payload, admin), 120, 404);
      expect((await inject('POST', O.opsOrgOwner('no-such-org'), payload, verifier)).statusCode).toBe(403);
      const orgUser = await orgSession(t, { orgId: newOrg(), role: 'owner' });
      expect((await inject('POST', O.opsOrgOwner('x'), payload, orgUser.headers)).statusCode).toBe(401);

      const orgId = newOrg();
      expectCode(
        await inject('POST', OPS_API_PATHS.adminOrgs, { id: orgId, name: 'Acme', partnerOrgId: null }, admin),
        0,
        200,
      );
      expectCode(await inject('POST', O.opsOrgOwner(orgId), payload, admin), 0, 200);
      const token = await invitationToken(t, payload.email);
      const user = expectCode<{ role: string }>(
        await inject('POST', O.acceptInvitation, { token, password: ORG_TEST_PASSWORD }),
        0,
        200,
      );
      expect(user.role).toBe('owner');
      const found = await rows<{ n: number }>(
        sql`select count(*)::int as n from ops_audit where action = 'org.owner-invite' and target_id = ${orgId}`,
      );
      expect(found[0]!.n).toBe(1);
    });
  });
});
