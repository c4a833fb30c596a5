import { readFileSync } from 'node:fs';
import {
  API_PATHS,
  buildTd3,
  passportScanResponseSchema,
  SERVICE_BASES,
  type FileUploadResponse,
  type PassportFields,
  type VerificationInfo,
} from '@veridocs/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, expectCode, signUp, type TestApp } from '../../test/test-app.js';
import { uploadDocument } from '../../test/uploads.js';
import { multipart } from '../files/test-files.js';
import { consentTo } from '../../test/consent.js';

/**
 * Passport by scan (issue 11): the photo goes through POST /files (its checks), the MRZ is read in the check
 * processes (the real pool and tesseract), and the fields the candidate confirms are judged again.
 */
const v1 = (path: string) => `${SERVICE_BASES.verificationV1}${path}`;
const P = API_PATHS.verification;
const ORG = 'demo-university';
const SAMPLE = new URL('../../../../../docs/samples/passport/', import.meta.url);
const FIELDS: PassportFields = {
  surname: 'KAPOOR',
  givenNames: 'ASHA MEERA',
  passportNumber: 'Z1234567',
  nationality: 'IND',
  issuingState: 'IND',
  dateOfBirth: '1996-08-21',
  sex: 'F',
  dateOfExpiry: '2034-05-14',
};
type Headers = Record<string, string>;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { OCR_WORKER: 'off' } });
});
afterAll(() => t?.close());

async function candidate(): Promise<{ h: Headers; txnId: string }> {
  const h = bearer((await signUp(t, undefined, 'Asha Kapoor')).accessToken);
  const created = expectCode<{ transactionId: string }>(
    await t.request({
      method: 'POST',
      url: v1(P.transactions),
      headers: h,
      body: { orgId: ORG, eKycFormId: 'demo-form' },
    }),
    0,
    200,
  );
  const txnId = created.transactionId;
  await consentTo(t, h, { orgId: ORG, txnId });
  // The demo form asks its questions before anything is saved.
  const answers = [
    { questionId: 'demo-q-purpose', answer: 'EMPLOYMENT' },
    { questionId: 'demo-q-source', answer: 'EMPLOYER' },
  ];
  expectCode(
    await t.request({
      method: 'PATCH',
      url: v1(P.userResponse),
      headers: h,
      body: { orgId: ORG, txnId, data: answers },
    }),
    0,
    200,
  );
  return { h, txnId };
}

async function upload(h: Headers, data: Buffer, name = 'passport.jpg', contentType = 'image/jpeg') {
  const body = multipart([{ name: 'file', filename: name, contentType, data }]);
  const res = await t.request({
    method: 'POST',
    url: `${SERVICE_BASES.utility}${API_PATHS.files.upload}`,
    headers: { ...body.headers, ...h },
    payload: body.payload,
  });
  return expectCode<FileUploadResponse>(res, 0, 200);
}

const scan = (c: { h: Headers; txnId: string }, fileId: string) =>
  t.request({
    method: 'POST',
    url: v1(P.passportScan),
    headers: c.h,
    body: { type: 'passport', orgId: ORG, txnId: c.txnId, fileId },
  });
const confirm = (c: { h: Headers; txnId: string }, fileId: string, fields: PassportFields) =>
  t.request({
    method: 'POST',
    url: v1(P.updateIdentification),
    headers: c.h,
    body: { type: 'passport', orgId: ORG, txnId: c.txnId, fileId, fields },
  });

describe('passport by scan', () => {
  it('reads the sample passport photo (at an angle) and saves the confirmed fields', async () => {
    const c = await candidate();
    const file = await upload(c.h, readFileSync(new URL('sample-passport-angled.jpg', SAMPLE)));
    const read = passportScanResponseSchema.parse(expectCode(await scan(c, file.fileId), 0, 200));
    expect(read).toMatchObject({ status: 'READ', fields: FIELDS, message: null });

    const saved = expectCode<VerificationInfo>(await confirm(c, file.fileId, FIELDS), 0, 200);
    expect(saved.data).toMatchObject({
      passportNumber: 'Z1234567',
      surname: 'KAPOOR',
      dateOfBirth: '1996-08-21',
      dateOfExpiry: '2034-05-14',
      passportDocument: [expect.objectContaining({ fileId: file.fileId })],
    });
  }, 60_000);

  it('says why an expired passport cannot be used, with the fields read', async () => {
    const c = await candidate();
    // A page whose MRZ is right but whose expiry has passed (drawn here: the sample page, another MRZ).
    const [l1, l2] = buildTd3({ ...FIELDS, dateOfExpiry: '2020-01-31' });
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1800" height="500"><rect width="1800" height="500" fill="#fff"/>
      <text x="70" y="250" font-family="DejaVu Sans Mono" font-size="62">${l1.replace(/</g, '&lt;')}</text>
      <text x="70" y="360" font-family="DejaVu Sans Mono" font-size="62">${l2.replace(/</g, '&lt;')}</text></svg>`;
    const photo = await sharp(Buffer.from(svg))
      .extend({ top: 700, background: '#f3efe4' })
      .jpeg({ quality: 92 })
      .toBuffer();
    const file = await upload(c.h, photo);
    const read = passportScanResponseSchema.parse(expectCode(await scan(c, file.fileId), 0, 200));
    expect(read).toMatchObject({
      status: 'EXPIRED',
      message: 'This passport has expired',
      fields: { dateOfExpiry: '2020-01-31' },
    });
  }, 60_000);

  it('never trusts the confirmed fields: expired, under 18, bad number are refused and nothing is saved', async () => {
    const c = await candidate();
    const file = await upload(c.h, readFileSync(new URL('sample-passport.jpg', SAMPLE)));
    for (const [fields, path, message] of [
      [{ ...FIELDS, dateOfExpiry: '2021-01-01' }, 'fields.dateOfExpiry', 'This passport has expired'],
      // A typed date of birth is the candidate's word: a field to correct, never the minors' refusal.
      [{ ...FIELDS, dateOfBirth: '2015-01-01' }, 'fields.dateOfBirth', 'You must be at least 18 years old'],
      [
        { ...FIELDS, passportNumber: 'Z1' },
        'fields.passportNumber',
        expect.stringMatching(/passport number/),
      ],
    ] as const) {
      const res = await confirm(c, file.fileId, fields);
      const body = expectCode<unknown>(res, 100, 400);
      expect(body).toEqual([{ path, message }]);
    }
    const info = expectCode<VerificationInfo>(
      await t.request({
        method: 'GET',
        url: v1(`${P.typeInfo('passport')}?orgId=${ORG}&txnId=${c.txnId}`),
        headers: c.h,
      }),
      0,
      200,
    );
    expect(info.data).not.toHaveProperty('passportNumber');
  }, 60_000);

  it("reads only the candidate's own file, and only a photo", async () => {
    const c = await candidate();
    const other = await candidate();
    const file = await upload(c.h, readFileSync(new URL('sample-passport.jpg', SAMPLE)));
    // Another candidate's file id is unknown to them (the same answer as an id that does not exist).
    expectCode(await scan(other, file.fileId), 133, 404);
    const pdf = await uploadDocument(t, c.h, 'pdf');
    const res = expectCode<unknown>(await scan(c, pdf.fileId), 100, 400);
    expect(res).toEqual([{ path: 'fileId', message: 'Upload a photo (JPEG or PNG) of the data page' }]);
  }, 60_000);
});
