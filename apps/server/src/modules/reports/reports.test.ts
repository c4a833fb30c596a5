import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateSync } from 'node:zlib';
import {
  API_PATHS,
  OPS_API_PATHS,
  REPORT_PATHS,
  SERVICE_BASES,
  opsReportSchema,
  opsSessionSchema,
  reportFileCheckSchema,
  reportVerificationSchema,
  reportWebhookSchema,
  transactionInfoSchema,
  type ReportWebhook,
} from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import jsQRModule from 'jsqr';
import type { PDFNumber } from 'pdf-lib';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PARTNER_DEV_SECRET,
  createWebhookReportDelivery,
  verifyReportSignature,
} from '../../providers/report-delivery/index.js';
import { bearer, createTestApp, expectCode, outbox, type TestApp } from '../../test/test-app.js';
import { disclosureRows } from '../../test/disclosures.js';
import { submittedCandidate as submitCandidate } from '../../test/submitted-candidate.js';
import { openWithPdfJs, pageTexts } from '../documents/analysis/pdfjs.js';
import { multipart } from '../files/test-files.js';
import { DEV_STAFF } from '../ops-auth/dev-staff.js';
import { newReportCode } from './report-pdf.js';
import { REPORT_BACKOFF_MS } from './reports-service.js';

const v1 = (path: string) => `${SERVICE_BASES.verificationV1}${path}`;
const P = API_PATHS.verification;
const O = OPS_API_PATHS;
const ORG = 'demo-university';
const PUBLIC_URL = 'https://app.example';
const PARTNER_SECRET = 'wes-partner-secret-0123456789';
type Headers = Record<string, string>;
const ADMIN = DEV_STAFF.find((s) => s.role === 'admin')!;
const VERIFIER = DEV_STAFF.find((s) => s.role === 'verifier')!;

// jsqr is CommonJS with an ES-style default in its types: under Node's interop the function is `.default`.
const jsQR = ((jsQRModule as unknown as { default?: typeof jsQRModule }).default ??
  jsQRModule) as unknown as (
  data: Uint8ClampedArray,
  width: number,
  height: number,
) => { data: string } | null;

/** The evaluation partner's webhook receiver: a real HTTP server on a random port. */
interface Received {
  body: string;
  signature: string | undefined;
  eventId: string | undefined;
}
function startPartner() {
  const received: Received[] = [];
  let status = 200;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: req.headers['x-veridocs-signature'] as string | undefined,
        eventId: req.headers['x-veridocs-event-id'] as string | undefined,
      });
      res.statusCode = status;
      res.end();
    });
  });
  return {
    received,
    answer: (code: number) => {
      status = code;
    },
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/reports`),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Every image of a PDF as RGBA (pdf-lib keeps an embedded PNG as Flate-compressed samples). */
async function imagesOf(
  pdf: Uint8Array,
): Promise<{ width: number; height: number; rgba: Uint8ClampedArray }[]> {
  const doc = await PDFDocument.load(pdf);
  const out: { width: number; height: number; rgba: Uint8ClampedArray }[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    if (object.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    const width = (object.dict.get(PDFName.of('Width')) as PDFNumber).asNumber();
    const height = (object.dict.get(PDFName.of('Height')) as PDFNumber).asNumber();
    const samples = inflateSync(Buffer.from(object.getContents()));
    const channels = samples.length / (width * height);
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      for (let c = 0; c < 3; c++) rgba[i * 4 + c] = samples[i * channels + (channels === 1 ? 0 : c)]!;
      rgba[i * 4 + 3] = 255;
    }
    out.push({ width, height, rgba });
  }
  return out;
}

// Each case signs up and submits a candidate through the real routes (the document checks included).
describe('the verification report (ADR 0028)', { timeout: 120_000 }, () => {
  let t: TestApp;
  const partner = startPartner();
  let admin: Headers;
  let verifier: Headers;

  beforeAll(async () => {
    const url = await partner.listen();
    t = await createTestApp({
      env: {
        OCR_WORKER: 'off',
        WEBHOOK_JOBS: 'off',
        REPORT_JOBS: 'off',
        PUBLIC_URL,
        EVALUATION_PARTNER_WEBHOOKS: JSON.stringify({ WES: { url, secret: PARTNER_SECRET } }),
        // The partner's receiver is on 127.0.0.1.
        WEBHOOK_ALLOW_PRIVATE: '1',
      },
    });
    admin = bearer((await signIn(ADMIN)).accessToken);
    verifier = bearer((await signIn(VERIFIER)).accessToken);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await partner.close();
  });

  const send = (method: 'GET' | 'POST', url: string, body?: unknown, headers?: Headers) =>
    t.request({
      method,
      url,
      ...(body === undefined ? {} : { body: body as object }),
      ...(headers ? { headers } : {}),
    });
  const rowsOf = async (query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> =>
    ((await t.db.orm.execute(query)) as { rows: Record<string, unknown>[] }).rows;
  const runJob = () => t.app.reportJobs.runOnce();

  async function signIn(account: { email: string; password: string }) {
    const step = expectCode<{ challengeId: string }>(
      await send('POST', O.signIn, { email: account.email, password: account.password }),
      0,
      200,
    );
    const [mail] = await outbox(t, account.email);
    return opsSessionSchema.parse(
      expectCode(
        await send('POST', O.verifyCode, { challengeId: step.challengeId, code: mail!.otp }),
        0,
        200,
      ),
    );
  }

  const submittedCandidate = (name: string, withPartner = true) =>
    submitCandidate(t, { name, partner: withPartner });

  const decide = async (txnId: string, body: object) =>
    expectCode(await send('POST', O.decisions(txnId), body, verifier), 0, 200);
  const reportsOf = (txnId: string) =>
    rowsOf(sql`select * from verification_reports where txn_id = ${txnId}`);
  const info = async (h: Headers, txnId: string) =>
    transactionInfoSchema.parse(
      expectCode(await send('GET', v1(`${P.info}?orgId=${ORG}&txnId=${txnId}`), undefined, h), 0, 200),
    );

  let txnId: string;
  let candidate: Headers;
  let delivered: ReportWebhook;
  let pdf: Buffer;

  it('is made exactly once, when the last verification is decided, and delivered signed to the partner', async () => {
    ({ h: candidate, txnId } = await submittedCandidate('Asha Verma'));
    await decide(txnId, { verificationName: 'bgv-degree', state: 'IN_PROGRESS' });
    // Not before: the degree is still under review.
    expect(await reportsOf(txnId)).toHaveLength(0);
    expect(await runJob()).toBe(false);
    expect((await info(candidate, txnId)).report).toBeNull();

    await decide(txnId, { verificationName: 'bgv-degree', state: 'COMPLETED' });
    const [row] = await reportsOf(txnId);
    expect(row).toMatchObject({ status: 'generating' });
    expect((await info(candidate, txnId)).report).toEqual({
      status: 'preparing',
      sentTo: null,
      sentAt: null,
    });

    // The organisation's webhook endpoint hears of the sending too (issue 30 §2).
    const [hookRow] = await rowsOf(sql`insert into org_webhook_endpoints (org_id, url, secret_enc)
      values (${ORG}, 'https://hooks.example/report', 'v1.unused') returning id`);
    expect(await runJob()).toBe(true);
    const reportEvents = await rowsOf(sql`select payload from org_webhook_deliveries
      where transaction_id = ${txnId} and event_type = 'report.sent'`);
    await rowsOf(sql`delete from org_webhook_endpoints where id = ${hookRow!.id as string} returning id`);
    expect(reportEvents).toEqual([
      {
        payload: expect.objectContaining({
          type: 'report.sent',
          sequence: expect.any(Number) as number,
          data: expect.objectContaining({ transactionId: txnId, partner: 'World Education Services (WES)' }),
        }) as unknown,
      },
    ]);
    expect(partner.received).toHaveLength(1);
    const [hit] = partner.received;
    // The signature verifies with the partner's secret (and not with another), over the raw body.
    const nowSeconds = Math.floor(t.clock.now().getTime() / 1000);
    expect(verifyReportSignature(PARTNER_SECRET, hit!.body, hit!.signature, nowSeconds)).toBe(true);
    expect(verifyReportSignature('another-secret-0123456789', hit!.body, hit!.signature, nowSeconds)).toBe(
      false,
    );
    expect(verifyReportSignature(PARTNER_SECRET, `${hit!.body} `, hit!.signature, nowSeconds)).toBe(false);
    delivered = reportWebhookSchema.parse(JSON.parse(hit!.body));
    expect(hit!.eventId).toBe(delivered.id);
    pdf = Buffer.from(delivered.data.pdf.base64, 'base64');
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(delivered.data.pdf.sha256);
    expect(delivered.data).toMatchObject({
      transactionId: txnId,
      partner: { id: 'WES', reference: '4012345' },
      verifyUrl: `${PUBLIC_URL}/reports/verify/${delivered.data.code}`,
      report: {
        candidate: { name: 'Asha Verma' },
        organisation: expect.any(String),
        partner: 'World Education Services (WES)',
      },
    });
    expect(delivered.data.code).toMatch(
      /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/,
    );
    const results = Object.fromEntries(delivered.data.report.verifications.map((v) => [v.label, v.result]));
    expect(Object.values(results)).toContain('VERIFIED');
    expect(Object.values(results)).toContain('SKIPPED');

    // The candidate sees that it was sent, and to whom.
    expect((await info(candidate, txnId)).report).toEqual({
      status: 'sent',
      sentTo: 'World Education Services (WES)',
      sentAt: t.clock.now().toISOString(),
    });

    // …and is told so in a notification, once, linking to the form home (issue 15).
    const sentNotices = () =>
      rowsOf(sql`select n.params, n.link from notifications n join transactions x on x.profile_id = n.profile_id
        where x.id = ${txnId} and n.message = 'report.sent'`);
    const [notice] = await sentNotices();
    expect(notice).toMatchObject({ params: { org: 'World Education Services (WES)' } });
    expect(String(notice!.link)).toContain(`/${txnId}?orgId=`);
    // …and the partner's receipt is a disclosure on the candidate's access page (ADR 0049).
    expect((await disclosureRows(t, { txnId })).filter((d) => d.recipient_kind === 'partner')).toEqual([
      expect.objectContaining({ recipient_name: 'World Education Services (WES)', what: 'report' }),
    ]);

    // A second pass finds nothing; the row is unique per transaction: a retry never duplicates.
    expect(await runJob()).toBe(false);
    expect(partner.received).toHaveLength(1);
    expect(await sentNotices()).toHaveLength(1);
    await expect(
      t.db.orm.execute(
        sql`insert into verification_reports (txn_id, code) values (${txnId}, ${newReportCode()})`,
      ),
    ).rejects.toThrow();
    expect(await reportsOf(txnId)).toHaveLength(1);
  });

  it('the PDF states the facts and the code; its QR code opens the public page', async () => {
    const doc = await openWithPdfJs(pdf);
    const text = (await pageTexts(doc, 5)).join('\n');
    await doc.destroy();
    expect(text).toContain(delivered.data.code);
    expect(text).toContain('Asha Verma');
    expect(text).toContain('Verified');
    expect(text).toContain('Skipped');
    expect(text).toContain('Aadhaar e-KYC by OTP');
    expect(text).toMatch(/Document: document\.pdf, \d+ pages?, \d+ quality findings?/);
    expect(text).toContain('******');

    const decoded = (await imagesOf(pdf))
      .map((img) => jsQR(img.rgba, img.width, img.height)?.data)
      .filter(Boolean);
    expect(decoded).toEqual([`${PUBLIC_URL}/reports/verify/${delivered.data.code}`]);
  });

  it('the public check: by code, by the exact PDF (a changed byte fails), and the page', async () => {
    const code = delivered.data.code;
    const facts = reportVerificationSchema.parse(
      expectCode(await t.app.inject({ url: REPORT_PATHS.verify(code) }), 0, 200),
    );
    expect(facts).toEqual(delivered.data.report);
    // Lower case and without dashes reads the same report.
    expectCode(
      await t.app.inject({ url: REPORT_PATHS.verify(code.replace(/-/g, '').toLowerCase()) }),
      0,
      200,
    );
    expectCode(await t.app.inject({ url: REPORT_PATHS.verify('ZZZZ-ZZZZ-ZZZZ') }), 226, 404);
    expectCode(await t.app.inject({ url: REPORT_PATHS.verify('not-a-code') }), 100, 400);

    const check = async (bytes: Buffer) => {
      const body = multipart([
        { name: 'file', filename: 'report.pdf', contentType: 'application/pdf', data: bytes },
      ]);
      return reportFileCheckSchema.parse(
        expectCode(
          await t.app.inject({
            method: 'POST',
            url: REPORT_PATHS.verifyFile,
            headers: body.headers,
            payload: body.payload,
          }),
          0,
          200,
        ),
      );
    };
    const genuine = await check(pdf);
    expect(genuine).toMatchObject({ authentic: true, sha256: facts.sha256, report: facts });
    const tampered = Buffer.from(pdf);
    const at = tampered.length >> 1;
    tampered[at] = tampered[at]! ^ 0x01;
    expect(await check(tampered)).toMatchObject({ authentic: false, report: null });

    const page = await t.app.inject({ url: REPORT_PATHS.page(code) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('genuine report');
    expect(page.body).toContain('Asha Verma');
    expect(page.body).toContain(facts.sha256);
    const unknown = await t.app.inject({ url: REPORT_PATHS.page('ZZZZ-ZZZZ-ZZZZ') });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('not genuine');
    const hostile = await t.app.inject({ url: REPORT_PATHS.page('<script>') });
    expect(hostile.statusCode).toBe(404);
    expect(hostile.body).not.toContain('<script>');
  });

  it('retries a failed delivery with backoff, every attempt recorded; an admin re-sends', async () => {
    const c = await submittedCandidate('Rahul Singh');
    partner.answer(500);
    const before = partner.received.length;
    await decide(c.txnId, { verificationName: 'bgv-degree', state: 'IN_PROGRESS' });
    await decide(c.txnId, {
      verificationName: 'bgv-degree',
      state: 'FAILED',
      reason: 'The marksheet does not match the register',
    });
    expect(await runJob()).toBe(true);
    let [row] = await reportsOf(c.txnId);
    expect(row).toMatchObject({ status: 'sending', attempts: 1, last_error: 'HTTP 500' });
    const first = t.clock.now().getTime();
    expect(new Date(row!.next_attempt_at as string).getTime() - first).toBe(REPORT_BACKOFF_MS[0]);
    // Not due yet: nothing is sent.
    expect(await runJob()).toBe(false);
    t.clock.advance(REPORT_BACKOFF_MS[0] / 1000);
    expect(await runJob()).toBe(true);
    [row] = await reportsOf(c.txnId);
    expect(row).toMatchObject({ status: 'sending', attempts: 2 });
    expect(new Date(row!.next_attempt_at as string).getTime() - t.clock.now().getTime()).toBe(
      REPORT_BACKOFF_MS[1],
    );
    partner.answer(200);
    t.clock.advance(REPORT_BACKOFF_MS[1] / 1000);
    expect(await runJob()).toBe(true);
    expect(partner.received.length - before).toBe(3);
    // Every attempt carries the same event id (the partner drops repeats by it).
    expect(new Set(partner.received.slice(before).map((r) => r.eventId)).size).toBe(1);

    const report = opsReportSchema.parse(
      expectCode(await send('GET', O.report(c.txnId), undefined, verifier), 0, 200),
    );
    expect(report).toMatchObject({ status: 'sent', attempts: 3, partner: { id: 'WES' } });
    // The team's read of the report (the candidate's name and every result) is audited.
    const reads = (await t.db.orm.execute(
      sql`select staff_id, target_type from ops_audit where action = 'report.read' and target_id = ${c.txnId}`,
    )) as { rows: { staff_id: string; target_type: string }[] };
    expect(reads.rows).toEqual([{ staff_id: expect.any(String), target_type: 'transaction' }]);
    expect(report.attemptLog.map((a) => a.statusCode)).toEqual([500, 500, 200]);
    const last = reportWebhookSchema.parse(JSON.parse(partner.received.at(-1)!.body));
    expect(last.data.report.verifications.find((v) => v.result === 'FAILED')).toMatchObject({
      reason: 'The marksheet does not match the register',
    });

    // An admin sends it again: one more delivery, recorded.
    expectCode(await send('POST', O.reportResend(c.txnId), undefined, admin), 0, 200);
    expect(await runJob()).toBe(true);
    expect(partner.received.length - before).toBe(4);
    const again = opsReportSchema.parse(
      expectCode(await send('GET', O.report(c.txnId), undefined, admin), 0, 200),
    );
    expect(again.attemptLog).toHaveLength(4);

    const download = await send('GET', O.reportPdf(c.txnId), undefined, verifier);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(report.sha256);
  });

  it('without an evaluation partner the report is made, not sent, and the candidate is told so', async () => {
    const c = await submittedCandidate('Neha Gupta', false);
    await decide(c.txnId, { verificationName: 'bgv-degree', state: 'IN_PROGRESS' });
    await decide(c.txnId, { verificationName: 'bgv-degree', state: 'CLOSED' });
    const before = partner.received.length;
    expect(await runJob()).toBe(true);
    expect(partner.received.length).toBe(before);
    expect((await info(c.h, c.txnId)).report).toEqual({ status: 'no_partner', sentTo: null, sentAt: null });
    expectCode(await send('POST', O.reportResend(c.txnId), undefined, admin), 228, 409);
  });

  it('the dev default: a partner without an endpoint goes to the built-in receiver, which checks the signature', async () => {
    const posted: { url: string; body: string; headers: Record<string, string> }[] = [];
    const delivery = createWebhookReportDelivery({
      endpoints: {},
      targets: { allowPrivate: false, httpsOnly: true },
      fallback: (id) => ({
        url: `${PUBLIC_URL}${REPORT_PATHS.devPartnerInbox}/${id}`,
        secret: PARTNER_DEV_SECRET,
      }),
      post: async (url, body, headers) => {
        posted.push({ url, body, headers });
        return 200;
      },
    });
    expect(delivery.destination('ECA')).toBe(`${PUBLIC_URL}/api/dev/partner-inbox/ECA`);
    const body = partner.received[0]!.body;
    await delivery.deliver('ECA', { eventId: delivered.id, body, at: t.clock.now() });
    const [sent] = posted;
    // Through the whole HTTP stack, as the dev default's own POST arrives.
    const inbox = (headers: Record<string, string>, payload = body) =>
      t.app.inject({
        method: 'POST',
        url: `${REPORT_PATHS.devPartnerInbox}/ECA`,
        headers: { 'content-type': 'application/json', ...headers },
        payload,
      });
    expectCode(await inbox(sent!.headers), 0, 200);
    expect((await inbox(sent!.headers, `${body} `)).statusCode).toBe(401);
    expect((await inbox({})).statusCode).toBe(401);
    const list = expectCode<{ list: { code: string; pdfSha256: string; signature: string }[] }>(
      await t.app.inject({ url: REPORT_PATHS.devPartnerInbox }),
      0,
      200,
    ).list;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      code: delivered.data.code,
      pdfSha256: delivered.data.pdf.sha256,
      // The header it checked, kept for a test of the whole journey to see.
      signature: sent!.headers['x-veridocs-signature'],
    });
    expect(list[0]!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  });

  it('the role matrix of the report routes: no token, candidate, verifier, admin', async () => {
    const routes = [
      {
        name: 'report',
        call: (h?: Headers) => send('GET', O.report(txnId), undefined, h),
        verifier: 0,
        admin: 0,
      },
      {
        name: 'pdf',
        call: (h?: Headers) => send('GET', O.reportPdf(txnId), undefined, h),
        verifier: 200,
        admin: 200,
      },
      {
        name: 'resend',
        call: (h?: Headers) => send('POST', O.reportResend(txnId), undefined, h),
        verifier: 103,
        admin: 0,
      },
    ];
    const codeOf = (res: Awaited<ReturnType<typeof send>>) =>
      res.headers['content-type'] === 'application/pdf' ? res.statusCode : res.json().code;
    for (const route of routes) {
      expect(codeOf(await route.call()), `${route.name} without a token`).toBe(102);
      expect(codeOf(await route.call(candidate)), `${route.name} with a candidate token`).toBe(102);
      expect(codeOf(await route.call(verifier)), `${route.name} as verifier`).toBe(route.verifier);
      expect(codeOf(await route.call(admin)), `${route.name} as admin`).toBe(route.admin);
    }
    expectCode(
      await send('GET', O.report('00000000-0000-4000-8000-000000000000'), undefined, admin),
      225,
      404,
    );
  });
});
