import {
  API_PATHS,
  MAX_INSTANCES,
  SERVICE_BASES,
  transactionHistoryListSchema,
  transactionInfoSchema,
  verificationInfoSchema,
  type AddInstanceResponse,
  type FileUploadResponse,
  type TransactionInfo,
} from '@veridocs/shared';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { files as filesTable, verificationRecords } from '../../db/schema/index.js';
import { disabledReadCache } from '../../lib/read-cache.js';
import { bearer, createTestApp, expectCode, signUp, type TestApp } from '../../test/test-app.js';
import { uploadDocument } from '../../test/uploads.js';
import { multipart, pdfOfSize, pngOfSize } from '../files/test-files.js';
import { createTransactionsRepository } from './transactions-repository.js';
import { consentTo } from '../../test/consent.js';

/**
 * Issue 12: several degrees (and employments) as instances "<type>~<n>", added, saved, submitted,
 * skipped and deleted; the candidate ID by institute; all semesters' marksheets merged into one PDF.
 */
const v1 = (path: string) => `${SERVICE_BASES.verificationV1}${path}`;
const P = API_PATHS.verification;
const ORG = 'demo-university';
type Headers = Record<string, string>;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { OCR_WORKER: 'off' } });
});
afterAll(() => t?.close());

interface Candidate {
  h: Headers;
  txnId: string;
}

async function candidate(name: string): Promise<Candidate> {
  const h = bearer((await signUp(t, undefined, name)).accessToken);
  const { transactionId: txnId } = expectCode<{ transactionId: string }>(
    await t.request({
      method: 'POST',
      url: v1(P.transactions),
      headers: h,
      body: { orgId: ORG, eKycFormId: 'demo-form' },
    }),
    0,
    200,
  );
  await consentTo(t, h, { orgId: ORG, txnId });
  expectCode(
    await t.request({
      method: 'PATCH',
      url: v1(P.userResponse),
      headers: h,
      body: {
        orgId: ORG,
        txnId,
        data: [
          { questionId: 'demo-q-purpose', answer: 'EMPLOYMENT' },
          { questionId: 'demo-q-source', answer: 'EMPLOYER' },
        ],
      },
    }),
    0,
    200,
  );
  return { h, txnId };
}

const add = (c: Candidate, type: string) =>
  t.request({
    method: 'POST',
    url: v1(P.bgvInstances),
    headers: c.h,
    body: { orgId: ORG, txnId: c.txnId, type },
  });
const save = (c: Candidate, name: string, data: unknown, method: 'PUT' | 'POST' = 'PUT') =>
  t.request({
    method,
    url: v1(P.bgv),
    headers: c.h,
    body: { orgId: ORG, txnId: c.txnId, verificationName: name, data },
  });
const remove = (c: Candidate, type: string, extra = '') =>
  t.request({
    method: 'DELETE',
    url: v1(`${P.bgv}?orgId=${ORG}&txnId=${c.txnId}&type=${encodeURIComponent(type)}${extra}`),
    headers: c.h,
  });
async function info(c: Candidate): Promise<TransactionInfo> {
  return transactionInfoSchema.parse(
    expectCode(
      await t.request({ method: 'GET', url: v1(`${P.info}?orgId=${ORG}&txnId=${c.txnId}`), headers: c.h }),
      0,
      200,
    ),
  );
}
async function records(c: Candidate) {
  const snap = await createTransactionsRepository(t.db.orm, disabledReadCache()).snapshot(c.txnId);
  return snap!.records;
}
async function historyCount(c: Candidate): Promise<number> {
  const res = await t.request({
    method: 'GET',
    url: v1(`${P.history}?formId=demo-form&orgId=${ORG}`),
    headers: c.h,
  });
  return transactionHistoryListSchema.parse(expectCode(res, 0, 200)).total;
}

async function degree(c: Candidate, marksheet: FileUploadResponse, extra: Record<string, unknown> = {}) {
  return {
    institute: 'indian-institute-of-technology-bombay',
    degreeName: 'B.Tech',
    passingYear: '2020',
    instituteId: 'R-1',
    degreeStatus: 'DEGREE_AND_MARKSHEET',
    marksheet: { fileId: marksheet.fileId },
    ...extra,
  };
}

describe('POST /bgv/instances', () => {
  it('adds "bgv-degree~2" after the first degree, labelled "Degree 2", audited', async () => {
    const c = await candidate('Asha Rao');
    const before = await historyCount(c);
    const added = expectCode<AddInstanceResponse>(await add(c, 'bgv-degree'), 0, 200);
    expect(added).toEqual({ name: 'bgv-degree~2', label: 'Degree 2', created: true });
    const current = await info(c);
    const names = Object.keys(current.verificationList);
    expect(names.indexOf('bgv-degree~2')).toBe(names.indexOf('bgv-degree') + 1);
    expect(current.verificationList['bgv-degree~2']).toMatchObject({
      label: 'Degree 2',
      state: 'NOT_INITIALIZED',
      category: { name: 'Education' },
      acceptMultipleSubmissions: true,
    });
    // The first start of the transaction and the added record: both audited.
    expect(await historyCount(c)).toBe(before + 2);
    // Its own /verification screen: the type's config.
    const one = verificationInfoSchema.parse(
      expectCode(
        await t.request({
          method: 'GET',
          url: v1(`${P.typeInfo('bgv-degree~2')}?orgId=${ORG}&txnId=${c.txnId}`),
          headers: c.h,
        }),
        0,
        200,
      ),
    );
    expect(one.config.name).toBe('bgv-degree');
    expect(one.verification.label).toBe('Degree 2');
  });

  it('a double click adds one: the empty added instance is answered again', async () => {
    const c = await candidate('Dev Iyer');
    const [a, b] = await Promise.all([add(c, 'bgv-degree'), add(c, 'bgv-degree')]);
    const answers = [expectCode<AddInstanceResponse>(a, 0, 200), expectCode<AddInstanceResponse>(b, 0, 200)];
    expect(answers.map((x) => x.name)).toEqual(['bgv-degree~2', 'bgv-degree~2']);
    expect(answers.filter((x) => x.created)).toHaveLength(1);
    expect((await records(c)).filter((r) => r.name.startsWith('bgv-degree'))).toHaveLength(2);
  });

  it(`stops at ${MAX_INSTANCES} per type with a clear error, nothing added`, async () => {
    const c = await candidate('Meera Nair');
    for (let n = 2; n <= MAX_INSTANCES; n++) {
      expect(expectCode<AddInstanceResponse>(await add(c, 'bgv-degree'), 0, 200).name).toBe(
        `bgv-degree~${n}`,
      );
      // Started, so the next click adds another.
      expectCode(await save(c, `bgv-degree~${n}`, { degreeName: `Degree ${n}` }), 0, 200);
    }
    const changes = await historyCount(c);
    const refused = await add(c, 'bgv-degree');
    expect(refused.json()).toMatchObject({
      code: 180,
      message: `You can add at most ${MAX_INSTANCES} of Degree`,
    });
    expect(refused.statusCode).toBe(409);
    expect((await records(c)).filter((r) => r.name.startsWith('bgv-degree'))).toHaveLength(MAX_INSTANCES);
    expect(await historyCount(c)).toBe(changes);
  });

  it('employment adds instances (its config accepts several); a single-submission type is refused', async () => {
    const c = await candidate('Kabir Sen');
    expect(expectCode<AddInstanceResponse>(await add(c, 'bgv-employment'), 0, 200)).toMatchObject({
      name: 'bgv-employment~2',
      label: 'Employment 2',
    });
    expect((await add(c, 'bgv-twelfth')).json()).toMatchObject({ code: 181 });
    expect((await add(c, 'not-a-type')).json()).toMatchObject({ code: 126 });
    // Another candidate's transaction: 122.
    const other = await candidate('Other Person');
    expect((await add({ h: other.h, txnId: c.txnId }, 'bgv-degree')).json()).toMatchObject({ code: 122 });
  });
});

describe('an instance is a verification of its own', () => {
  it('save, submit, skip, and the minimum set counted by any degree instance', async () => {
    const c = await candidate('Ria Paul');
    expectCode(await add(c, 'bgv-degree'), 0, 200);
    const marksheet = await uploadDocument(t, c.h);
    // Saved and submitted through its config (the same field checks).
    expect((await save(c, 'bgv-degree~2', { passingYear: '1066' })).json()).toMatchObject({ code: 100 });
    expectCode(await save(c, 'bgv-degree~2', { degreeName: 'M.Tech' }), 0, 200);
    const done = verificationInfoSchema.parse(
      expectCode(await save(c, 'bgv-degree~2', await degree(c, marksheet), 'POST'), 0, 200),
    );
    expect(done.verification).toMatchObject({ name: 'bgv-degree~2', state: 'READY_TO_SUBMIT' });

    // Employment instances are skippable like their first.
    expectCode(await add(c, 'bgv-employment'), 0, 200);
    const skipped = transactionInfoSchema.parse(
      expectCode(
        await t.request({
          method: 'POST',
          url: v1(P.markAsSkip),
          headers: c.h,
          body: { orgId: ORG, txnId: c.txnId, verificationNameList: ['bgv-employment~2'] },
        }),
        0,
        200,
      ),
    );
    expect(skipped.verificationList['bgv-employment~2']?.markedAsSkip).toBe(true);

    // Skip everything else skippable: the first degree (not skippable, not filled) still blocks the submit.
    const skippable = Object.values(skipped.verificationList)
      .filter((v) => v.skipAllowed && v.state === 'NOT_INITIALIZED' && !v.markedAsSkip)
      .map((v) => v.name);
    expectCode(
      await t.request({
        method: 'POST',
        url: v1(P.markAsSkip),
        headers: c.h,
        body: { orgId: ORG, txnId: c.txnId, verificationNameList: skippable },
      }),
      0,
      200,
    );
    const pending = await t.request({
      method: 'POST',
      url: v1(P.submit),
      headers: c.h,
      body: { orgId: ORG, txnId: c.txnId },
    });
    expect(pending.json()).toMatchObject({ code: 123 });
    expect(pending.json<{ data: { pending: string[] } }>().data.pending).toEqual(['bgv-degree', 'aadhaar']);
  });

  it('the final submit takes every degree instance to SUBMITTED', async () => {
    const c = await candidate('Nisha Jain');
    expectCode(await add(c, 'bgv-degree'), 0, 200);
    const first = await uploadDocument(t, c.h);
    const second = await uploadDocument(t, c.h);
    expectCode(await save(c, 'bgv-degree', await degree(c, first), 'POST'), 0, 200);
    expectCode(
      await save(c, 'bgv-degree~2', await degree(c, second, { degreeName: 'M.Tech' }), 'POST'),
      0,
      200,
    );
    // Aadhaar only completes by its OTP check: marked done here as that check would.
    await t.db.orm
      .update(verificationRecords)
      .set({ state: 'COMPLETED' })
      .where(and(eq(verificationRecords.txnId, c.txnId), eq(verificationRecords.name, 'aadhaar')));
    const now = await info(c);
    const skippable = Object.values(now.verificationList)
      .filter((v) => v.skipAllowed && v.state === 'NOT_INITIALIZED')
      .map((v) => v.name);
    expectCode(
      await t.request({
        method: 'POST',
        url: v1(P.markAsSkip),
        headers: c.h,
        body: { orgId: ORG, txnId: c.txnId, verificationNameList: skippable },
      }),
      0,
      200,
    );
    const submitted = transactionInfoSchema.parse(
      expectCode(
        await t.request({
          method: 'POST',
          url: v1(P.submit),
          headers: c.h,
          body: { orgId: ORG, txnId: c.txnId },
        }),
        0,
        200,
      ),
    );
    expect(submitted.state).toBe('SUBMITTED');
    expect(submitted.verificationList['bgv-degree']?.state).toBe('SUBMITTED');
    expect(submitted.verificationList['bgv-degree~2']?.state).toBe('SUBMITTED');
    // Nothing more is added or deleted once submitted.
    expect((await add(c, 'bgv-degree')).json()).toMatchObject({ code: 123 });
    expect((await remove(c, 'bgv-degree~2')).json()).toMatchObject({ code: 123 });
  });
});

describe('DELETE /bgv', () => {
  it('deletes an added instance and releases its files; clears the first one', async () => {
    const c = await candidate('Tara Das');
    expectCode(await add(c, 'bgv-degree'), 0, 200);
    const marksheet = await uploadDocument(t, c.h);
    expectCode(await save(c, 'bgv-degree~2', await degree(c, marksheet), 'POST'), 0, 200);
    const [linked] = await t.db.orm.select().from(filesTable).where(eq(filesTable.id, marksheet.fileId));
    expect(linked?.txnId).toBe(c.txnId);

    const after = transactionInfoSchema.parse(expectCode(await remove(c, 'bgv-degree~2'), 0, 200));
    expect(after.verificationList['bgv-degree~2']).toBeUndefined();
    const [released] = await t.db.orm.select().from(filesTable).where(eq(filesTable.id, marksheet.fileId));
    expect(released?.txnId).toBeNull();
    // The next one added is ~2 again (the highest number left is 1).
    expect(expectCode<AddInstanceResponse>(await add(c, 'bgv-degree'), 0, 200).name).toBe('bgv-degree~2');

    // The first degree: cleared back to NOT_INITIALIZED, its key stays.
    expectCode(await save(c, 'bgv-degree', { degreeName: 'B.A' }), 0, 200);
    const cleared = transactionInfoSchema.parse(
      expectCode(await remove(c, 'bgv-degree', '&subType=manual'), 0, 200),
    );
    expect(cleared.verificationList['bgv-degree']).toMatchObject({
      state: 'NOT_INITIALIZED',
      markedAsSkip: false,
    });
    expect((await records(c)).find((r) => r.name === 'bgv-degree')?.data).toEqual({});
    const history = transactionHistoryListSchema.parse(
      expectCode(
        await t.request({
          method: 'GET',
          url: v1(`${P.history}?formId=demo-form&orgId=${ORG}`),
          headers: c.h,
        }),
        0,
        200,
      ),
    );
    expect(history.list.map((h) => h.action)).toEqual(
      expect.arrayContaining(['add-instance', 'delete-instance', 'clear']),
    );
  });

  it('is refused in a state that forbids it, with nothing changed', async () => {
    const c = await candidate('Ira Khan');
    expectCode(await add(c, 'bgv-degree'), 0, 200);
    const marksheet = await uploadDocument(t, c.h);
    expectCode(await save(c, 'bgv-degree~2', await degree(c, marksheet), 'POST'), 0, 200);
    // The verification team has it: ops moves the record on (no candidate route does).
    // Straight to IN_PROGRESS, as the ops transitions would after a submit.
    await t.db.orm
      .update(verificationRecords)
      .set({ state: 'IN_PROGRESS' })
      .where(and(eq(verificationRecords.txnId, c.txnId), eq(verificationRecords.name, 'bgv-degree~2')));
    const before = [await records(c), await historyCount(c)];
    const refused = await remove(c, 'bgv-degree~2');
    expect(refused.json()).toMatchObject({ code: 123 });
    expect(refused.statusCode).toBe(409);
    expect([await records(c), await historyCount(c)]).toEqual(before);
    const [file] = await t.db.orm.select().from(filesTable).where(eq(filesTable.id, marksheet.fileId));
    expect(file?.txnId).toBe(c.txnId);
    // Unknown key and Aadhaar (only its OTP check writes it).
    expect((await remove(c, 'bgv-degree~9')).json()).toMatchObject({ code: 126 });
    expect((await remove(c, 'aadhaar')).json()).toMatchObject({ code: 123 });
  });
});

describe('candidate ID by institute (candidateIdSchemaByInstitute)', () => {
  it('is judged in the chosen institute format on save and submit', async () => {
    const c = await candidate('Vikram Rao');
    const wrong = await save(c, 'bgv-degree', { institute: 'anna-university', instituteId: '12345' });
    expect(wrong.json()).toMatchObject({
      code: 100,
      data: [{ path: 'data.instituteId', message: "Enter the ID in your institute's format: 999999999999" }],
    });
    expectCode(
      await save(c, 'bgv-degree', { institute: 'anna-university', instituteId: '123456789012' }),
      0,
      200,
    );
    // An institute without a format takes any ID.
    expectCode(
      await save(c, 'bgv-degree', { institute: 'banaras-hindu-university', instituteId: 'x-1' }),
      0,
      200,
    );
    // A manual institute too.
    expectCode(
      await save(c, 'bgv-degree', { institute: { manual: true, name: 'My College' }, instituteId: 'x-2' }),
      0,
      200,
    );
  });

  it('DEGREE_ONLY_NO_MARKSHEET submits without a marksheet (hidden, not required)', async () => {
    const c = await candidate('Sara Ali');
    const supporting = await uploadDocument(t, c.h);
    const body = {
      institute: 'university-of-calcutta',
      degreeName: 'B.Com',
      passingYear: '2019',
      instituteId: '012-1211-0456',
      degreeStatus: 'DEGREE_ONLY_NO_MARKSHEET',
      supportingDocuments: [{ fileId: supporting.fileId }],
    };
    expectCode(await save(c, 'bgv-degree', body, 'POST'), 0, 200);
    const without = await save(c, 'bgv-degree', { ...body, degreeStatus: 'DEGREE_AND_MARKSHEET' }, 'POST');
    expect(without.json()).toMatchObject({
      code: 100,
      data: [{ path: 'data.marksheet', message: 'Upload Education Marksheet' }],
    });
  });
});

describe('POST /files/merge', () => {
  const url = `${SERVICE_BASES.utility}${API_PATHS.files.merge}`;
  /** A PDF of `pages` pages, each `width` points wide (to tell the parts apart once merged). */
  async function pdfWithPages(pages: number, width = 595): Promise<Buffer> {
    return pdfOfSize(45_000 + pages, async (doc: PDFDocument) => {
      doc.getPage(0).setWidth(width);
      for (let i = 1; i < pages; i++) doc.addPage([width, 842]);
    });
  }
  const send = (h: Headers, parts: { name: string; data: Buffer; type?: string }[]) => {
    const body = multipart([
      { name: 'fileCategory', data: 'marksheet' },
      ...parts.map((p) => ({
        name: 'file',
        filename: p.name,
        contentType: p.type ?? 'application/pdf',
        data: p.data,
      })),
    ]);
    return t.request({ method: 'POST', url, headers: { ...body.headers, ...h }, payload: body.payload });
  };
  const fileCount = async () => (await t.db.orm.select().from(filesTable)).length;

  it('merges the PDFs in order into one stored file: pages = the sum', async () => {
    const c = await candidate('Omar Sheikh');
    const before = await fileCount();
    const merged = expectCode<FileUploadResponse>(
      await send(c.h, [
        { name: 'sem1.pdf', data: await pdfWithPages(1, 501) },
        { name: 'sem2.pdf', data: await pdfWithPages(2, 502) },
        { name: 'sem3.pdf', data: await pdfWithPages(3, 503) },
      ]),
      0,
      200,
    );
    expect(merged.mimeType).toBe('application/pdf');
    expect(merged.pageCount).toBe(6);
    expect(merged.name).toBe('marksheet-merged.pdf');
    expect(await fileCount()).toBe(before + 1);
    // Its bytes are one PDF of 6 pages, and it goes into a degree like any upload.
    const content = await t.request({
      method: 'GET',
      url: `${SERVICE_BASES.utility}${API_PATHS.files.content(merged.fileId)}`,
      headers: c.h,
    });
    const pdf = await PDFDocument.load(content.rawPayload);
    expect(pdf.getPageCount()).toBe(6);
    // In the order sent.
    expect(pdf.getPages().map((p) => Math.round(p.getWidth()))).toEqual([501, 502, 502, 503, 503, 503]);
    expectCode(await save(c, 'bgv-degree', await degree(c, merged), 'POST'), 0, 200);
  });

  it('a bad part is refused naming it, and nothing is stored', async () => {
    const c = await candidate('Leela Menon');
    const before = await fileCount();
    const png = await send(c.h, [
      { name: 'sem1.pdf', data: await pdfWithPages(1) },
      { name: 'photo.pdf', data: await pngOfSize(60_000), type: 'application/pdf' },
    ]);
    expect(png.json()).toMatchObject({
      code: 130,
      message: 'File 2 (photo.pdf): Please upload a file of type: pdf',
    });
    const broken = await send(c.h, [
      { name: 'sem1.pdf', data: await pdfWithPages(1) },
      { name: 'broken.pdf', data: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(50_000, 120)]) },
    ]);
    expect(broken.json()).toMatchObject({ code: 134, data: { part: 2, name: 'broken.pdf' } });
    expect(broken.json<{ message: string }>().message).toMatch(/^File 2 \(broken\.pdf\): /);
    const tiny = await send(c.h, [{ name: 'tiny.pdf', data: Buffer.from('%PDF-1.7\n%%EOF\n') }]);
    expect(tiny.json()).toMatchObject({
      code: 129,
      message: 'File 1 (tiny.pdf): File size should be more than 40 KB',
    });
    expect(await fileCount()).toBe(before);
  });
});
