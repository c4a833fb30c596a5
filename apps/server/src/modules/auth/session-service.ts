import { randomUUID } from 'node:crypto';
import { accessTokenPayloadSchema, type Session } from '@veridocs/shared';
import { SignJWT, jwtVerify } from 'jose';
import { AppError } from '../../errors.js';
import { addSeconds, type Clock } from '../../lib/clock.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import type { SessionOrigin } from '../../db/schema/index.js';
import type { SessionRepository } from './session-repository.js';

/** A sign-in link's token starts with this, so the refresh call tells it from a refresh token at once. */
const LINK_PREFIX = 'sso_';

/** Who an access token speaks for; `request.user` after the auth guard. */
export interface AuthUser {
  profileId: string;
  mobile: string;
  /** The refresh-token family (one per login). */
  sessionId: string;
}

export interface Identity {
  id: string;
  mobile: string;
}

export interface SessionServiceDeps {
  repo: SessionRepository;
  /** Signs access tokens (HS256). */
  key: Uint8Array;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  /** How long an organisation's sign-in link (`sso`) may wait to be used (ADR 0004). */
  linkTtlSeconds: number;
  now: Clock;
  /** The current identity of a profile; null once it no longer exists. */
  findIdentity: (profileId: string) => Promise<Identity | null>;
}

/**
 * Sessions (docs/decisions/0004-tokens-and-sessions.md): a short-lived HS256 access token and an
 * opaque refresh token stored as SHA-256, rotated on every use; a reused one revokes its family.
 */
export function createSessionService(deps: SessionServiceDeps) {
  const { repo, key, now: clock } = deps;
  const revoked = () => new AppError('SESSION_REVOKED');
  // Every API call carries the same access token for up to an hour: its signature is checked once,
  // then the verified claims are reused (expiry is still checked on each call).
  const verified = new Map<string, { user: AuthUser; expiresAtMs: number }>();
  const VERIFIED_MAX = 10_000;

  async function signAccess(identity: Identity, familyId: string, now: Date): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ mobile: identity.mobile, sid: familyId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(identity.id)
      .setIssuedAt(iat)
      .setExpirationTime(iat + deps.accessTtlSeconds)
      .sign(key);
  }

  /** The claims of a token verified before: null once it expired, undefined when not seen yet. */
  function knownAccess(accessToken: string, now: Date): AuthUser | null | undefined {
    const known = verified.get(accessToken);
    if (!known) return undefined;
    if (known.expiresAtMs > now.getTime()) return known.user;
    verified.delete(accessToken);
    return null;
  }

  /** The verified claims of an access token; null when missing, malformed, forged or expired. */
  async function verifyAccess(accessToken: string | null): Promise<AuthUser | null> {
    if (!accessToken) return null;
    const now = clock();
    const known = knownAccess(accessToken, now);
    if (known !== undefined) return known;
    try {
      const { payload } = await jwtVerify(accessToken, key, { algorithms: ['HS256'], currentDate: now });
      const claims = accessTokenPayloadSchema.parse(payload);
      const user = { profileId: claims.sub, mobile: claims.mobile, sessionId: claims.sid };
      if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
      verified.set(accessToken, { user, expiresAtMs: claims.exp * 1000 });
      return user;
    } catch {
      return null;
    }
  }

  function newRefresh(profileId: string, familyId: string, now: Date, origin: SessionOrigin) {
    const token = randomToken(32);
    const row = {
      id: randomUUID(),
      profileId,
      familyId,
      tokenHash: sha256Hex(token),
      expiresAt: addSeconds(now, deps.refreshTtlSeconds),
      origin,
      createdAt: now,
    };
    return { token, row };
  }

  /**
   * Spends a sign-in link for a new `link` session: unused, unexpired, and its wallet still never
   * signed in to by OTP. Using it spends the wallet's other links too.
   */
  async function exchangeLink(token: string): Promise<Session> {
    const now = clock();
    const tokenHash = sha256Hex(token);
    const found = await repo.findLinkByHash(tokenHash);
    if (!found) throw revoked();
    // Read before the transaction: on PGlite its one connection is the transaction's until it ends.
    const identity = await deps.findIdentity(found.profileId);
    const outcome = await repo.transaction(async (ops) => {
      const link = await ops.findLinkByHashForUpdate(tokenHash);
      if (!link || link.usedAt || link.expiresAt <= now) return revoked();
      await ops.spendLinks(link.profileId, now);
      if (!identity || (await ops.hasProvenSession(link.profileId))) return revoked();
      const familyId = randomUUID();
      const refresh = newRefresh(identity.id, familyId, now, 'link');
      await ops.insert(refresh.row);
      return { identity, familyId, token: refresh.token };
    });
    if (outcome instanceof AppError) throw outcome;
    return {
      accessToken: await signAccess(outcome.identity, outcome.familyId, now),
      refreshToken: outcome.token,
      refreshTokenExpiresIn: deps.accessTtlSeconds,
    };
  }

  return {
    /**
     * Starts a new session (a new refresh family) for a profile whose owner just proved the mobile
     * (OTP). That proof ends the wallet's `link` sessions and unused links: an organisation that
     * created the wallet keeps no way in once its owner has taken it (ADR 0004).
     */
    async issue(identity: Identity): Promise<Session> {
      const now = clock();
      const familyId = randomUUID();
      const refresh = newRefresh(identity.id, familyId, now, 'otp');
      await repo.startProvenSession({ ...refresh.row, origin: 'otp' }, now);
      return {
        accessToken: await signAccess(identity, familyId, now),
        refreshToken: refresh.token,
        refreshTokenExpiresIn: deps.accessTtlSeconds,
      };
    },

    /**
     * An organisation's sign-in link (`sso`) for a wallet (ADR 0025): single use, valid
     * `linkTtlSeconds`. The caller decides whether the wallet may have one (`hasProvenSession`).
     */
    async issueLink(
      identity: Identity,
      context: { orgId: string; transactionId: string | null },
    ): Promise<{ token: string; expiresAt: Date }> {
      const now = clock();
      const token = LINK_PREFIX + randomToken(32);
      const expiresAt = addSeconds(now, deps.linkTtlSeconds);
      await repo.insertLink({
        tokenHash: sha256Hex(token),
        profileId: identity.id,
        orgId: context.orgId,
        transactionId: context.transactionId,
        createdAt: now,
        expiresAt,
      });
      return { token, expiresAt };
    },

    /** Whether the wallet's owner ever signed in with the mobile OTP. */
    hasProvenSession: (profileId: string) => repo.hasProvenSession(profileId),

    /**
     * Exchanges a refresh token for a new session in the same family. The old token is revoked and
     * points to its successor; presenting it again revokes the whole family (code 138).
     */
    async rotate(refreshToken: string | null): Promise<Session> {
      if (!refreshToken) throw revoked();
      // The candidate app exchanges a link's sso as it does a refresh token (spec §2).
      if (refreshToken.startsWith(LINK_PREFIX)) return exchangeLink(refreshToken);
      const now = clock();
      const tokenHash = sha256Hex(refreshToken);
      const current = await repo.findByHash(tokenHash);
      if (!current) throw revoked();
      const identity = await deps.findIdentity(current.profileId);

      const outcome = await repo.transaction(async (ops) => {
        const row = await ops.findByHashForUpdate(tokenHash);
        if (!row) return revoked();
        if (row.revokedAt) {
          // Reuse of a rotated or revoked token: someone else may hold the family. End it.
          await ops.revokeFamily(row.familyId, now);
          return revoked();
        }
        // A link session ends once its wallet's owner signed in by OTP; asked under the row's lock, so
        // a sign-in that missed this rotation (ADR 0004 "Sign-in races") ends it on its next look.
        const proven = row.origin === 'link' && (await ops.hasProvenSession(row.profileId));
        if (row.expiresAt <= now || !identity || proven) {
          await ops.revokeFamily(row.familyId, now);
          return revoked();
        }
        const next = newRefresh(row.profileId, row.familyId, now, row.origin);
        await ops.insert(next.row);
        await ops.markRotated(row.id, next.row.id, now);
        return { token: next.token, familyId: row.familyId, identity };
      });
      if (outcome instanceof AppError) throw outcome;
      return {
        accessToken: await signAccess(outcome.identity, outcome.familyId, now),
        refreshToken: outcome.token,
        refreshTokenExpiresIn: deps.accessTtlSeconds,
      };
    },

    /** Ends the session the refresh token belongs to. Unknown tokens are ignored (idempotent). */
    async revoke(refreshToken: string | null): Promise<void> {
      if (!refreshToken) return;
      const row = await repo.findByHash(sha256Hex(refreshToken));
      if (row) await repo.revokeFamily(row.familyId, clock());
    },

    /** Whether a session (refresh family) is still live: not logged out, not revoked (cached, ADR 0005). */
    isLive: (sessionId: string): Promise<boolean> => repo.isFamilyLive(sessionId),

    /**
     * The caller, when memory alone says the token is good (verified before, unexpired, its session
     * known live): `authenticate`'s answer without a promise (issue 31 §4). Undefined otherwise, and
     * then `authenticate` answers or refuses.
     */
    authenticatedFromMemory(accessToken: string | null): AuthUser | undefined {
      if (!accessToken) return undefined;
      const user = knownAccess(accessToken, clock());
      return user && repo.isFamilyLiveKnown(user.sessionId) === true ? user : undefined;
    },
    /**
     * The user an access token speaks for. Missing, malformed, forged or expired → 102; a token of
     * a session ended by logout or a family revocation → 138 at once (ADR 0004), checked on every
     * call through the session cache, so a warm call asks no database.
     */
    async authenticate(accessToken: string | null): Promise<AuthUser> {
      const user = await verifyAccess(accessToken);
      if (!user) throw new AppError('UNAUTHORIZED');
      if (!(await repo.isFamilyLive(user.sessionId))) throw revoked();
      return user;
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}
