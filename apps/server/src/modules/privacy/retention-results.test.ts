import {
  API_PATHS,
  OPS_API_PATHS,
  ORG_API_PATHS,
  SERVICE_BASES,
  credentialVerificationSchema,
  opsCaseSchema,
  orgCandidateDetailSchema,
  transactionInfoSchema,
} from '@veridocs/shared';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage, type Storage } from '../../storage/index.js';
import { orgSession } from '../../test/org-session.js';
import { DEMO_FORM, DEMO_ORG, submittedCandidate } from '../../test/submitted-candidate.js';
import {
  bearer,
  createTestApp,
  expectCode,
  requestOtp,
  staffSignIn,
  verifyOtp,
  wallet,
  type TestApp,
} from '../../test/test-app.js';
import { DEV_STAFF } from '../ops-auth/dev-staff.js';

const DAY = 86_400;
const RESULTS_DAYS = 3 * 365;
const VERIFIER = DEV_STAFF.find((s) => s.role === 'verifier')!;
const v1 = (path: string) => `${SERVICE_BASES.verificationV1}${path}`;

interface Request {
  txnId: string;
  mobile: string;
}

/**
 * The `results` retention class (ADR 0049 "Retention schedule"): on a simulated clock, the answers,
 * verification data, report and credentials of a request closed more than RETENTION_RESULTS_DAYS ago go
 * (the request, its states and the consent ledger stay), younger and open requests keep theirs, and the
 * screens that read a purged request still answer.
 */
describe('the results purge (ADR 0049)', { timeout: 240_000 }, () => {
  let t: TestApp;
  let storage: Storage;
  beforeAll(async () => {
    // A busy machine: the document checks get time (a timed-out check is an unusable file).
    t = await createTestApp({
      env: {
        OCR_WORKER: 'off',
        REPORT_JOBS: 'off',
        WEBHOOK_JOBS: 'off',
        CHECK_TIMEOUT_MS: '60000',
        CHECK_MAX_QUEUE_WAIT_MS: '60000',
      },
    });
    storage = createStorage(t.config.storage);
  }, 120_000);
  afterAll(() => t?.close());

  async function rows<T>(query: SQL): Promise<T[]> {
    return ((await t.db.orm.execute(query)) as { rows: T[] }).rows;
  }
  const count = async (query: SQL) => (await rows<{ n: number }>(query))[0]!.n;

  /** Everything of a request the purge deletes, or keeps, as the database and the store hold it. */
  async function results(txnId: string) {
    const [txn] = await rows<{ state: string; results_purged_at: Date | string | null }>(
      sql`select state, results_purged_at from transactions where id = ${txnId}`,
    );
    const records = await rows<{ data: Record<string, unknown> }>(
      sql`select data from verification_records where txn_id = ${txnId}`,
    );
    const [report] = await rows<{ storage_key: string | null }>(
      sql`select storage_key from verification_reports where txn_id = ${txnId}`,
    );
    return {
      state: txn!.state,
      purgedAt: txn!.results_purged_at === null ? null : new Date(txn!.results_purged_at).toISOString(),
      answers: await count(sql`select count(*)::int as n from transaction_answers where txn_id = ${txnId}`),
      recordsWithData: records.filter((r) => Object.keys(r.data).length > 0).length,
      contactConsents: await count(
        sql`select count(*)::int as n from contact_consents where txn_id = ${txnId}`,
      ),
      reportKey: report?.storage_key ?? null,
      credentials: await count(
        sql`select count(*)::int as n from credentials where txn_id = ${txnId} and jwt is not null and revoked_at is null`,
      ),
      // What stays whatever happens: the request's states and the consent ledger.
      stateChanges: await count(sql`select count(*)::int as n from state_changes where txn_id = ${txnId}`),
      ledger: await count(sql`select count(*)::int as n from consent_ledger where txn_id = ${txnId}`),
    };
  }

  /** A candidate's request decided by the team (the degree verified): closed COMPLETED, its report made. */
  async function closedRequest(name: string): Promise<Request> {
    const c = await submittedCandidate(t, { name });
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
    expect(await t.app.reportJobs.runOnce()).toBe(true);
    return { txnId: c.txnId, mobile: c.mobile };
  }

  async function candidateSession(mobile: string) {
    const { txnId, otp } = await requestOtp(t, mobile);
    return bearer(expectCode<{ accessToken: string }>(await verifyOtp(t, txnId, otp), 0, 200).accessToken);
  }

  const verify = async (jwt: string) =>
    credentialVerificationSchema.parse(
      expectCode(
        await t.request({ method: 'POST', url: wallet(API_PATHS.credentials.verifyJwt), body: { jwt } }),
        0,
        200,
      ),
    );

  let open: Request;
  let old: Request;
  let young: Request;
  let held: Request;
  let heldProfile: string;
  let heldBefore: Awaited<ReturnType<typeof results>>;
  let oldCredentials: { id: string; jwt: string; share_id: string }[];
  let oldReportKey: string;
  let youngBefore: Awaited<ReturnType<typeof results>>;
  let openBefore: Awaited<ReturnType<typeof results>>;
  let oldBefore: Awaited<ReturnType<typeof results>>;

  it('deletes the results of a request closed 3 years and a day ago, and only those', async () => {
    // Open (submitted, under review) from the start: older than any cutoff, never purged.
    const c = await submittedCandidate(t, { name: 'Ojas Open' });
    open = { txnId: c.txnId, mobile: c.mobile };
    old = await closedRequest('Olga Oldclose');
    // Closed at the same time, its candidate under a legal hold (a claim on the report): kept.
    held = await closedRequest('Hema Heldclose');
    heldProfile = (
      await rows<{ profile_id: string }>(sql`select profile_id from transactions where id = ${held.txnId}`)
    )[0]!.profile_id;
    await t.db.orm.execute(
      sql`insert into legal_holds (profile_id, reason, set_by, set_at)
          values (${heldProfile}, 'A claim on the report', 'test', now())`,
    );
    heldBefore = await results(held.txnId);
    // The young request closes 2 days and 6 hours later.
    t.clock.advance(2 * DAY + 6 * 3600);
    young = await closedRequest('Yusuf Youngclose');

    oldBefore = await results(old.txnId);
    youngBefore = await results(young.txnId);
    openBefore = await results(open.txnId);
    // What the purge would remove is there, so its absence afterwards means something.
    for (const before of [oldBefore, youngBefore]) {
      expect(before).toMatchObject({ state: 'COMPLETED', purgedAt: null, credentials: 2 });
      expect(before.answers).toBeGreaterThan(0);
      expect(before.recordsWithData).toBeGreaterThan(0);
      expect(before.reportKey).not.toBeNull();
      expect(await storage.exists(before.reportKey!)).toBe(true);
    }
    expect(openBefore.answers).toBeGreaterThan(0);
    expect(openBefore.recordsWithData).toBeGreaterThan(0);
    oldReportKey = oldBefore.reportKey!;
    oldCredentials = await rows(
      sql`select id, jwt, share_id from credentials where txn_id = ${old.txnId} order by id`,
    );
    for (const credential of oldCredentials) expect((await verify(credential.jwt)).checks.status).toBe(true);

    // 3 years and a day after the old request closed; the young one closed 3 years less a day ago.
    t.clock.advance((RESULTS_DAYS - 1) * DAY - 6 * 3600);
    const purgedAt = t.clock.now().toISOString();
    const report = await t.app.retentionJobs.purgeOnce();

    // rows: requests whose results went; objects: report PDFs deleted.
    expect(report?.counts.results).toEqual({ rows: 1, objects: 1 });
    const [run] = await rows<{ counts: Record<string, unknown> }>(
      sql`select counts from purge_runs where day = ${report!.day}`,
    );
    expect(run!.counts.results).toEqual({ rows: 1, objects: 1 });

    expect(await results(old.txnId)).toEqual({
      ...oldBefore,
      purgedAt,
      answers: 0,
      recordsWithData: 0,
      contactConsents: 0,
      reportKey: null,
      credentials: 0,
    });
    expect(await storage.exists(oldReportKey)).toBe(false);
    expect(
      await count(
        sql`select count(*)::int as n from verification_records where txn_id = ${old.txnId} and insufficiency is not null`,
      ),
    ).toBe(0);
    // The credentials: revoked in the status list (a verifier holding one sees "revoked"), their content
    // gone; the row stays as the bit's tombstone, its share link answers "not found".
    for (const credential of oldCredentials) {
      const [row] = await rows<Record<string, unknown>>(
        sql`select revoked_at, revoked_reason, jwt, credential_attributes, documents, evidence, txn_id
          from credentials where id = ${credential.id}`,
      );
      expect(row).toEqual({
        revoked_at: expect.anything(),
        revoked_reason: 'expired-retention',
        jwt: null,
        credential_attributes: {},
        documents: [],
        evidence: null,
        txn_id: null,
      });
      const verification = await verify(credential.jwt);
      expect(verification.result).toBe('revoked');
      expect(verification.checks.status).toBe(false);
      expectCode(
        await t.request({ method: 'GET', url: wallet(API_PATHS.credentials.verify(credential.share_id)) }),
        245,
        404,
      );
    }
    // The young and the open request keep everything.
    expect(await results(young.txnId)).toEqual(youngBefore);
    expect(await storage.exists(youngBefore.reportKey!)).toBe(true);
    expect(await results(open.txnId)).toEqual(openBefore);
  });

  it('the screens of a purged request still answer, without its results', async () => {
    // The console's case view says when; the report answers "not found".
    const verifier = await staffSignIn(t, VERIFIER);
    const view = opsCaseSchema.parse(
      expectCode(
        await t.request({ method: 'GET', url: OPS_API_PATHS.case(old.txnId), headers: verifier }),
        0,
        200,
      ),
    );
    expect(view.state).toBe('COMPLETED');
    expect(view.resultsPurgedAt).toBe((await results(old.txnId)).purgedAt);
    expect(view.verifications.flatMap((v) => v.fields)).toEqual([]);
    expect(view.timeline.length).toBeGreaterThan(0);
    const youngView = opsCaseSchema.parse(
      expectCode(
        await t.request({ method: 'GET', url: OPS_API_PATHS.case(young.txnId), headers: verifier }),
        0,
        200,
      ),
    );
    expect(youngView.resultsPurgedAt).toBeNull();
    expect(youngView.verifications.flatMap((v) => v.fields).length).toBeGreaterThan(0);
    for (const url of [OPS_API_PATHS.report(old.txnId), OPS_API_PATHS.reportPdf(old.txnId)])
      expectCode(await t.request({ method: 'GET', url, headers: verifier }), 225, 404);

    // The organisation's candidate page: no report, no credential; the download answers "not found".
    const org = await orgSession(t, { orgId: DEMO_ORG, role: 'viewer' });
    const page = orgCandidateDetailSchema.parse(
      expectCode(
        await t.app.inject({
          method: 'GET',
          url: ORG_API_PATHS.candidate(old.txnId),
          headers: org.headers,
        }),
        0,
        200,
      ),
    );
    expect(page).toMatchObject({ state: 'COMPLETED', report: null, credentials: [] });
    expectCode(
      await t.app.inject({
        method: 'GET',
        url: ORG_API_PATHS.candidateReport(old.txnId),
        headers: org.headers,
      }),
      225,
      404,
    );
    expectCode(
      await t.app.inject({
        method: 'GET',
        url: ORG_API_PATHS.candidateCredential(old.txnId, oldCredentials[0]!.id),
        headers: org.headers,
      }),
      310,
      404,
    );
    // The young request's report still downloads.
    const pdf = await t.app.inject({
      method: 'GET',
      url: ORG_API_PATHS.candidateReport(young.txnId),
      headers: org.headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');

    // The candidate's own form home and list: the request, closed, without a report.
    const h = await candidateSession(old.mobile);
    const info = transactionInfoSchema.parse(
      expectCode(
        await t.request({
          method: 'GET',
          url: v1(`${API_PATHS.verification.info}?orgId=${DEMO_ORG}&txnId=${old.txnId}`),
          headers: h,
        }),
        0,
        200,
      ),
    );
    expect(info.report).toBeNull();
    expectCode(
      await t.request({ method: 'GET', url: v1(API_PATHS.verification.candidateTransactions), headers: h }),
      0,
      200,
    );
    expectCode(
      await t.request({
        method: 'GET',
        url: v1(`${API_PATHS.verification.history}?formId=${DEMO_FORM}&orgId=${DEMO_ORG}`),
        headers: h,
      }),
      0,
      200,
    );
    // The wallet no longer lists the purged credentials.
    const held = expectCode<{ list: { id: string }[] }>(
      await t.request({
        method: 'GET',
        url: wallet(`${API_PATHS.credentials.list}?seed=0&count=100`),
        headers: h,
      }),
      0,
      200,
    ).list;
    expect(held.map((c) => c.id)).not.toEqual(expect.arrayContaining([oldCredentials[0]!.id]));
  });

  it('the next day removes nothing more; a failed batch rolls back whole and the next run finishes it', async () => {
    t.clock.advance(DAY);
    const second = await t.app.retentionJobs.purgeOnce();
    expect(second?.counts.results).toEqual({ rows: 0, objects: 0 });
    // The young request is now 3 years less 6 hours closed: still kept.
    expect(await results(young.txnId)).toEqual(youngBefore);

    // A day later it is due. Its PDF cannot be removed (a folder where the file was): the batch fails.
    t.clock.advance(DAY);
    const youngKey = youngBefore.reportKey!;
    const path = join(t.config.storage.kind === 'local' ? t.config.storage.dir : '', youngKey);
    rmSync(path);
    mkdirSync(join(path, 'stuck'), { recursive: true });
    await expect(t.app.retentionJobs.purgeOnce()).rejects.toThrow();
    // Every row of the batch rolled back: the credentials are not even revoked.
    expect(await results(young.txnId)).toEqual(youngBefore);

    rmSync(path, { recursive: true });
    const retried = await t.app.retentionJobs.purgeOnce();
    expect(retried?.counts.results).toEqual({ rows: 1, objects: 1 });
    expect(await results(young.txnId)).toMatchObject({
      purgedAt: t.clock.now().toISOString(),
      answers: 0,
      recordsWithData: 0,
      reportKey: null,
      credentials: 0,
      stateChanges: youngBefore.stateChanges,
      ledger: youngBefore.ledger,
    });
    // The open request, now over 3 years old, still keeps everything.
    expect(await results(open.txnId)).toEqual(openBefore);
  });

  it('a legal hold on the candidate kept their results past the period; released, they go', async () => {
    // Closed with the old request, held all along: every run so far kept it.
    expect(await results(held.txnId)).toEqual(heldBefore);
    await t.db.orm.execute(sql`delete from legal_holds where profile_id = ${heldProfile}`);
    t.clock.advance(DAY);
    expect((await t.app.retentionJobs.purgeOnce())?.counts.results).toEqual({ rows: 1, objects: 1 });
    expect(await results(held.txnId)).toMatchObject({ answers: 0, recordsWithData: 0, reportKey: null });
  });
});
