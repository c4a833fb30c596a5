import {
  API_PATHS,
  OPS_API_PATHS,
  PRIVACY_ERASURE_PATHS,
  SERVICE_BASES,
  credentialListResponseSchema,
  credentialVerificationSchema,
  erasureRequestSchema,
  erasureStatusResponseSchema,
  type ErasureRequest,
} from '@veridocs/shared';
import { readdirSync } from 'node:fs';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStorage } from '../../storage/index.js';
import { searchPersonalData } from '../../test/personal-data-search.js';
import { submittedCandidate } from '../../test/submitted-candidate.js';
import {
  createTestApp,
  expectCode,
  outbox,
  signUp,
  staffSignIn,
  wallet,
  type TestApp,
} from '../../test/test-app.js';
import { multipart, pdfOfSize } from '../files/test-files.js';
import { DEV_STAFF } from '../ops-auth/dev-staff.js';

const DAY = 86_400;
const E = PRIVACY_ERASURE_PATHS;
const ADMIN = DEV_STAFF.find((s) => s.role === 'admin')!;
const VERIFIER = DEV_STAFF.find((s) => s.role === 'verifier')!;
/** What ADR 0049 "Erasure" keeps that may name the candidate: the staff and organisation access logs. */
const KEPT_TABLES = new Set(['ops_audit', 'org_audit']);

describe('the right to erasure (issue 29, ADR 0049)', () => {
  let t: TestApp;
  /** Everything the app logs, at the most verbose level: the erasure's own lines are searched too. */
  const logLines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    });
    const { log } = Fastify({ logger: { level: 'trace', stream } });
    // A busy machine: the document checks get time (a timed-out check is an unusable file).
    t = await createTestApp({
      env: { OCR_WORKER: 'off', CHECK_TIMEOUT_MS: '60000', CHECK_MAX_QUEUE_WAIT_MS: '60000' },
      logger: log,
    });
  });
  afterAll(() => t?.close());

  async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    const result: unknown = await t.db.orm.execute(query);
    return (result as { rows: T[] }).rows;
  }

  it('erases a candidate with a rich history a week after the request, keeping only what the law asks', async () => {
    const storage = createStorage(t.config.storage);
    // The organisation asked for a daily digest: its lines name the candidate among others.
    await t.db.orm.execute(sql`insert into org_notification_settings (org_id, email, daily_digest)
      values ('demo-university', 'digest@demo.test', true)`);
    const c = await submittedCandidate(t, { name: 'Zarina Quixote' });
    const control = await signUp(t, undefined, 'Control Person');
    // More history: a document of their own, a chat message, the team's decision (a credential and a
    // notification).
    const marker = await pdfOfSize(60_000, (doc) => {
      doc.setTitle('Zarina marker document');
    });
    const upload = multipart([
      { name: 'file', filename: 'mine.pdf', contentType: 'application/pdf', data: marker },
    ]);
    expectCode(
      await t.request({
        method: 'POST',
        url: `${SERVICE_BASES.utility}${API_PATHS.files.upload}`,
        headers: { ...upload.headers, ...c.h },
        payload: upload.payload,
      }),
      0,
      200,
    );
    // An upload by tus not finished yet: its bytes wait in the tus store (ADR 0050).
    const tusUrl = `${SERVICE_BASES.utility}${API_PATHS.files.resumable}`;
    const tus = { 'tus-resumable': '1.0.0', ...c.h };
    const partial = await t.request({
      method: 'POST',
      url: tusUrl,
      headers: { ...tus, 'upload-length': String(marker.length) },
    });
    const partialId = String(partial.headers.location).split('/').pop()!;
    const sent = await t.request({
      method: 'PATCH',
      url: `${tusUrl}/${partialId}`,
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: marker.subarray(0, 30_000),
    });
    expect(sent.statusCode).toBe(204);
    const partialFiles = () =>
      readdirSync(t.config.resumableUploads.dir).filter((f) => f.startsWith(partialId));
    expect(partialFiles()).not.toEqual([]);
    expectCode(
      await t.request({
        method: 'POST',
        url: wallet(API_PATHS.support.chatMessages),
        body: { body: 'Please help, Zarina here' },
        headers: c.h,
      }),
      0,
      200,
    );
    const verifier = await staffSignIn(t, VERIFIER);
    for (const state of ['IN_PROGRESS', 'COMPLETED'])
      expectCode(
        await t.request({
          method: 'POST',
          url: OPS_API_PATHS.decisions(c.txnId),
          body: { verificationName: 'bgv-degree', state },
          headers: verifier,
        }),
        0,
        200,
      );
    const held = credentialListResponseSchema.parse(
      expectCode(
        await t.request({
          method: 'GET',
          url: wallet(`${API_PATHS.credentials.list}?seed=0&count=100`),
          headers: c.h,
        }),
        0,
        200,
      ),
    ).list;
    expect(held.length).toBeGreaterThanOrEqual(2);
    const [profile] = await rows<{ id: string }>(
      sql`select profile_id as id from transactions where id = ${c.txnId}`,
    );
    const profileId = profile!.id;
    // A disclosure whose detail names a document after the person (a file name may carry it).
    await t.db.orm
      .execute(sql`insert into disclosures (profile_id, txn_id, recipient_kind, recipient_name, what, detail, at)
      values (${profileId}, ${c.txnId}, 'organisation', 'Demo University', 'report', 'Quixote-marksheet.pdf', now())`);
    // The organisation's change e-mail names the candidate, and the dev outbox holds its delivered copy.
    const mailSubject = 'Zarina Quixote needs you';
    const mailBody = 'Zarina Quixote (Demo form): Submitted → Action required';
    // (Sent at the test clock's time: the organisation's job prunes mails sent 90 days before it.)
    const sentAt = t.clock.now().toISOString();
    await t.db.orm
      .execute(sql`insert into org_notification_mails (org_id, key, kind, to_email, subject, body, due_at, sent_at)
      values ('demo-university', ${`org-bucket:${c.txnId}:action_required:2030-01-01T00:00:00.000Z:hr@demo.test`},
        'change', 'hr@demo.test', ${mailSubject}, ${mailBody}, ${sentAt}::timestamptz, ${sentAt}::timestamptz)`);
    await t.db.orm.execute(sql`insert into outbox (channel, "to", body, created_at)
      values ('email', 'hr@demo.test', ${`${mailSubject}\n\n${mailBody}`}, ${sentAt}::timestamptz)`);
    const [notices] = await rows<{ n: number }>(
      sql`select count(*)::int as n from notifications where profile_id = ${profileId}`,
    );
    expect(notices!.n).toBeGreaterThan(0);
    const needles = [c.mobile, 'Zarina', 'Quixote', 'Venkat Iyer', '2nd Cross Street'];
    const before = await searchPersonalData(t.db, needles, { storage, bytes: [marker] });
    expect(before.some((h) => h.objectKey)).toBe(true);
    // The search sees them where they live: a test of the search itself.
    for (const table of [
      'profiles',
      'support_messages',
      'verification_records',
      'otp_transactions',
      'disclosures',
      'org_notification_mails',
      'outbox',
    ])
      expect(before.map((h) => h.table)).toContain(table);

    // The logs written from the request on must not carry what the erasure removes.
    const logFrom = logLines.length;
    // The request: due in a week, what is kept listed per category with the period.
    const made = erasureRequestSchema.parse(
      expectCode(await t.request({ method: 'POST', url: wallet(E.erasure), headers: c.h }), 0, 200),
    );
    expect(made).toMatchObject({ status: 'requested', origin: 'candidate', doneAt: null });
    expect(new Date(made.dueAt).getTime() - new Date(made.requestedAt).getTime()).toBe(7 * DAY * 1000);
    expect(made.kept.map((k) => [k.category, k.years])).toEqual([
      ['payments', 8],
      ['consent', null],
      ['access_logs', 2],
    ]);
    // Asking again answers the same request.
    expect(
      expectCode<ErasureRequest>(
        await t.request({ method: 'POST', url: wallet(E.erasure), headers: c.h }),
        0,
        200,
      ).id,
    ).toBe(made.id);
    expect(
      erasureStatusResponseSchema.parse(
        expectCode(await t.request({ method: 'GET', url: wallet(E.erasure), headers: c.h }), 0, 200),
      ).request,
    ).toEqual(made);
    // The next morning the day's digest is written and delivered, naming the candidate on a line.
    const requestedAt = t.clock.now().getTime();
    const istDay = Math.floor((requestedAt + 5.5 * 3600_000) / (DAY * 1000)) * DAY * 1000;
    t.clock.advance((istDay + DAY * 1000 + 3.5 * 3600_000 - requestedAt) / 1000);
    await vi.waitFor(
      async () => {
        await t.app.orgNotificationJobs.runOnce();
        const [digest] = await rows<{ n: number }>(sql`select count(*)::int as n from org_notification_mails
          where kind = 'digest' and sent_at is not null and body like '%- Zarina Quixote (%'`);
        expect(digest!.n).toBe(1);
      },
      { timeout: 30_000, interval: 200 },
    );
    expect(await outbox(t, 'digest@demo.test')).toEqual([
      expect.objectContaining({ body: expect.stringContaining('Zarina Quixote') }),
    ]);
    // Not due yet: the job leaves it.
    t.clock.advance((requestedAt + 6 * DAY * 1000 - t.clock.now().getTime()) / 1000);
    expect(await t.app.erasureJobs.runOnce()).toBe(false);

    // An admin's legal hold (a live dispute) holds it past its week, with the reason.
    const admin = await staffSignIn(t, ADMIN);
    expectCode(
      await t.request({
        method: 'POST',
        url: E.legalHolds,
        body: { profileId, reason: 'Court order 12/2030' },
        headers: admin,
      }),
      0,
      200,
    );
    t.clock.advance(DAY + 60);
    expect(await t.app.erasureJobs.runOnce()).toBe(true);
    // (The candidate's access token has expired by now: the service answers what GET would.)
    const status = () => t.app.erasureJobs.erasure.status(profileId);
    expect(await status()).toMatchObject({ status: 'held', heldReason: 'Legal hold: Court order 12/2030' });
    expect(await searchPersonalData(t.db, [c.mobile])).not.toEqual([]);

    // Released (a day later: a new staff session): the next pass erases.
    const admin2 = await staffSignIn(t, ADMIN);
    expectCode(
      await t.request({ method: 'DELETE', url: E.legalHolds, body: { profileId }, headers: admin2 }),
      0,
      200,
    );
    await vi.waitFor(
      async () => {
        await t.app.erasureJobs.runOnce();
        const [row] = await rows<{ status: string; confirmation_sent_at: Date | null }>(
          sql`select status, confirmation_sent_at from erasure_requests where id = ${made.id}`,
        );
        expect(row).toMatchObject({ status: 'done', confirmation_sent_at: expect.anything() });
      },
      { timeout: 30_000, interval: 200 },
    );

    expect(await status()).toMatchObject({ status: 'done', heldReason: null, kept: made.kept });
    // Their sessions are gone.
    const [sessions] = await rows<{ n: number }>(
      sql`select count(*)::int as n from refresh_tokens where profile_id = ${profileId}`,
    );
    expect(sessions!.n).toBe(0);
    // A verifier holding a credential's JWT sees "revoked" (the status list); its share link is gone.
    for (const credential of held) {
      const verification = credentialVerificationSchema.parse(
        expectCode(
          await t.request({
            method: 'POST',
            url: wallet(API_PATHS.credentials.verifyJwt),
            body: { jwt: credential.jwt },
          }),
          0,
          200,
        ),
      );
      expect(verification.result).toBe('revoked');
      expectCode(
        await t.request({ method: 'GET', url: wallet(API_PATHS.credentials.verify(credential.shareId)) }),
        245,
        404,
      );
    }
    // The unfinished upload's bytes went too, not left to expire.
    expect(partialFiles()).toEqual([]);
    // The confirmation's outbox copy went with the rest.
    expect(await outbox(t, c.mobile)).toEqual([]);

    // Nothing of the candidate anywhere but where the ADR keeps it: no file, no row.
    const after = await searchPersonalData(t.db, needles, { storage, bytes: [marker] });
    expect(after.filter((h) => !h.table || !KEPT_TABLES.has(h.table))).toEqual([]);
    const logged = logLines.slice(logFrom).join('');
    expect(logged).toMatch(/erasure/);
    for (const needle of needles)
      expect(
        logged.split('\n').filter((line) => line.toLowerCase().includes(needle.toLowerCase())),
        needle,
      ).toEqual([]);
    // The profile stays, with a placeholder; the ledger and payments still join it.
    const [erased] = await rows<Record<string, unknown>>(sql`select * from profiles where id = ${profileId}`);
    expect(erased).toMatchObject({ name: 'Erased', date_of_birth: null, address: null, photo: null });
    expect(String(erased!.mobile)).toMatch(/^erased:[0-9a-f]{32}$/);
    // Another candidate is untouched.
    expect(
      (await searchPersonalData(t.db, [control.mobile, 'Control Person'])).map(
        (h) => `${h.table}.${h.column}`,
      ),
    ).toContain('profiles.name');
    // A second pass finds nothing more to do.
    expect(await t.app.erasureJobs.runOnce()).toBe(false);
  }, 240_000);
});
