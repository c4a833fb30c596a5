import { randomBytes, randomUUID } from 'node:crypto';
import {
  ORG_BASE,
  type OpsOrgOwnerCreate,
  type OrgInvitationPreview,
  type OrgMe,
  type OrgRole,
  type OrgSession,
  type OrgSignInResponse,
  type OrgUser,
  type OrgUserInvitation,
  type OrgUserInviteRequest,
  type OrgActivityList,
  type OrgActivityQuery,
  type OrgUserList,
  type OrgUserRow,
  type OrgUserUpdate,
} from '@veridocs/shared';
import type { FastifyBaseLogger } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import type { DbScope } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { addSeconds, type Clock } from '../../lib/clock.js';
import { equalHex, hmacSha256Hex, randomDigits, sha256Hex } from '../../lib/crypto.js';
import { isUuid } from '../../lib/ids.js';
import type { MailSender } from '../../providers/mail/index.js';
import { maskEmail } from '../ops-auth/ops-auth-service.js';
import { dummyHash, hashPassword, verifyPassword } from '../ops-auth/password.js';
import type { OrgAuthRepository, OrgInvitationRow, OrgUserRow as UserRow } from './org-auth-repository.js';
import type { OrgAuthenticator, OrgPrincipal } from './org-guard.js';

/** The sign-in rules: the console's (ADR 0019, ADR 0047). */
export const ORG_SIGN_IN = {
  codeDigits: 6,
  codeTtlSeconds: 600,
  /** Wrong codes before the code dies. */
  codeAttempts: 3,
  /** Wrong passwords in a row before the account is locked for `lockSeconds`. */
  passwordAttempts: 5,
  lockSeconds: 15 * 60,
  /** Per user and sliding hour: codes e-mailed, and wrong codes (then locked for `codeLockSeconds`). */
  codesPerHour: 5,
  wrongCodesPerHour: 5,
  codeLockSeconds: 60 * 60,
  /** An invitation link lives 7 days. */
  invitationTtlSeconds: 7 * 24 * 3600,
} as const;

/** The audience of an organisation access token (a staff or candidate token is never one). */
export const ORG_AUDIENCE = 'veridocs-org';
const ISSUER = 'veridocs';
const HOUR_SECONDS = 3600;

export interface OrgOrigin {
  ip: string | null;
}

export interface OrgAuthServiceDeps {
  repo: OrgAuthRepository;
  mailer: MailSender;
  /** Signs organisation access tokens (HS256): ServerKeys.org. */
  tokenKey: Uint8Array;
  /** Keys the HMAC sign-in codes are stored as. */
  codeKey: Uint8Array;
  accessTtlSeconds: number;
  /** PUBLIC_URL: the invitation links point at its /org/invitation page. */
  publicUrl: string;
  now: Clock;
  log: FastifyBaseLogger;
}

const toUser = (row: UserRow): OrgUser => ({ id: row.id, email: row.email, name: row.name, role: row.role });

const toUserRow = (row: UserRow, lastSignInAt: Date | null): OrgUserRow => ({
  ...toUser(row),
  disabledAt: row.disabledAt?.toISOString() ?? null,
  lockedUntil: row.lockedUntil?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  lastSignInAt: lastSignInAt?.toISOString() ?? null,
});

const toInvitation = (row: OrgInvitationRow): OrgUserInvitation => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

/**
 * The organisation portal's accounts (ADR 0047): e-mail and argon2id password, then a 6-digit e-mailed
 * code; an HS256 token with its own key and audience tied to an `org_user_sessions` row; invitations by
 * an e-mailed link (only the token's SHA-256 kept); every sign-in, invitation and role change audited.
 */
export function createOrgAuthService(deps: OrgAuthServiceDeps) {
  const { repo, now: clock } = deps;
  const codeHash = (id: string, code: string) => hmacSha256Hex(deps.codeKey, `org:${id}:${code}`);
  const tokenHash = (token: string) => sha256Hex(`org-invitation:${token}`);

  async function audit(
    entry: {
      orgId: string;
      userId: string | null;
      action: string;
      targetType?: string;
      targetId?: string;
      detail?: Record<string, unknown>;
      ip: string | null;
    },
    within?: DbScope,
  ): Promise<void> {
    await repo.audit(
      {
        orgId: entry.orgId,
        userId: entry.userId,
        action: entry.action,
        targetType: entry.targetType ?? null,
        targetId: entry.targetId ?? null,
        detail: entry.detail ?? {},
        ip: entry.ip,
        at: clock(),
      },
      within,
    );
  }

  async function signToken(user: UserRow, sessionId: string, at: Date): Promise<string> {
    const iat = Math.floor(at.getTime() / 1000);
    return new SignJWT({ sid: sessionId, org: user.orgId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(ISSUER)
      .setAudience(ORG_AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + deps.accessTtlSeconds)
      .sign(deps.tokenKey);
  }

  /** Stores an invitation (older open ones of the e-mail die) and e-mails its link; 305 when the e-mail has a user. */
  async function invite(
    orgId: string,
    input: { email: string; name: string; role: OrgRole },
    by: { userId: string | null; ip: string | null },
  ): Promise<OrgUserInvitation> {
    const at = clock();
    const email = input.email.trim().toLowerCase();
    const token = randomBytes(32).toString('base64url');
    const row = await repo.change(async (ops) => {
      if (!(await ops.orgExists(orgId))) throw new AppError('ORG_NOT_FOUND');
      if (await ops.emailTaken(email)) throw new AppError('ORG_USER_EMAIL_TAKEN');
      const inserted = await ops.insertInvitation({
        orgId,
        email,
        name: input.name.trim(),
        role: input.role,
        tokenHash: tokenHash(token),
        invitedBy: by.userId,
        expiresAt: addSeconds(at, ORG_SIGN_IN.invitationTtlSeconds),
        now: at,
      });
      await ops.revokeOpenInvitations(orgId, email, inserted.id, at);
      await audit(
        {
          orgId,
          userId: by.userId,
          action: 'user.invite',
          targetType: 'invitation',
          targetId: inserted.id,
          detail: { email, role: input.role, byPlatformAdmin: by.userId === null },
          ip: by.ip,
        },
        ops.scope,
      );
      return inserted;
    });
    const orgName = (await repo.orgName(orgId)) ?? orgId;
    const link = `${deps.publicUrl}${ORG_BASE}/invitation?token=${encodeURIComponent(token)}`;
    try {
      await deps.mailer.send({
        to: email,
        subject: `You are invited to ${orgName} on Veridocs`,
        text:
          `Hello ${row.name},\n\nYou are invited to join ${orgName}'s portal on Veridocs as ${input.role}.\n` +
          `Set your password here (the link works for 7 days):\n${link}\n\n` +
          `If you did not expect this, you can ignore this e-mail.`,
      });
    } catch (error) {
      deps.log.error({ err: error }, 'The organisation invitation could not be e-mailed');
      throw new AppError('SERVICE_UNAVAILABLE', 'The invitation could not be sent, please try again');
    }
    return toInvitation(row);
  }

  /** An open invitation of the token's hash (undefined when unknown, expired, accepted or revoked). */
  function open(row: OrgInvitationRow | undefined, at: Date): OrgInvitationRow | undefined {
    if (!row || row.acceptedAt || row.revokedAt || row.expiresAt <= at) return undefined;
    return row;
  }

  const service = {
    audit,

    /**
     * Step 1. An unknown e-mail, a disabled or locked user, a wrong password and a user over the hourly
     * cap all answer the same 300 after the same work. 5 wrong passwords in a row lock for 15 minutes.
     */
    async signIn(email: string, password: string, origin: OrgOrigin): Promise<OrgSignInResponse> {
      const at = clock();
      const user = await repo.findByEmail(email.trim().toLowerCase());
      const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
      const refuse = async (action: string, detail?: Record<string, unknown>) => {
        if (user)
          await audit({
            orgId: user.orgId,
            userId: user.id,
            action,
            ...(detail ? { detail } : {}),
            ip: origin.ip,
          });
        return new AppError('ORG_SIGN_IN_FAILED');
      };
      if (!user) throw new AppError('ORG_SIGN_IN_FAILED');
      if (user.disabledAt) throw await refuse('sign-in.disabled');
      if (user.lockedUntil && user.lockedUntil > at)
        throw await refuse('sign-in.locked', { lockedUntil: user.lockedUntil.toISOString() });
      if (!passwordOk) {
        await repo.recordWrongPassword(
          user.id,
          ORG_SIGN_IN.passwordAttempts,
          addSeconds(at, ORG_SIGN_IN.lockSeconds),
          at,
        );
        throw await refuse('sign-in.wrong-password');
      }
      await repo.resetWrongPasswords(user.id, at);
      const challengeId = randomUUID();
      const code = randomDigits(ORG_SIGN_IN.codeDigits);
      const issued = await repo.insertCode({
        id: challengeId,
        userId: user.id,
        codeHash: codeHash(challengeId, code),
        expiresAt: addSeconds(at, ORG_SIGN_IN.codeTtlSeconds),
        now: at,
        cap: { since: addSeconds(at, -HOUR_SECONDS), max: ORG_SIGN_IN.codesPerHour },
      });
      if (!issued) throw await refuse('sign-in.code-limit', { perHour: ORG_SIGN_IN.codesPerHour });
      try {
        await deps.mailer.send({
          to: user.email,
          subject: 'Your Veridocs sign-in code',
          text:
            `Your Veridocs organisation portal sign-in code is ${code}. It works for 10 minutes.\n` +
            `If you did not try to sign in, tell your organisation's owner.`,
          otp: code,
        });
      } catch (error) {
        deps.log.error({ err: error }, 'The organisation sign-in code could not be e-mailed');
        throw new AppError('SERVICE_UNAVAILABLE', 'The sign-in code could not be sent, please try again');
      }
      await audit({ orgId: user.orgId, userId: user.id, action: 'sign-in.code-sent', ip: origin.ip });
      return { challengeId, maskedEmail: maskEmail(user.email), expiresIn: ORG_SIGN_IN.codeTtlSeconds };
    },

    /**
     * Step 2. Wrong: 301 with `attemptsLeft`; the third wrong one, an expired, unknown or used code: 301
     * (sign in again). Right: a session and its token.
     */
    async verifyCode(challengeId: string, code: string, origin: OrgOrigin): Promise<OrgSession> {
      const at = clock();
      const dead = (reason: string) =>
        new AppError('ORG_CODE_INVALID', undefined, { reason, attemptsLeft: 0 });
      let wrong: { userId: string; locked: boolean } | null = null;
      const outcome = await repo.withLockedCode(
        isUuid(challengeId) ? challengeId : randomUUID(),
        async (row, ops) => {
          if (!row) return dead('unknown');
          if (row.consumedAt) return dead('used');
          if (row.expiresAt <= at || row.failedAttempts >= ORG_SIGN_IN.codeAttempts) return dead('expired');
          if (!equalHex(row.codeHash, codeHash(row.id, code))) {
            const { failed, locked } = await ops.fail({
              since: addSeconds(at, -HOUR_SECONDS),
              max: ORG_SIGN_IN.wrongCodesPerHour,
              lockUntil: addSeconds(at, ORG_SIGN_IN.codeLockSeconds),
              codeAttempts: ORG_SIGN_IN.codeAttempts,
              now: at,
            });
            wrong = { userId: row.userId, locked };
            const attemptsLeft = Math.max(0, ORG_SIGN_IN.codeAttempts - failed);
            if (attemptsLeft === 0 || locked) return dead('attempts');
            return new AppError('ORG_CODE_INVALID', undefined, { reason: 'wrong', attemptsLeft });
          }
          await ops.consume(at);
          const sessionId = randomUUID();
          await ops.startSession({
            id: sessionId,
            userId: row.userId,
            ip: origin.ip,
            now: at,
            expiresAt: addSeconds(at, deps.accessTtlSeconds),
          });
          return { sessionId, userId: row.userId };
        },
      );
      const wrongOf = wrong as { userId: string; locked: boolean } | null;
      if (wrongOf) {
        const user = await repo.findById(wrongOf.userId);
        if (user)
          await audit({
            orgId: user.orgId,
            userId: user.id,
            action: wrongOf.locked ? 'sign-in.code-lockout' : 'sign-in.wrong-code',
            ip: origin.ip,
          });
      }
      if (outcome instanceof AppError) throw outcome;
      const user = await repo.findById(outcome.userId);
      if (!user || user.disabledAt) throw new AppError('ORG_SIGN_IN_FAILED');
      await audit({
        orgId: user.orgId,
        userId: user.id,
        action: 'sign-in',
        targetType: 'session',
        targetId: outcome.sessionId,
        ip: origin.ip,
      });
      return {
        accessToken: await signToken(user, outcome.sessionId, at),
        expiresIn: deps.accessTtlSeconds,
        user: toUser(user),
        org: { id: user.orgId, name: (await repo.orgName(user.orgId)) ?? user.orgId },
      };
    },

    /** The guard's part: a live session's principal (the role is the user's, now), or 302. */
    async authenticate(token: string | null): Promise<OrgPrincipal> {
      if (!token) throw new AppError('ORG_UNAUTHORISED');
      const at = clock();
      let claims: { sub?: string; sid?: unknown };
      try {
        ({ payload: claims } = await jwtVerify(token, deps.tokenKey, {
          algorithms: ['HS256'],
          audience: ORG_AUDIENCE,
          issuer: ISSUER,
          currentDate: at,
        }));
      } catch {
        throw new AppError('ORG_UNAUTHORISED');
      }
      if (typeof claims.sid !== 'string' || !isUuid(claims.sid) || !claims.sub)
        throw new AppError('ORG_UNAUTHORISED');
      const user = await repo.liveSessionUser(claims.sid, at);
      if (!user || user.id !== claims.sub) throw new AppError('ORG_UNAUTHORISED');
      return {
        userId: user.id,
        orgId: user.orgId,
        role: user.role,
        email: user.email,
        name: user.name,
        sessionId: claims.sid,
      };
    },

    async signOut(user: OrgPrincipal, origin: OrgOrigin): Promise<void> {
      await repo.endSession(user.sessionId, clock());
      await audit({
        orgId: user.orgId,
        userId: user.userId,
        action: 'sign-out',
        targetType: 'session',
        targetId: user.sessionId,
        ip: origin.ip,
      });
    },

    /** The organisation's enabled owners' addresses: where its notifications go without a settings' address. */
    ownerEmails: (orgId: string): Promise<string[]> => repo.ownerEmails(orgId),
    /** The organisation's name (its id when unknown). */
    orgName: async (orgId: string): Promise<string> => (await repo.orgName(orgId)) ?? orgId,

    async me(user: OrgPrincipal): Promise<OrgMe> {
      return {
        user: { id: user.userId, email: user.email, name: user.name, role: user.role },
        org: { id: user.orgId, name: (await repo.orgName(user.orgId)) ?? user.orgId },
      };
    },

    // ── Users and invitations, by an owner (each change and its audit row commit together) ──

    /** The owner's Activity page: the organisation's audit, newest first, a page at a time. */
    async activity(actor: OrgPrincipal, query: OrgActivityQuery): Promise<OrgActivityList> {
      const rows = await repo.activity(
        actor.orgId,
        query.cursor === undefined ? undefined : Number(query.cursor),
        query.limit + 1,
      );
      const page = rows.slice(0, query.limit);
      return {
        list: page.map((r) => ({
          id: String(r.id),
          at: r.at.toISOString(),
          action: r.action,
          actor:
            r.userId && r.name !== null && r.email !== null
              ? { userId: r.userId, name: r.name, email: r.email }
              : null,
          targetType: r.targetType,
          targetId: r.targetId,
          detail: r.detail,
        })),
        nextCursor: rows.length > query.limit ? String(page.at(-1)!.id) : null,
      };
    },

    async listUsers(actor: OrgPrincipal): Promise<OrgUserList> {
      const { users, invitations } = await repo.listUsers(actor.orgId, clock());
      return {
        users: users.map((u) => toUserRow(u.row, u.lastSignInAt)),
        invitations: invitations.map(toInvitation),
      };
    },

    inviteUser(
      actor: OrgPrincipal,
      input: OrgUserInviteRequest,
      origin: OrgOrigin,
    ): Promise<OrgUserInvitation> {
      return invite(actor.orgId, input, { userId: actor.userId, ip: origin.ip });
    },

    /** The platform admin invites an organisation's owner (the ops audit is the router's). 120: no such organisation. */
    inviteOwner(orgId: string, input: OpsOrgOwnerCreate, origin: OrgOrigin): Promise<OrgUserInvitation> {
      return invite(orgId, { ...input, role: 'owner' }, { userId: null, ip: origin.ip });
    },

    /** Revokes an open invitation of the actor's organisation (306 otherwise, as if it did not exist). */
    async revokeInvitation(actor: OrgPrincipal, invitationId: string, origin: OrgOrigin): Promise<void> {
      if (!isUuid(invitationId)) throw new AppError('ORG_INVITATION_INVALID');
      await repo.change(async (ops) => {
        const at = clock();
        const row = open(await ops.lockInvitation({ orgId: actor.orgId, id: invitationId }), at);
        if (!row) throw new AppError('ORG_INVITATION_INVALID');
        await ops.markInvitation(row.id, { revokedAt: at });
        await audit(
          {
            orgId: actor.orgId,
            userId: actor.userId,
            action: 'user.invitation-revoke',
            targetType: 'invitation',
            targetId: row.id,
            detail: { email: row.email },
            ip: origin.ip,
          },
          ops.scope,
        );
      });
    },

    /**
     * A new role or disabled/enabled (disabling ends every session at once). The last enabled owner can
     * be neither demoted nor disabled (307). Another organisation's user: 304.
     */
    async updateUser(
      actor: OrgPrincipal,
      userId: string,
      patch: OrgUserUpdate,
      origin: OrgOrigin,
    ): Promise<OrgUserRow> {
      if (!isUuid(userId)) throw new AppError('ORG_USER_NOT_FOUND');
      const row = await repo.change(async (ops) => {
        const at = clock();
        const owners = await ops.lockEnabledOwners(actor.orgId);
        const target = await ops.lockUser(actor.orgId, userId);
        if (!target) throw new AppError('ORG_USER_NOT_FOUND');
        const role = patch.role ?? target.role;
        const disabled = patch.disabled ?? Boolean(target.disabledAt);
        const stillOwner = role === 'owner' && !disabled;
        if (
          target.role === 'owner' &&
          !target.disabledAt &&
          !stillOwner &&
          !owners.some((id) => id !== target.id)
        )
          throw new AppError('ORG_LAST_OWNER');
        let updated = target;
        if (role !== target.role) {
          updated = await ops.updateUser(target.id, { role }, at);
          await audit(
            {
              orgId: actor.orgId,
              userId: actor.userId,
              action: 'user.role',
              targetType: 'user',
              targetId: target.id,
              detail: { from: target.role, to: role },
              ip: origin.ip,
            },
            ops.scope,
          );
        }
        if (disabled !== Boolean(target.disabledAt)) {
          updated = await ops.updateUser(target.id, { disabledAt: disabled ? at : null }, at);
          const sessionsEnded = disabled ? await ops.endSessions(target.id, at) : 0;
          await audit(
            {
              orgId: actor.orgId,
              userId: actor.userId,
              action: disabled ? 'user.disable' : 'user.enable',
              targetType: 'user',
              targetId: target.id,
              detail: disabled ? { sessionsEnded } : {},
              ip: origin.ip,
            },
            ops.scope,
          );
        }
        return updated;
      });
      return toUserRow(row, await repo.lastSignIn(row.id));
    },

    /** What the invitation page shows (306 when unknown, expired, accepted or revoked). */
    async invitationPreview(token: string): Promise<OrgInvitationPreview> {
      const row = open(await repo.findInvitationByHash(tokenHash(token)), clock());
      if (!row) throw new AppError('ORG_INVITATION_INVALID');
      return {
        email: row.email,
        name: row.name,
        role: row.role,
        orgName: (await repo.orgName(row.orgId)) ?? row.orgId,
        expiresAt: row.expiresAt.toISOString(),
      };
    },

    /** Sets the password and creates the user with the invitation's role; single use (306 otherwise). */
    async acceptInvitation(token: string, password: string, origin: OrgOrigin): Promise<OrgUser> {
      const passwordHash = await hashPassword(password);
      const row = await repo.change(async (ops) => {
        const at = clock();
        const invitation = open(await ops.lockInvitation({ tokenHash: tokenHash(token) }), at);
        if (!invitation) throw new AppError('ORG_INVITATION_INVALID');
        if (await ops.emailTaken(invitation.email)) throw new AppError('ORG_USER_EMAIL_TAKEN');
        const user = await ops.insertUser({
          orgId: invitation.orgId,
          email: invitation.email,
          name: invitation.name,
          role: invitation.role,
          passwordHash,
          now: at,
        });
        if (!user) throw new AppError('ORG_USER_EMAIL_TAKEN');
        await ops.markInvitation(invitation.id, { acceptedAt: at });
        await ops.revokeOpenInvitations(invitation.orgId, invitation.email, invitation.id, at);
        await audit(
          {
            orgId: invitation.orgId,
            userId: user.id,
            action: 'user.invitation-accept',
            targetType: 'invitation',
            targetId: invitation.id,
            detail: { role: user.role },
            ip: origin.ip,
          },
          ops.scope,
        );
        return user;
      });
      return toUser(row);
    },
  };
  return service satisfies OrgAuthenticator;
}
export type OrgAuthService = ReturnType<typeof createOrgAuthService>;
