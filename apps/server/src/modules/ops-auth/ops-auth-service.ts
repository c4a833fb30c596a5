import { randomBytes, randomUUID } from 'node:crypto';
import type {
  AdminStaff,
  AdminStaffPasswordResult,
  OpsAuditEntry,
  OpsSession,
  OpsSignInResponse,
  Staff,
  StaffRole,
} from '@veridocs/shared';
import { SignJWT, jwtVerify } from 'jose';
import type { FastifyBaseLogger } from 'fastify';
import type { DbScope } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { addSeconds, type Clock } from '../../lib/clock.js';
import { equalHex, hmacSha256Hex, randomDigits } from '../../lib/crypto.js';
import { isUuid } from '../../lib/ids.js';
import type { MailSender } from '../../providers/mail/index.js';
import type { OpsAuthRepository, StaffChangeOps, StaffRow } from './ops-auth-repository.js';
import { MIN_PASSWORD_LENGTH, dummyHash, hashPassword, verifyPassword } from './password.js';

/** The sign-in rules (ADR 0019). */
export const OPS_SIGN_IN = {
  codeDigits: 6,
  codeTtlSeconds: 600,
  /** Wrong codes before the code dies (sign in with the password again). */
  codeAttempts: 3,
  /** Wrong passwords in a row before the account is locked for `lockSeconds`. */
  passwordAttempts: 5,
  lockSeconds: 15 * 60,
  /**
   * Per account and sliding hour (issue 23): codes e-mailed (the next right password is refused), and
   * wrong codes across them (the account is then locked for `codeLockSeconds`). Configurable
   * (OPS_SIGN_IN_CODES_PER_HOUR, OPS_WRONG_CODES_PER_HOUR) so tests can sign in often.
   */
  codesPerHour: 5,
  wrongCodesPerHour: 5,
  codeLockSeconds: 60 * 60,
} as const;

export interface OpsSignInLimits {
  codesPerHour: number;
  wrongCodesPerHour: number;
}

/** The audience of an ops access token: a candidate token has none and another key (ADR 0019). */
export const OPS_AUDIENCE = 'veridocs-ops';
const ISSUER = 'veridocs';

/** Who an ops request speaks for (`request.staff`). */
export interface OpsUser {
  staffId: string;
  email: string;
  name: string;
  role: StaffRole;
  sessionId: string;
}

/** Where an action came from, for the audit. */
export interface OpsOrigin {
  ip: string | null;
}

export interface AuditInput {
  staffId: string | null;
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  detail?: Record<string, unknown>;
  ip: string | null;
}

export interface OpsAuthServiceDeps {
  repo: OpsAuthRepository;
  mailer: MailSender;
  /** Signs ops access tokens (HS256), derived apart from the candidates' key. */
  tokenKey: Uint8Array;
  /** Keys the HMAC sign-in codes are stored as. */
  codeKey: Uint8Array;
  accessTtlSeconds: number;
  /** The hourly caps on codes (OPS_SIGN_IN's by default). */
  limits?: OpsSignInLimits;
  now: Clock;
  log: FastifyBaseLogger;
}

const toStaff = (row: StaffRow): Staff => ({ id: row.id, email: row.email, name: row.name, role: row.role });

const toAdminStaff = (row: StaffRow, lastSignInAt: Date | null): AdminStaff => ({
  ...toStaff(row),
  disabledAt: row.disabledAt?.toISOString() ?? null,
  lockedUntil: row.lockedUntil?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  lastSignInAt: lastSignInAt?.toISOString() ?? null,
});

/** A generated staff password: 18 random bytes, 24 base64url characters (shown once, ADR 0029). */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

/** "asha.verma@example.com" → "a********a@example.com" (as the evaluation OTP masks it). */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  if (local.length <= 2) return `${local[0] ?? ''}*@${domain}`;
  return `${local[0]}${'*'.repeat(local.length - 2)}${local[local.length - 1]}@${domain}`;
}

/**
 * The verification team's accounts and sessions (docs/decisions/0019): e-mail and argon2id password,
 * then a 6-digit code by e-mail; an HS256 access token with its own key and audience, tied to a
 * session row that sign-out and expiry end; an audit row for every action.
 */
export function createOpsAuthService(deps: OpsAuthServiceDeps) {
  const { repo, now: clock } = deps;
  const limits = deps.limits ?? OPS_SIGN_IN;
  const HOUR_SECONDS = 3600;
  const codeHash = (id: string, code: string) => hmacSha256Hex(deps.codeKey, `ops:${id}:${code}`);

  async function audit(entry: AuditInput, within?: DbScope): Promise<void> {
    await repo.audit(
      {
        staffId: entry.staffId,
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

  async function signToken(staff: StaffRow, sessionId: string, at: Date): Promise<string> {
    const iat = Math.floor(at.getTime() / 1000);
    return new SignJWT({ sid: sessionId, role: staff.role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(staff.id)
      .setIssuer(ISSUER)
      .setAudience(OPS_AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + deps.accessTtlSeconds)
      .sign(deps.tokenKey);
  }

  /** Locks the enabled admins, then the target (234 when unknown), and runs the change. */
  function change<T>(
    staffId: string,
    fn: (ops: StaffChangeOps, target: StaffRow, enabledAdmins: string[]) => Promise<T>,
  ): Promise<T> {
    if (!isUuid(staffId)) return Promise.reject(new AppError('STAFF_ACCOUNT_NOT_FOUND'));
    return repo.staffChange(async (ops) => {
      const admins = await ops.lockEnabledAdmins();
      const target = await ops.lockStaff(staffId);
      if (!target) throw new AppError('STAFF_ACCOUNT_NOT_FOUND');
      return fn(ops, target, admins);
    });
  }

  /** 233 unless an enabled admin other than `id` remains. */
  function assertAnotherAdmin(enabledAdmins: string[], id: string): void {
    if (!enabledAdmins.some((a) => a !== id)) throw new AppError('LAST_ADMIN');
  }

  return {
    audit,

    /**
     * Step 1: e-mail and password. An unknown e-mail, a disabled account, a locked one, a wrong password
     * and an account over its hourly codes all answer the same 170 after the same work (a hash is
     * verified either way), so no answer tells which staff e-mails exist (issue 23). 5 wrong passwords
     * in a row lock the account for 15 minutes; 5 codes an hour at most; 5 wrong codes in an hour lock
     * it for an hour. Right: a new 6-digit code is e-mailed (older open codes die).
     */
    async signIn(email: string, password: string, origin: OpsOrigin): Promise<OpsSignInResponse> {
      const at = clock();
      const staff = await repo.findByEmail(email);
      const passwordOk = await verifyPassword(staff?.passwordHash ?? (await dummyHash()), password);
      const refuse = async (action: string, staffId: string | null, detail?: Record<string, unknown>) => {
        await audit({ staffId, action, ...(detail ? { detail } : {}), ip: origin.ip });
        return new AppError('OPS_SIGN_IN_FAILED');
      };
      if (!staff || staff.disabledAt) throw await refuse('sign-in.refused', null, { email });
      if (staff.lockedUntil && staff.lockedUntil > at)
        throw await refuse('sign-in.locked', staff.id, {
          lockedUntil: staff.lockedUntil.toISOString(),
        });
      if (!passwordOk) {
        await repo.recordWrongPassword(
          staff.id,
          OPS_SIGN_IN.passwordAttempts,
          addSeconds(at, OPS_SIGN_IN.lockSeconds),
          at,
        );
        throw await refuse('sign-in.wrong-password', staff.id);
      }
      await repo.resetWrongPasswords(staff.id, at);
      const challengeId = randomUUID();
      const code = randomDigits(OPS_SIGN_IN.codeDigits);
      const issued = await repo.insertCode({
        id: challengeId,
        staffId: staff.id,
        codeHash: codeHash(challengeId, code),
        expiresAt: addSeconds(at, OPS_SIGN_IN.codeTtlSeconds),
        now: at,
        cap: { since: addSeconds(at, -HOUR_SECONDS), max: limits.codesPerHour },
      });
      if (!issued) throw await refuse('sign-in.code-limit', staff.id, { perHour: limits.codesPerHour });
      try {
        await deps.mailer.send({
          to: staff.email,
          subject: 'Your Veridocs sign-in code',
          text:
            `Your Veridocs verification team sign-in code is ${code}. It works for 10 minutes.\n` +
            `If you did not try to sign in, tell your administrator.`,
          otp: code,
        });
      } catch (error) {
        deps.log.error({ err: error }, 'The ops sign-in code could not be e-mailed');
        throw new AppError('SERVICE_UNAVAILABLE', 'The sign-in code could not be sent, please try again');
      }
      await audit({ staffId: staff.id, action: 'sign-in.code-sent', ip: origin.ip });
      return { challengeId, maskedEmail: maskEmail(staff.email), expiresIn: OPS_SIGN_IN.codeTtlSeconds };
    },

    /**
     * Step 2: the e-mailed code. Wrong: 106 with `attemptsLeft`; the third wrong one kills the code
     * (107, reason `attempts`); expired or unknown 107; used 116. Right: a session and its token.
     */
    async verifyCode(challengeId: string, code: string, origin: OpsOrigin): Promise<OpsSession> {
      const at = clock();
      const expired = (reason: string) => new AppError('OTP_EXPIRED', undefined, { reason });
      let wrongCodeOf: string | null = null;
      let lockedOut = false;
      const outcome = await repo.withLockedCode(
        isUuid(challengeId) ? challengeId : randomUUID(),
        async (row, ops) => {
          if (!row) return expired('unknown');
          if (row.consumedAt) return new AppError('OTP_ALREADY_USED');
          if (row.expiresAt <= at || row.failedAttempts >= OPS_SIGN_IN.codeAttempts)
            return expired('expired');
          if (!equalHex(row.codeHash, codeHash(row.id, code))) {
            const { failed, locked } = await ops.fail({
              since: addSeconds(at, -HOUR_SECONDS),
              max: limits.wrongCodesPerHour,
              lockUntil: addSeconds(at, OPS_SIGN_IN.codeLockSeconds),
              codeAttempts: OPS_SIGN_IN.codeAttempts,
              now: at,
            });
            // Audited once the row lock is released (the embedded database has one connection).
            wrongCodeOf = row.staffId;
            lockedOut = locked;
            const attemptsLeft = Math.max(0, OPS_SIGN_IN.codeAttempts - failed);
            // Locked: this code died with the others (the next sign-in answers the generic 170).
            if (attemptsLeft === 0 || locked) return expired('attempts');
            return new AppError('OTP_INVALID', undefined, { attemptsLeft });
          }
          await ops.consume(at);
          const sessionId = randomUUID();
          await ops.startSession({
            id: sessionId,
            staffId: row.staffId,
            ip: origin.ip,
            now: at,
            expiresAt: addSeconds(at, deps.accessTtlSeconds),
          });
          return { sessionId, staffId: row.staffId };
        },
      );
      if (wrongCodeOf) await audit({ staffId: wrongCodeOf, action: 'sign-in.wrong-code', ip: origin.ip });
      if (wrongCodeOf && lockedOut)
        await audit({
          staffId: wrongCodeOf,
          action: 'sign-in.code-lockout',
          detail: { wrongCodesPerHour: limits.wrongCodesPerHour, lockSeconds: OPS_SIGN_IN.codeLockSeconds },
          ip: origin.ip,
        });
      if (outcome instanceof AppError) throw outcome;
      const staff = await repo.findById(outcome.staffId);
      if (!staff || staff.disabledAt) throw new AppError('OPS_SIGN_IN_FAILED');
      await audit({
        staffId: staff.id,
        action: 'sign-in',
        targetType: 'session',
        targetId: outcome.sessionId,
        ip: origin.ip,
      });
      return {
        accessToken: await signToken(staff, outcome.sessionId, at),
        expiresIn: deps.accessTtlSeconds,
        staff: toStaff(staff),
      };
    },

    /**
     * The staff member an ops access token speaks for: signed with the ops key for the ops audience,
     * not expired, its session live and the account enabled (the role is the account's, now). 102 otherwise.
     */
    async authenticate(token: string | null): Promise<OpsUser> {
      if (!token) throw new AppError('UNAUTHORIZED');
      const at = clock();
      let claims: { sub?: string; sid?: unknown };
      try {
        ({ payload: claims } = await jwtVerify(token, deps.tokenKey, {
          algorithms: ['HS256'],
          audience: OPS_AUDIENCE,
          issuer: ISSUER,
          currentDate: at,
        }));
      } catch {
        throw new AppError('UNAUTHORIZED');
      }
      if (typeof claims.sid !== 'string' || !isUuid(claims.sid) || !claims.sub)
        throw new AppError('UNAUTHORIZED');
      const staff = await repo.liveSessionStaff(claims.sid, at);
      if (!staff || staff.id !== claims.sub) throw new AppError('UNAUTHORIZED');
      return {
        staffId: staff.id,
        email: staff.email,
        name: staff.name,
        role: staff.role,
        sessionId: claims.sid,
      };
    },

    async signOut(user: OpsUser, origin: OpsOrigin): Promise<void> {
      await repo.revokeSession(user.sessionId, clock());
      await audit({
        staffId: user.staffId,
        action: 'sign-out',
        targetType: 'session',
        targetId: user.sessionId,
        ip: origin.ip,
      });
    },

    me: (user: OpsUser): Staff => ({ id: user.staffId, email: user.email, name: user.name, role: user.role }),

    /**
     * Creates an account (the production command, the dev seed). An existing e-mail is left as it is
     * (`created: false`): this never resets a password.
     */
    async createStaff(input: {
      email: string;
      name: string;
      role: StaffRole;
      password: string;
    }): Promise<{ staff: Staff; created: boolean }> {
      const email = input.email.trim().toLowerCase();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
        throw new AppError('VALIDATION_FAILED', 'Enter a valid e-mail address');
      if (input.password.length < MIN_PASSWORD_LENGTH)
        throw new AppError(
          'VALIDATION_FAILED',
          `The password needs at least ${MIN_PASSWORD_LENGTH} characters`,
        );
      const existing = await repo.findByEmail(email);
      if (existing) return { staff: toStaff(existing), created: false };
      const { row, created } = await repo.insertStaff({
        email,
        name: input.name.trim() || email,
        role: input.role,
        passwordHash: await hashPassword(input.password),
        now: clock(),
      });
      return { staff: toStaff(row), created };
    },

    // ── Staff accounts, by an admin (ADR 0029). Each change and its audit row commit together. ──

    async listStaff(): Promise<AdminStaff[]> {
      return (await repo.listStaff()).map((r) => toAdminStaff(r.row, r.lastSignInAt));
    },

    /** A new account; without a password one is generated and answered once. 235: the e-mail exists. */
    async createStaffAccount(
      actor: OpsUser,
      input: { email: string; name: string; role: StaffRole; password?: string | undefined },
      origin: OpsOrigin,
    ): Promise<AdminStaffPasswordResult> {
      const generated = input.password === undefined ? generatePassword() : null;
      const passwordHash = await hashPassword(input.password ?? generated!);
      const email = input.email.trim().toLowerCase();
      const row = await repo.staffChange(async (ops) => {
        if (await ops.emailTaken(email)) throw new AppError('STAFF_EMAIL_TAKEN');
        const created = await ops.insertStaff({
          email,
          name: input.name.trim(),
          role: input.role,
          passwordHash,
          now: clock(),
        });
        if (!created) throw new AppError('STAFF_EMAIL_TAKEN');
        await audit(
          {
            staffId: actor.staffId,
            action: 'staff.create',
            targetType: 'staff',
            targetId: created.id,
            detail: { email, role: input.role, passwordGenerated: generated !== null },
            ip: origin.ip,
          },
          ops.scope,
        );
        return created;
      });
      return { staff: toAdminStaff(row, null), password: generated };
    },

    /** A new role, at once (every request reads the account's role). The last enabled admin stays one. */
    async setStaffRole(
      actor: OpsUser,
      staffId: string,
      role: StaffRole,
      origin: OpsOrigin,
    ): Promise<AdminStaff> {
      const row = await change(staffId, async (ops, target, admins) => {
        if (target.role === role) return target;
        if (target.role === 'admin' && !target.disabledAt) assertAnotherAdmin(admins, target.id);
        const updated = await ops.updateStaff(target.id, { role }, clock());
        await audit(
          {
            staffId: actor.staffId,
            action: 'staff.role',
            targetType: 'staff',
            targetId: target.id,
            detail: { from: target.role, to: role },
            ip: origin.ip,
          },
          ops.scope,
        );
        return updated;
      });
      return toAdminStaff(row, await repo.lastSignIn(row.id));
    },

    /** Disables (every live session ends at once) or enables an account. The last enabled admin stays. */
    async setStaffDisabled(
      actor: OpsUser,
      staffId: string,
      disabled: boolean,
      origin: OpsOrigin,
    ): Promise<AdminStaff> {
      const row = await change(staffId, async (ops, target, admins) => {
        if (Boolean(target.disabledAt) === disabled) return target;
        const at = clock();
        if (disabled && target.role === 'admin') assertAnotherAdmin(admins, target.id);
        const updated = await ops.updateStaff(target.id, { disabledAt: disabled ? at : null }, at);
        const sessionsEnded = disabled ? await ops.endSessions(target.id, at) : 0;
        await audit(
          {
            staffId: actor.staffId,
            action: disabled ? 'staff.disable' : 'staff.enable',
            targetType: 'staff',
            targetId: target.id,
            detail: disabled ? { sessionsEnded } : {},
            ip: origin.ip,
          },
          ops.scope,
        );
        return updated;
      });
      return toAdminStaff(row, await repo.lastSignIn(row.id));
    },

    /**
     * A new password (generated and answered once when none is given): the lock-out is lifted and every
     * live session and open sign-in code of the account ends.
     */
    async resetStaffPassword(
      actor: OpsUser,
      staffId: string,
      password: string | undefined,
      origin: OpsOrigin,
    ): Promise<AdminStaffPasswordResult> {
      const generated = password === undefined ? generatePassword() : null;
      const passwordHash = await hashPassword(password ?? generated!);
      const row = await change(staffId, async (ops, target) => {
        const at = clock();
        const updated = await ops.updateStaff(
          target.id,
          // The hourly code caps start afresh too (issue 23).
          { passwordHash, failedPasswords: 0, lockedUntil: null, codesCountedFrom: at },
          at,
        );
        const sessionsEnded = await ops.endSessions(target.id, at);
        await audit(
          {
            staffId: actor.staffId,
            action: 'staff.password-reset',
            targetType: 'staff',
            targetId: target.id,
            detail: { sessionsEnded, passwordGenerated: generated !== null },
            ip: origin.ip,
          },
          ops.scope,
        );
        return updated;
      });
      return { staff: toAdminStaff(row, await repo.lastSignIn(row.id)), password: generated };
    },

    async listAudit(seed: number, count: number): Promise<{ list: OpsAuditEntry[]; total: number }> {
      const { rows, total } = await repo.listAudit(seed, count);
      return {
        total,
        list: rows.map((r) => ({
          id: r.id,
          staffId: r.staffId,
          action: r.action,
          targetType: r.targetType,
          targetId: r.targetId,
          detail: r.detail,
          ip: r.ip,
          at: r.at.toISOString(),
        })),
      };
    },
  };
}
export type OpsAuthService = ReturnType<typeof createOpsAuthService>;
