import {
  DEFAULT_PARTNER_ORG_ID,
  OPS_API_PATHS,
  ORG_API_PATHS,
  type OrgNotificationSettings,
} from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orgSession, type OrgTestSession } from '../../test/org-session.js';
import { createTestApp, expectCode, outbox, staffSignIn, type TestApp } from '../../test/test-app.js';
import { ORG, institutionsKit } from '../institutions/institutions-test-kit.js';
import { DEV_STAFF } from '../ops-auth/dev-staff.js';
import { createOrgNotificationsErasureRepository } from './org-notifications-erasure-repository.js';

const VERIFIER = DEV_STAFF.find((s) => s.role === 'verifier')!;
const OTHER_ORG = DEFAULT_PARTNER_ORG_ID;
const ALL_ON: OrgNotificationSettings = {
  email: null,
  onActionRequired: true,
  onFinished: true,
  dailyDigest: false,
};

/**
 * The organisation's e-mails (issue 28): real state changes record bucket moves in their database
 * transaction, the job makes them into one mail per recipient under the organisation's settings, never
 * twice whatever runs it, and the daily digest goes once at its hour (simulated clock).
 */
describe("the organisation's notification e-mails", () => {
  let t: TestApp;
  let owners: OrgTestSession[];
  let manager: OrgTestSession;
  let otherOwner: OrgTestSession;
  let verifier: Record<string, string>;
  let kit: ReturnType<typeof institutionsKit>;
  let caseId: string;

  async function rowsOf<T>(query: Parameters<TestApp['db']['orm']['execute']>[0]): Promise<T[]> {
    const result: unknown = await t.db.orm.execute(query);
    return (result as { rows: T[] }).rows;
  }
  /**
   * The job's passes until no move is unprocessed and no mail unsent (the app's own loop may run beside
   * them, holding some rows a moment).
   */
  async function drain() {
    for (let i = 0; i < 100; i++) {
      if (await t.app.orgNotificationJobs.runOnce()) continue;
      const [left] = await rowsOf<{ n: number }>(
        sql`select (select count(*) from org_bucket_moves where processed_at is null)
          + (select count(*) from org_notification_mails where sent_at is null) as n`,
      );
      if (Number(left!.n) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the organisation e-mail job did not finish');
  }
  /** The notification e-mails (not sign-in codes) in the outbox of `email`. */
  async function mailsTo(email: string, pattern = /needs you|has finished|Your candidates on/) {
    return (await outbox(t, email)).filter((m) => pattern.test(m.body.split('\n')[0]!));
  }
  async function setSettings(session: OrgTestSession, settings: OrgNotificationSettings) {
    expectCode(
      await t.app.inject({
        method: 'PUT',
        url: ORG_API_PATHS.notificationSettings,
        headers: session.headers,
        payload: settings,
      }),
      0,
      200,
    );
  }
  /** A move recorded as refreshQueue records it (the job cannot tell it from a real one). */
  async function recordMove(orgId: string, txnId: string, from: string, to: string, at = t.clock.now()) {
    await t.db.orm
      .execute(sql`insert into org_bucket_moves (org_id, form_id, txn_id, from_bucket, to_bucket, at)
      values (${orgId}, 'demo-form', ${txnId}::uuid, ${from}, ${to}, ${at.toISOString()}::timestamptz)`);
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { OCR_WORKER: 'off' } });
    kit = institutionsKit(() => t);
    owners = [
      await orgSession(t, { orgId: ORG, role: 'owner' }),
      await orgSession(t, { orgId: ORG, role: 'owner' }),
    ];
    manager = await orgSession(t, { orgId: ORG, role: 'manager' });
    otherOwner = await orgSession(t, { orgId: OTHER_ORG, role: 'owner' });
    verifier = await staffSignIn(t, VERIFIER);
  }, 120_000);
  afterAll(() => t?.close());

  it('a case needing the organisation, then one verified: one mail per owner each, no repeat', async () => {
    // Without saved settings: both kinds, to the owners.
    ({ txnId: caseId } = await kit.submittedCase(verifier, true, 'Meera Iyer'));
    expectCode(
      await t.request({
        method: 'POST',
        url: OPS_API_PATHS.decisions(caseId),
        headers: verifier,
        body: {
          verificationName: 'bgv-degree',
          state: 'INSUFFICIENT_DATA',
          reason: 'Marksheet for semester 5 is missing',
          documents: [{ key: 'semester-5', label: 'Marksheet for semester 5' }],
        },
      }),
      0,
      200,
    );
    // Each move was recorded with its change, in order.
    const moves = await rowsOf<{ from_bucket: string | null; to_bucket: string }>(
      sql`select from_bucket, to_bucket from org_bucket_moves where txn_id = ${caseId}::uuid order by id`,
    );
    expect(moves.map((m) => m.to_bucket)).toEqual(['started', 'submitted', 'in_progress', 'action_required']);
    expect(moves.map((m) => m.from_bucket)).toEqual(['invited', 'started', 'submitted', 'in_progress']);

    const { txnId: finishedId } = await kit.submittedCase(verifier, true, 'Kabir Das');
    for (const verificationName of ['bgv-twelfth', 'bgv-degree'])
      expectCode(
        await t.request({
          method: 'POST',
          url: OPS_API_PATHS.decisions(finishedId),
          headers: verifier,
          body: { verificationName, state: 'COMPLETED' },
        }),
        0,
        200,
      );
    await drain();
    for (const owner of owners) {
      const mails = await mailsTo(owner.email);
      expect(mails.map((m) => m.body.split('\n')[0])).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^Meera Iyer needs you \(/),
          expect.stringMatching(/^Kabir Das has finished: verified \(/),
        ]),
      );
      expect(mails).toHaveLength(2);
      expect(mails.find((m) => m.body.startsWith('Meera'))!.body).toContain(`/org/candidates/${caseId}`);
    }
    // Neither a manager nor another organisation hears of them.
    expect(await mailsTo(manager.email)).toHaveLength(0);
    expect(await mailsTo(otherOwner.email)).toHaveLength(0);
    const [pending] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from org_bucket_moves where processed_at is null`,
    );
    expect(pending!.n).toBe(0);

    // Another pass, and a retry of moves whose mark was lost: the mails' keys are taken, nothing again.
    await t.db.orm.execute(
      sql`update org_bucket_moves set processed_at = null where txn_id = ${caseId}::uuid`,
    );
    await drain();
    for (const owner of owners) expect(await mailsTo(owner.email)).toHaveLength(2);
  }, 120_000);

  it('concurrent runners write and send each mail once', async () => {
    for (let i = 0; i < 5; i++) {
      t.clock.advance(1);
      await recordMove(ORG, caseId, 'in_progress', 'verified');
    }
    const jobs = t.app.orgNotificationJobs;
    await Promise.all([jobs.processMoves(), jobs.processMoves(), jobs.processMoves()]);
    await Promise.all([jobs.deliver(), jobs.deliver(), jobs.deliver()]);
    await drain();
    for (const owner of owners) expect(await mailsTo(owner.email, /has finished/)).toHaveLength(1 + 5);
    // Written once per key, each sent.
    const rows = await rowsOf<{ to_email: string; n: number; sent: number }>(
      sql`select to_email, count(*)::int as n, count(sent_at)::int as sent from org_notification_mails
        where subject like '%has finished%' group by to_email order by to_email`,
    );
    expect(rows).toEqual(
      owners
        .map((o) => ({ to_email: o.email, n: 6, sent: 6 }))
        .sort((a, b) => a.to_email.localeCompare(b.to_email)),
    );
  }, 60_000);

  it("follows the settings: none when off, the settings' address instead of the owners", async () => {
    await setSettings(owners[0]!, { ...ALL_ON, onActionRequired: false, onFinished: false });
    t.clock.advance(60);
    await recordMove(ORG, caseId, 'in_progress', 'action_required');
    t.clock.advance(60);
    await recordMove(ORG, caseId, 'action_required', 'verified');
    await drain();
    for (const owner of owners) expect(await mailsTo(owner.email)).toHaveLength(2 + 5);

    await setSettings(owners[0]!, { ...ALL_ON, email: 'hr@university.test', onFinished: false });
    t.clock.advance(60);
    await recordMove(ORG, caseId, 'verified', 'action_required');
    t.clock.advance(60);
    await recordMove(ORG, caseId, 'action_required', 'closed');
    await drain();
    expect((await mailsTo('hr@university.test')).map((m) => m.body.split('\n')[0])).toEqual([
      expect.stringMatching(/^Meera Iyer needs you/),
    ]);
    for (const owner of owners) expect(await mailsTo(owner.email)).toHaveLength(2 + 5);
    // Another organisation's move goes to its own owner only.
    await recordMove(OTHER_ORG, caseId, 'in_progress', 'verified');
    await drain();
    expect(await mailsTo(otherOwner.email)).toHaveLength(1);
    expect(await mailsTo('hr@university.test')).toHaveLength(1);
    for (const owner of owners) expect(await mailsTo(owner.email)).toHaveLength(2 + 5);
  }, 60_000);

  it('a daily digest instead: the day before, once, from the digest hour (IST)', async () => {
    await setSettings(otherOwner, { ...ALL_ON, dailyDigest: true });
    // A new IST day, away from the moves of the tests above: 2030-01-18 10:00 IST.
    t.clock.advance(
      Math.round((new Date('2030-01-18T04:30:00Z').getTime() - t.clock.now().getTime()) / 1000),
    );
    await recordMove(OTHER_ORG, caseId, 'in_progress', 'action_required');
    t.clock.advance(3600);
    await recordMove(OTHER_ORG, caseId, 'action_required', 'in_progress');
    t.clock.advance(3600);
    await recordMove(OTHER_ORG, caseId, 'in_progress', 'verified');
    // The last minute of that IST day, then the first of the next.
    await recordMove(OTHER_ORG, caseId, 'verified', 'closed', new Date('2030-01-18T18:29:59Z'));
    await recordMove(OTHER_ORG, caseId, 'closed', 'action_required', new Date('2030-01-18T18:30:00Z'));
    await drain();
    // No mail of its own for each change.
    expect(await mailsTo(otherOwner.email)).toHaveLength(1);

    // 08:59 IST the next day: not yet.
    t.clock.advance(
      Math.round((new Date('2030-01-19T03:29:00Z').getTime() - t.clock.now().getTime()) / 1000),
    );
    await drain();
    expect(await mailsTo(otherOwner.email, /Your candidates on/)).toHaveLength(0);
    // 09:00 IST: one digest of the 18th, whatever runs it and however often.
    t.clock.advance(60);
    const jobs = t.app.orgNotificationJobs;
    await Promise.all([jobs.writeDigests(), jobs.writeDigests()]);
    await drain();
    await drain();
    const digests = await mailsTo(otherOwner.email, /Your candidates on/);
    expect(digests).toHaveLength(1);
    const [subject, , ...text] = digests[0]!.body.split('\n');
    expect(subject).toBe('Your candidates on 2030-01-18: 3 changes');
    expect(text.join('\n')).toContain('Changes (3):');
    expect(text.join('\n')).toMatch(/^Verified: \d+$/m);
    expect(text.join('\n')).toContain('Meera Iyer (');
    expect(text.filter((l) => l.startsWith('- '))).toEqual([
      expect.stringContaining('In progress → Action required'),
      expect.stringContaining('In progress → Verified'),
      expect.stringContaining('Verified → Closed'),
    ]);
    // The other organisation's addresses never get it.
    for (const owner of owners) expect(await mailsTo(owner.email, /Your candidates on/)).toHaveLength(0);
    // The next day at the hour: the 19th's one change.
    t.clock.advance(24 * 3600);
    await drain();
    expect((await mailsTo(otherOwner.email, /Your candidates on/)).map((m) => m.body.split('\n')[0])).toEqual(
      expect.arrayContaining(['Your candidates on 2030-01-19: 1 change']),
    );
  }, 60_000);

  it('keeps processed moves a week and sent mails 90 days, then removes them; never an unprocessed move', async () => {
    await drain();
    const day = 86_400_000;
    const now = t.clock.now().getTime();
    const txn = caseId;
    await recordMove(ORG, txn, 'started', 'submitted', new Date(now - 9 * day));
    await recordMove(ORG, txn, 'submitted', 'in_progress', new Date(now - 9 * day));
    await recordMove(ORG, txn, 'in_progress', 'verified', new Date(now - 2 * day));
    // The first old one processed, the second left unprocessed (a stalled job must not lose it).
    await t.db.orm.execute(sql`update org_bucket_moves set processed_at = now()
      where txn_id = ${txn}::uuid and to_bucket = 'submitted' and at < ${new Date(now - 8 * day).toISOString()}::timestamptz`);
    await t.db.orm.execute(sql`update org_bucket_moves set processed_at = now()
      where txn_id = ${txn}::uuid and to_bucket = 'verified' and at > ${new Date(now - 3 * day).toISOString()}::timestamptz`);
    const [sentBefore] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from org_notification_mails`,
    );
    await t.db.orm
      .execute(sql`update org_notification_mails set sent_at = ${new Date(now - 91 * day).toISOString()}::timestamptz
      where id = (select id from org_notification_mails where sent_at is not null order by id limit 1)`);
    const oldMoves = sql`select to_bucket from org_bucket_moves where txn_id = ${txn}::uuid
      and at < ${new Date(now - 8 * day).toISOString()}::timestamptz order by to_bucket`;
    expect((await rowsOf<{ to_bucket: string }>(oldMoves)).map((r) => r.to_bucket)).toEqual([
      'in_progress',
      'submitted',
    ]);

    const recentMoves = async () =>
      Number(
        (
          await rowsOf<{ n: number }>(
            sql`select count(*)::int as n from org_bucket_moves where txn_id = ${txn}::uuid
              and at > ${new Date(now - 3 * day).toISOString()}::timestamptz`,
          )
        )[0]!.n,
      );
    const recentBefore = await recentMoves();
    expect(recentBefore).toBeGreaterThan(0);
    expect(await t.app.orgNotificationJobs.prune()).toEqual({ moves: 1, mails: 1 });
    expect((await rowsOf<{ to_bucket: string }>(oldMoves)).map((r) => r.to_bucket)).toEqual(['in_progress']);
    expect(await recentMoves()).toBe(recentBefore);
    const [sentAfter] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from org_notification_mails`,
    );
    expect(sentAfter!.n).toBe(sentBefore!.n - 1);
    expect(await t.app.orgNotificationJobs.prune()).toEqual({ moves: 0, mails: 0 });
  });

  it("erasing a candidate rewrites their digest lines only, deletes the digest's dev copy, and once", async () => {
    await drain();
    const hour = 3600;
    /** The UTC instant of the next IST day at `hourIst`. */
    const nextIstDay = (hourIst: number) => {
      const ist = t.clock.now().getTime() + 5.5 * hour * 1000;
      const dayStart = Math.floor(ist / 86_400_000) * 86_400_000 + 86_400_000;
      return new Date(dayStart + (hourIst - 5.5) * hour * 1000);
    };
    const moveTo = (at: Date) => t.clock.advance(Math.round((at.getTime() - t.clock.now().getTime()) / 1000));
    const staff = await staffSignIn(t, VERIFIER);
    const { txnId: erased } = await kit.submittedCase(staff, true, 'Tara Erasable');
    const { txnId: kept } = await kit.submittedCase(staff, true, 'Ishaan Keptname');
    const [{ profile_id: profileId, mobile } = { profile_id: '', mobile: '' }] = await rowsOf<{
      profile_id: string;
      mobile: string;
    }>(sql`select p.id as profile_id, p.mobile from profiles p join transactions x on x.profile_id = p.id
      where x.id = ${erased}::uuid`);
    // The other organisation's digest is on (the test above): both candidates move on one IST day.
    moveTo(nextIstDay(10));
    const day = new Date(t.clock.now().getTime() + 5.5 * hour * 1000).toISOString().slice(0, 10);
    await recordMove(OTHER_ORG, erased, 'in_progress', 'action_required');
    t.clock.advance(hour);
    await recordMove(OTHER_ORG, kept, 'in_progress', 'verified');
    t.clock.advance(hour);
    await recordMove(OTHER_ORG, erased, 'action_required', 'closed');
    moveTo(nextIstDay(9));
    await drain();
    const digestOf = async () =>
      rowsOf<{ id: string; body: string }>(sql`select id, body from org_notification_mails
        where org_id = ${OTHER_ORG} and kind = 'digest' and digest_day = ${day}`);
    const [before] = await digestOf();
    expect(before!.body).toContain('Changes (3):');
    expect(before!.body.match(/^- Tara Erasable \(/gm)).toHaveLength(2);
    expect(before!.body).toMatch(/^- Ishaan Keptname \(.*\): In progress → Verified$/m);
    const namedCopies = sql`select count(*)::int as n from outbox where body like '%Erasable%'`;
    expect((await rowsOf<{ n: number }>(namedCopies))[0]!.n).toBe(1);
    expect(
      (await mailsTo(otherOwner.email, /Your candidates on/)).filter((m) => m.body.includes('Erasable')),
    ).toHaveLength(1);

    // A crash between deleting the copies and rewriting: the lines stay unmarked, a rerun finds them.
    const repo = createOrgNotificationsErasureRepository(t.db.orm);
    await expect(
      repo.eraseDigestLines([erased], () => Promise.reject(new Error('crash')), t.clock.now()),
    ).rejects.toThrow('crash');
    expect((await digestOf())[0]!.body).toBe(before!.body);

    await t.app.erasureJobs.erasure.request(profileId);
    await t.app.erasureJobs.erasure.expedite(profileId);
    await vi.waitFor(
      async () => {
        await t.app.erasureJobs.runOnce();
        expect(await t.app.erasureJobs.erasure.status(profileId)).toMatchObject({ status: 'done' });
      },
      { timeout: 30_000, interval: 200 },
    );
    const [after] = await digestOf();
    for (const needle of ['Tara', 'Erasable', mobile]) expect(after!.body).not.toContain(needle);
    // The other candidate's line, the counts and the subject stay; the erased lines keep their moves.
    const withoutChanges = (body: string) => body.split('\n').filter((l) => !l.startsWith('- '));
    expect(withoutChanges(after!.body)).toEqual(withoutChanges(before!.body));
    expect(after!.body.split('\n').filter((l) => l.startsWith('- '))).toEqual([
      expect.stringMatching(/^- \(erased\) \(.*\): In progress → Action required$/),
      expect.stringMatching(/^- Ishaan Keptname \(.*\): In progress → Verified$/),
      expect.stringMatching(/^- \(erased\) \(.*\): Action required → Closed$/),
    ]);
    // The delivered copy naming them is gone (the whole copy, the other's line with it).
    expect((await rowsOf<{ n: number }>(namedCopies))[0]!.n).toBe(0);
    expect(
      (await mailsTo(otherOwner.email, /Your candidates on/)).filter((m) => m.body.includes('Ishaan')),
    ).toEqual([]);

    // Again: nothing to do, nothing changed.
    const snapshot = async () => ({
      mails: await rowsOf(sql`select id, subject, body from org_notification_mails order by id`),
      lines: await rowsOf(sql`select * from org_digest_lines order by mail_id, line_no`),
    });
    const settled = await snapshot();
    const clearCopies = vi.fn(async () => undefined);
    await repo.eraseDigestLines([erased], clearCopies, t.clock.now());
    expect(clearCopies).not.toHaveBeenCalled();
    expect(await snapshot()).toEqual(settled);
    expect(await t.app.erasureJobs.runOnce()).toBe(false);
  }, 120_000);
});
