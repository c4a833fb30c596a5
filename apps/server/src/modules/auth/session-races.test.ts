import { decodeAccessToken } from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../../test/database.js';
import { gate, lockWaiters } from '../../test/lock-wait.js';
import { createTestApp, uniqueMobile, type TestApp } from '../../test/test-app.js';
import { createSessionRepository, type SessionRepository } from './session-repository.js';
import { createSessionService } from './session-service.js';

/**
 * ADR 0004 "Sign-in races": an OTP sign-in ends the wallet's link sessions even when a link exchange or
 * a link session's rotation commits while it runs. Each test holds the link side's database transaction
 * open after its write, starts the OTP sign-in (it then waits on the row the link side locked), lets the
 * link side commit, and asks whether the link session survived. PostgreSQL only: PGlite has one
 * connection, so nothing there runs concurrently.
 */
describe.runIf(TEST_DATABASE_URL)('sign-in races (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { OCR_WORKER: 'off', WEBHOOK_JOBS: 'off', NOTIFICATION_JOBS: 'off' } });
  });
  afterAll(() => t?.close());

  /** The session service over a repository whose link-side write pauses at `pauseAt` until `held` opens. */
  function servicesWithPause(pauseAt: 'insert' | 'markRotated') {
    const repo = createSessionRepository(t.db.orm);
    let paused = gate();
    let held = gate();
    const pausing: SessionRepository = {
      ...repo,
      transaction: (fn) =>
        repo.transaction((ops) =>
          fn({
            ...ops,
            [pauseAt]: async (...args: Parameters<(typeof ops)[typeof pauseAt]>) => {
              await (ops[pauseAt] as (...a: typeof args) => Promise<void>)(...args);
              paused.open();
              await held.opened;
            },
          }),
        ),
    };
    const sessions = createSessionService({
      repo: pausing,
      key: new Uint8Array(32).fill(9),
      accessTtlSeconds: 3600,
      refreshTtlSeconds: 86_400,
      linkTtlSeconds: 600,
      now: t.clock.now,
      findIdentity: async (id) => ({ id, mobile: '9876543210' }),
    });
    return {
      repo,
      sessions,
      paused: () => paused.opened,
      release: () => held.open(),
      /** Lets the link side run through without pausing. */
      rearm: (pauses: boolean) => {
        paused = gate();
        held = gate();
        if (!pauses) held.open();
      },
    };
  }

  async function newWallet(): Promise<{ id: string; mobile: string }> {
    const mobile = uniqueMobile();
    const result = (await t.db.orm.execute(
      sql`insert into profiles (mobile, name) values (${mobile}, 'Race Wallet') returning id`,
    )) as { rows: { id: string }[] };
    return { id: result.rows[0]!.id, mobile };
  }

  it('a link exchange committed during the OTP sign-in does not outlive it', async () => {
    const s = servicesWithPause('insert');
    const identity = await newWallet();
    const link = await s.sessions.issueLink(identity, { orgId: 'demo-university', transactionId: null });
    // The exchange has spent the link and added its token, and holds its transaction open.
    const exchanging = s.sessions.rotate(link.token);
    await s.paused();
    // The OTP sign-in starts now (its snapshot misses the exchange) and waits on the spent link's row.
    const signingIn = s.sessions.issue(identity);
    await lockWaiters(t.db.orm);
    s.release();
    const linkSession = await exchanging;
    await signingIn;
    const familyId = decodeAccessToken(linkSession.accessToken)!.sid;
    expect(await s.repo.isFamilyLive(familyId)).toBe(false);
  });

  it("a link session's rotation committed during the OTP sign-in does not outlive it", async () => {
    const s = servicesWithPause('markRotated');
    const identity = await newWallet();
    const link = await s.sessions.issueLink(identity, { orgId: 'demo-university', transactionId: null });
    s.rearm(false);
    const linkSession = await s.sessions.rotate(link.token);
    s.rearm(true);
    // The rotation has added the family's next token and revoked the one it replaces, still open.
    const rotating = s.sessions.rotate(linkSession.refreshToken);
    await s.paused();
    const signingIn = s.sessions.issue(identity);
    await lockWaiters(t.db.orm);
    s.release();
    const rotated = await rotating;
    await signingIn;
    expect(decodeAccessToken(rotated.accessToken)!.sid).toBe(decodeAccessToken(linkSession.accessToken)!.sid);
    expect(await s.repo.isFamilyLive(decodeAccessToken(rotated.accessToken)!.sid)).toBe(false);
    // And the rotated token refreshes no more.
    await expect(s.sessions.rotate(rotated.refreshToken)).rejects.toMatchObject({ code: 138 });
  });
});
