import {
  API_PATHS,
  EXPORT_DAILY_LIMIT,
  OPS_API_PATHS,
  EXPORT_FORMAT,
  PRIVACY_EXPORT_PATHS,
  PRIVACY_NOMINATION_PATHS,
  PRIVACY_REQUEST_PATHS,
  SERVICE_BASES,
  exportDataSchema,
  type ExportData,
  type FileUploadResponse,
} from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submittedCandidate } from '../../test/submitted-candidate.js';
import {
  bearer,
  createTestApp,
  expectCode,
  requestOtp,
  signUp,
  staffSignIn,
  verifyOtp,
  wallet,
  type TestApp,
} from '../../test/test-app.js';
import { multipart, pdfOfSize } from '../files/test-files.js';
import { DEV_STAFF } from '../ops-auth/dev-staff.js';

const url = wallet(PRIVACY_EXPORT_PATHS.export);

/** The archive's entries by path; data.json parsed by its schema (so the format is what it says). */
function unzip(res: LightMyRequestResponse): { entries: Record<string, Uint8Array>; data: ExportData } {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(String(res.headers['content-disposition'])).toMatch(
    /^attachment; filename="veridocs-data-\d{4}-\d{2}-\d{2}\.zip"$/,
  );
  const entries = unzipSync(new Uint8Array(res.rawPayload));
  const json = entries['data.json'];
  expect(json).toBeDefined();
  return { entries, data: exportDataSchema.parse(JSON.parse(strFromU8(json!))) };
}

describe('the data export (issue 29, ADR 0049 "Export")', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { OCR_WORKER: 'off', CHECK_TIMEOUT_MS: '60000', CHECK_MAX_QUEUE_WAIT_MS: '60000' },
    });
  });
  afterAll(() => t?.close());

  async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    const result: unknown = await t.db.orm.execute(query);
    return (result as { rows: T[] }).rows;
  }

  async function upload(h: Record<string, string>, name: string, data: Buffer): Promise<FileUploadResponse> {
    const form = multipart([{ name: 'file', filename: name, contentType: 'application/pdf', data }]);
    return expectCode<FileUploadResponse>(
      await t.request({
        method: 'POST',
        url: `${SERVICE_BASES.utility}${API_PATHS.files.upload}`,
        headers: { ...form.headers, ...h },
        payload: form.payload,
      }),
      0,
      200,
    );
  }

  async function profileIdOf(txnId: string): Promise<string> {
    const [row] = await rows<{ id: string }>(
      sql`select profile_id as id from transactions where id = ${txnId}`,
    );
    return row!.id;
  }

  it("holds the candidate's data by category and their files' exact bytes, and nobody else's", async () => {
    const c = await submittedCandidate(t, { name: 'Meera Quillfeather' });
    const other = await submittedCandidate(t, { name: 'Otto Brightwater' });
    const profileId = await profileIdOf(c.txnId);
    const otherId = await profileIdOf(other.txnId);
    const mine = await pdfOfSize(70_000, (doc) => doc.setTitle('Meera export marker'));
    const theirs = await pdfOfSize(65_000, (doc) => doc.setTitle('Otto private marker'));
    const file = await upload(c.h, 'meera-degree.pdf', mine);
    await upload(other.h, 'otto-secret.pdf', theirs);
    expectCode(
      await t.request({
        method: 'POST',
        url: wallet(API_PATHS.support.chatMessages),
        body: { body: 'Hello from Meera' },
        headers: c.h,
      }),
      0,
      200,
    );
    expectCode(
      await t.request({
        method: 'POST',
        url: wallet(API_PATHS.support.chatMessages),
        body: { body: 'Otto asks privately' },
        headers: other.h,
      }),
      0,
      200,
    );
    // A grievance of their own (the other candidate's stays out of the archive).
    for (const [h, text] of [
      [c.h, 'Meera asks why her degree takes so long'],
      [other.h, 'Otto asks privately about his request'],
    ] as const)
      expectCode(
        await t.request({
          method: 'POST',
          url: wallet(PRIVACY_REQUEST_PATHS.grievances),
          body: { subject: 'Slow verification', text },
          headers: h,
        }),
        0,
        200,
      );
    // A nominee of their own.
    expectCode(
      await t.request({
        method: 'PUT',
        url: wallet(PRIVACY_NOMINATION_PATHS.nomination),
        body: { name: 'Ravi Quillfeather', relationship: 'sibling', mobile: '9876500011' },
        headers: c.h,
      }),
      0,
      200,
    );
    // A disclosure and a paid fee with a refund, as their senders record them.
    for (const [who, recipient] of [
      [profileId, 'Meera Employer Ltd'],
      [otherId, 'Otto Employer Ltd'],
    ] as const)
      await t.db.orm.execute(sql`insert into disclosures
        (profile_id, txn_id, recipient_kind, recipient_name, what, detail, at)
        values (${who}, null, 'organisation', ${recipient}, 'report', 'report.pdf', now())`);
    for (const [who, txn, xml] of [
      [profileId, c.txnId, '<Certificate name="Meera Quillfeather"/>'],
      [otherId, other.txnId, '<Certificate name="Otto Brightwater"/>'],
    ] as const)
      await t.db.orm.execute(sql`insert into issuer_pulls
        (txn_id, verification_name, org_id, profile_id, channel, issuer_id, issuer_name, doctype, source_ref,
         xml, fields, comparison, matched, signature, pulled_at)
        values (${txn}, 'bgv-degree', 'demo-university', ${who}, 'digilocker', 'in.gov.test', 'Test Board',
         'SSCER', 'in.gov.test-SSCER-1', ${xml}, '{"name":"x"}'::jsonb, '[]'::jsonb, true, '{}'::jsonb, now())`);
    const [order] = await rows<{ id: string }>(sql`insert into payment_orders
      (txn_id, org_id, profile_id, region, currency, provider, express, quote, amount, status, payment_id,
       idempotency_key)
      values (${c.txnId}, 'demo-university', ${profileId}, 'IN', 'INR', 'sandbox', false, '{}'::jsonb, 49900,
       'success', 'pay_meera_1', 'export-test-order')
      returning id`);
    await t.db.orm.execute(sql`insert into payment_refunds (order_id, amount, reason, status, idempotency_key)
      values (${order!.id}, 10000, 'Partial refund', 'done', 'export-test-refund')`);

    // The team completes the degree: a credential (its JWT) and a notification.
    const verifier = await staffSignIn(
      t,
      DEV_STAFF.find((s) => s.role === 'verifier')!,
    );
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
    const [held] = await rows<{ jwt: string }>(
      sql`select jwt from credentials where profile_id = ${profileId} and verification_name = 'bgv-degree'`,
    );
    expect(held?.jwt).toMatch(/^ey/);

    const { entries, data } = unzip(await t.request({ method: 'GET', url, headers: c.h }));
    expect(data.format).toBe(EXPORT_FORMAT);
    expect(data.exportedAt).toBe(t.clock.now().toISOString());
    expect(data.profile).toMatchObject({ id: profileId, name: 'Meera Quillfeather', mobile: c.mobile });
    expect(data.profile.aadhaarLast4).toMatch(/^\d{4}$/);
    // The request with its form, answers and verifications' data and states.
    expect(data.requests).toHaveLength(1);
    const [request] = data.requests;
    expect(request).toMatchObject({ id: c.txnId, orgId: 'demo-university', formId: 'demo-form' });
    expect(request!.orgName).not.toBe('');
    expect(request!.answers).toContainEqual(
      expect.objectContaining({ questionId: 'demo-q-purpose', answer: 'EMPLOYMENT' }),
    );
    const degree = request!.verifications.find((v) => v.name === 'bgv-degree');
    expect(degree?.data).toMatchObject({ degreeName: 'B.Tech in Computer Science', passingYear: '2020' });
    expect(request!.verifications.find((v) => v.name === 'passport')?.skipped).toBe(true);
    // Every document of theirs, each file's bytes equal to the upload.
    expect(data.documents.length).toBe(2);
    const doc = data.documents.find((d) => d.id === file.fileId);
    expect(doc).toMatchObject({ name: 'meera-degree.pdf', mimeType: 'application/pdf', size: mine.length });
    expect(doc!.path).toBe(`files/documents/${file.fileId}-meera-degree.pdf`);
    expect(Buffer.from(entries[doc!.path!]!).equals(mine)).toBe(true);
    for (const d of data.documents) expect(entries[d.path!]?.length).toBe(d.size);
    // Consents: the ledger's entries, with the notice's exact text they cite.
    expect(data.consents.length).toBeGreaterThanOrEqual(1);
    expect(data.consents[0]).toMatchObject({ txnId: c.txnId, action: 'consent' });
    expect(data.notices.map((n) => n.hash)).toContain(data.consents[0]!.noticeHash);
    expect(data.disclosures.map((d) => d.recipientName)).toEqual(['Meera Employer Ltd']);
    expect(data.nominations).toEqual([
      expect.objectContaining({ action: 'named', name: 'Ravi Quillfeather', relationship: 'sibling' }),
    ]);
    expect(data.privacyRequests).toEqual([
      expect.objectContaining({
        kind: 'grievance',
        reference: expect.stringMatching(/^GRV-\d{6}$/),
        text: 'Meera asks why her degree takes so long',
        status: 'open',
      }),
    ]);
    expect(data.payments).toEqual([
      expect.objectContaining({
        txnId: c.txnId,
        amount: 49900,
        currency: 'INR',
        status: 'success',
        refunds: [expect.objectContaining({ amount: 10000, status: 'done', reason: 'Partial refund' })],
      }),
    ]);
    expect(data.chat.flatMap((conversation) => conversation.messages.map((m) => m.body))).toContain(
      'Hello from Meera',
    );
    expect(data.issuerPulls.map((p) => p.xml)).toEqual(['<Certificate name="Meera Quillfeather"/>']);
    expect(data.credentials.map((cr) => cr.jwt)).toContain(held!.jwt);
    expect(data.credentials.every((cr) => cr.txnId === c.txnId || cr.txnId === null)).toBe(true);
    expect(data.notifications.length).toBeGreaterThan(0);
    expect(data.erasure).toBeNull();
    expect(strFromU8(entries['README.txt']!)).toContain(EXPORT_FORMAT);
    // Nothing of the other candidate anywhere in the archive.
    const everything = Buffer.concat(Object.values(entries).map((bytes) => Buffer.from(bytes)));
    for (const needle of [other.mobile, 'Otto', 'Brightwater', otherId, other.txnId])
      expect(everything.includes(needle)).toBe(false);
    expect(everything.includes(theirs.subarray(0, 2_000))).toBe(false);
    expect(Object.keys(entries).filter((k) => k.startsWith('files/documents/'))).toHaveLength(
      data.documents.length,
    );

    // A stored object gone from the store is told in data.json (path null); the rest still comes.
    await t.db.orm.execute(
      sql`update files set storage_key = 'ab/cd/0123456789abcdef0123' where id = ${file.fileId}`,
    );
    const again = unzip(await t.request({ method: 'GET', url, headers: c.h }));
    expect(again.data.documents.find((d) => d.id === file.fileId)?.path).toBeNull();
    expect(Object.keys(again.entries).some((k) => k.includes(file.fileId))).toBe(false);
  }, 180_000);

  it('allows 5 exports a day, then answers 364 until the window has passed', async () => {
    const session = await signUp(t, undefined, 'Capped Person');
    const h = bearer(session.accessToken);
    for (let i = 0; i < EXPORT_DAILY_LIMIT; i++) {
      const { data } = unzip(await t.request({ method: 'GET', url, headers: h }));
      expect(data.profile.name).toBe('Capped Person');
      expect(data.requests).toEqual([]);
    }
    const refused = await t.request({ method: 'GET', url, headers: h });
    expectCode(refused, 364, 429);
    expect(refused.headers['content-type']).toMatch(/json/);
    // Another candidate's budget is their own.
    const second = await signUp(t, undefined, 'Uncapped Person');
    unzip(await t.request({ method: 'GET', url, headers: bearer(second.accessToken) }));
    // A day later (signed in again: the access token has expired) the budget is back.
    t.clock.advance(86_400 + 1);
    const { txnId, otp } = await requestOtp(t, session.mobile);
    const fresh = expectCode<{ accessToken: string }>(await verifyOtp(t, txnId, otp), 0, 200);
    unzip(await t.request({ method: 'GET', url, headers: bearer(fresh.accessToken) }));
  }, 120_000);

  it('answers 351 for an erased account and 401 without a session', async () => {
    const session = await signUp(t, undefined, 'Erased Person');
    const h = bearer(session.accessToken);
    const [row] = await rows<{ id: string }>(sql`select id from profiles where mobile = ${session.mobile}`);
    // What the erasure job leaves (its last step): the placeholder mobile; the session is still live here.
    await t.db.orm.execute(
      sql`update profiles set name = 'Erased', mobile = ${`erased:${'0'.repeat(32)}`} where id = ${row!.id}`,
    );
    expectCode(await t.request({ method: 'GET', url, headers: h }), 351, 409);
    // Refused before the budget: nothing was counted.
    const [counter] = await rows<{ n: number }>(
      sql`select count(*)::int as n from otp_throttles where mobile = ${`export:${row!.id}`}`,
    );
    expect(counter!.n).toBe(0);
    expectCode(await t.request({ method: 'GET', url }), 102, 401);
    // No HEAD: it would read every file only to throw the archive away.
    expect((await t.request({ method: 'HEAD', url, headers: h })).statusCode).toBe(404);
    expectCode(await t.request({ method: 'GET', url, headers: bearer('not-a-token') }), 102, 401);
  }, 60_000);
});
