import {
  API_PATHS,
  SERVICE_BASES,
  lookupFills,
  pincodeResultSchema,
  transactionInfoSchema,
  verificationInfoSchema,
  type FieldRule,
  type VerificationInfo,
} from '@veridocs/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ekycForms } from '../../db/schema/index.js';
import { DEMO_VERIFICATION_CONFIGS } from '../../db/seed-data/verification-configs.js';
import { disabledReadCache } from '../../lib/read-cache.js';
import { bearer, createTestApp, expectCode, signUp, type TestApp } from '../../test/test-app.js';
import { uploadDocument } from '../../test/uploads.js';
import { createTransactionsRepository } from './transactions-repository.js';
import { consentTo } from '../../test/consent.js';

/**
 * Issue 12: the address verification (pincode look-up, spec §3 "Address", §5 messages) and the EWS
 * certificate (spec §5: enabled states only), through the API as a candidate uses them.
 */
const v1 = (path: string) => `${SERVICE_BASES.verificationV1}${path}`;
const P = API_PATHS.verification;
const ORG = 'demo-university';
/** A form of the demo organisation asking for address and EWS only (no minimum set: no education). */
const FORM = 'address-ews-form';
type Headers = Record<string, string>;
type Issue = { path: string; message: string };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { OCR_WORKER: 'off' } });
  const [demo] = await t.db.orm.select().from(ekycForms).where(eq(ekycForms.id, 'demo-form'));
  await t.db.orm.insert(ekycForms).values({
    ...demo!,
    id: FORM,
    name: 'Address and EWS',
    questionnaireRequired: false,
    verifications: demo!.verifications.filter((v) => v.name === 'bgv-address' || v.name === 'bgv-ews'),
  });
});
afterAll(() => t?.close());

interface Candidate {
  h: Headers;
  txnId: string;
}

async function candidate(name = 'Asha Verma'): Promise<Candidate> {
  const h = bearer((await signUp(t, undefined, name)).accessToken);
  const created = expectCode<{ transactionId: string }>(
    await t.request({
      method: 'POST',
      url: v1(P.transactions),
      headers: h,
      body: { orgId: ORG, eKycFormId: FORM },
    }),
    0,
    200,
  );
  await consentTo(t, h, { orgId: ORG, txnId: created.transactionId });
  return { h, txnId: created.transactionId };
}

const save = (c: Candidate, name: string, data: unknown, method: 'PUT' | 'POST' = 'PUT') =>
  t.request({
    method,
    url: v1(P.bgv),
    headers: c.h,
    body: { orgId: ORG, txnId: c.txnId, verificationName: name, data },
  });

async function typeInfo(c: Candidate, name: string): Promise<VerificationInfo> {
  const res = await t.request({
    method: 'GET',
    url: v1(`${P.typeInfo(name)}?orgId=${ORG}&txnId=${c.txnId}`),
    headers: c.h,
  });
  return verificationInfoSchema.parse(expectCode(res, 0, 200));
}

/** The record and transaction as stored (past every cache), and the count of audit rows. */
async function stored(c: Candidate, name: string) {
  const snap = await createTransactionsRepository(t.db.orm, disabledReadCache()).snapshot(c.txnId);
  const record = snap!.records.find((r) => r.name === name)!;
  const audit = await t.db.orm.execute(
    sql`select count(*)::int as n from state_changes where txn_id = ${c.txnId}`,
  );
  const rows = (audit as { rows: { n: number }[] }).rows;
  return {
    state: record.state,
    data: record.data,
    markedAsSkip: record.markedAsSkip,
    updatedAt: record.updatedAt.toISOString(),
    txn: snap!.txn.state,
    audit: rows[0]!.n,
  };
}

/** A refused body: VALIDATION_FAILED by field, and nothing changed. */
async function refused(c: Candidate, name: string, data: unknown, method: 'PUT' | 'POST' = 'PUT') {
  const before = await stored(c, name);
  const issues = expectCode<Issue[]>(await save(c, name, data, method), 100, 400);
  expect(await stored(c, name)).toEqual(before);
  return Object.fromEntries(issues.map((i) => [i.path, i.message]));
}

const inputsOf = (name: string): FieldRule[] =>
  DEMO_VERIFICATION_CONFIGS.find((c) => c.name === name)!.authOptions[0]!.page.config.flatMap(
    (s) => s.inputs,
  );

const ADDRESS = {
  pincode: '600002',
  line1: '12, Anna Salai',
  vtc: 'Chennai',
  district: 'Chennai',
  state: 'Tamil Nadu',
  proofType: 'UTILITY_BILL',
};

describe('address verification (bgv-address)', () => {
  it('is in the form with category Address; the info names its config with the pincode look-up', async () => {
    const c = await candidate();
    const txn = transactionInfoSchema.parse(
      expectCode(
        await t.request({ method: 'GET', url: v1(`${P.info}?orgId=${ORG}&txnId=${c.txnId}`), headers: c.h }),
        0,
        200,
      ),
    );
    expect(txn.verificationList['bgv-address']).toMatchObject({
      label: 'Address',
      category: { name: 'Address' },
      skipAllowed: true,
      state: 'NOT_INITIALIZED',
    });
    expect(txn.verificationList['bgv-ews']).toMatchObject({
      label: 'EWS certificate',
      category: { name: 'Finance' },
    });
    const info = await typeInfo(c, 'bgv-address');
    const pincode = info.config.authOptions[0]!.page.config[0]!.inputs.find((i) => i.fieldName === 'pincode');
    expect(pincode).toMatchObject({ lookup: 'PINCODE', maxLength: 6, textType: 'number' });
  });

  // The real India Post directory (its spelling of states must match the option set): loading it takes
  // a few seconds, longer on a busy machine.
  it(
    'a pincode looked up fills district and a state the config accepts; save, update and submit',
    { timeout: 120_000 },
    async () => {
      const c = await candidate('Rohan Iyer');
      const found = pincodeResultSchema.parse(
        expectCode(
          await t.request({
            method: 'GET',
            url: `${SERVICE_BASES.utility}${API_PATHS.utility.pincode('600002')}`,
            headers: c.h,
          }),
          0,
          200,
        ),
      );
      const filled = lookupFills('PINCODE', found, inputsOf('bgv-address'), {});
      expect(filled).toMatchObject({ district: 'Chennai', state: 'Tamil Nadu' });

      // Saved as typed, partially (DATA_SAVED), then updated.
      const first = expectCode<VerificationInfo>(
        await save(c, 'bgv-address', { pincode: '600002', ...filled }),
        0,
        200,
      );
      expect(first.verification.state).toBe('DATA_SAVED');
      expect(first.data).toMatchObject({ pincode: '600002', district: 'Chennai', state: 'Tamil Nadu' });
      const updated = expectCode<VerificationInfo>(
        await save(c, 'bgv-address', { ...ADDRESS, landmark: '  Near Spencer Plaza ' }),
        0,
        200,
      );
      expect(updated.data).toMatchObject({ landmark: 'Near Spencer Plaza', candidateName: 'Rohan Iyer' });

      // The proof of address is an upload checked like any other.
      const proof = await uploadDocument(t, c.h);
      const submitted = expectCode<VerificationInfo>(
        await save(
          c,
          'bgv-address',
          { ...ADDRESS, proofOfAddress: [{ fileId: proof.fileId, state: 'X' }] },
          'POST',
        ),
        0,
        200,
      );
      expect(submitted.verification.state).toBe('READY_TO_SUBMIT');
      expect(submitted.data.proofOfAddress).toEqual([
        expect.objectContaining({ fileId: proof.fileId, state: 'COMPLETED' }),
      ]);
      const saved = await stored(c, 'bgv-address');
      expect(saved.data).toEqual({
        candidateName: 'Rohan Iyer',
        ...ADDRESS,
        proofOfAddress: [{ fileId: proof.fileId }],
      });
    },
  );

  it('every spec message on an empty submit, nothing changed', async () => {
    const c = await candidate();
    expect(await refused(c, 'bgv-address', {}, 'POST')).toEqual({
      'data.pincode': 'Pincode must not be empty',
      'data.line1': 'Line 1 must not be empty',
      'data.vtc': 'VTC must not be empty',
      'data.district': 'District must not be empty',
      'data.state': 'State must not be empty',
      'data.proofType': 'Required',
      'data.proofOfAddress': 'Required',
    });
    // Blank text is empty too.
    expect(
      await refused(c, 'bgv-address', { ...ADDRESS, line1: '   ', vtc: ' ', district: '' }, 'POST'),
    ).toMatchObject({
      'data.line1': 'Line 1 must not be empty',
      'data.vtc': 'VTC must not be empty',
      'data.district': 'District must not be empty',
    });
    expect((await stored(c, 'bgv-address')).state).toBe('NOT_INITIALIZED');
  });

  it('bad values are refused on save and submit alike: digits, lengths, states, files, unknown keys', async () => {
    const c = await candidate();
    const long = 'x'.repeat(121);
    for (const method of ['PUT', 'POST'] as const) {
      expect(await refused(c, 'bgv-address', { pincode: '56001' }, method)).toMatchObject({
        'data.pincode': 'Pincode must be 6 digits',
      });
      expect(await refused(c, 'bgv-address', { pincode: '56000A' }, method)).toMatchObject({
        'data.pincode': 'Pincode must be 6 digits',
      });
      expect(await refused(c, 'bgv-address', { pincode: '5600011' }, method)).toMatchObject({
        'data.pincode': 'Pincode must be at most 6 characters',
      });
      expect(
        await refused(c, 'bgv-address', { line1: long, landmark: long, vtc: long, district: long }, method),
      ).toMatchObject({
        'data.line1': 'Line 1 (house, street) must be at most 120 characters',
        'data.landmark': 'Landmark must be at most 120 characters',
        'data.vtc': 'Village / town / city must be at most 120 characters',
        'data.district': 'District must be at most 120 characters',
      });
      // District and state are the candidate's (a look-up only suggests them): judged by their rules.
      expect(await refused(c, 'bgv-address', { state: 'Atlantis' }, method)).toMatchObject({
        'data.state': 'Choose one of the options',
      });
      expect(await refused(c, 'bgv-address', { state: 'TN' }, method)).toMatchObject({
        'data.state': 'Choose one of the options',
      });
      expect(await refused(c, 'bgv-address', { district: { name: 'Chennai' } }, method)).toMatchObject({
        'data.district': 'Enter text',
      });
      expect(await refused(c, 'bgv-address', { proofType: 'SELFIE' }, method)).toMatchObject({
        'data.proofType': 'Choose one of the options',
      });
      expect(
        await refused(c, 'bgv-address', { proofOfAddress: 'https://evil.example/x.pdf' }, method),
      ).toMatchObject({
        'data.proofOfAddress': 'Upload the file first; a file field holds uploaded files only',
      });
      expect(await refused(c, 'bgv-address', { ...ADDRESS, verified: true }, method)).toMatchObject({
        'data.verified': 'This form has no such field',
      });
      expect(await refused(c, 'bgv-address', { candidateName: 'Someone Else' }, method)).toMatchObject({
        'data.candidateName':
          'Name as on the proof of address is filled from your profile and cannot be changed',
      });
    }
    // The spec's hidden fields are the config's: bounded like any other.
    expect(await refused(c, 'bgv-address', { country: 'I'.repeat(61) })).toEqual({
      'data.country': 'Country must be at most 60 characters',
    });
    expectCode(await save(c, 'bgv-address', { country: 'India', careOf: 'S/O Ravi' }), 0, 200);
  });

  it('skip where allowed; a save clears the mark', async () => {
    const c = await candidate();
    const skip = (names: string[]) =>
      t.request({
        method: 'POST',
        url: v1(P.markAsSkip),
        headers: c.h,
        body: { orgId: ORG, txnId: c.txnId, verificationNameList: names },
      });
    expectCode(await skip(['bgv-address', 'bgv-ews']), 0, 200);
    expect(await stored(c, 'bgv-address')).toMatchObject({ markedAsSkip: true, state: 'NOT_INITIALIZED' });
    expectCode(await save(c, 'bgv-address', { pincode: '600002' }), 0, 200);
    expect(await stored(c, 'bgv-address')).toMatchObject({ markedAsSkip: false, state: 'DATA_SAVED' });
  });
});

const EWS = {
  state: 'HR',
  certificateNumber: 'EWS/2025/HR/004512',
  issuingAuthority: 'Tehsildar, Gurugram',
  issueDate: '2025-04-10',
};

describe('EWS certificate (bgv-ews)', () => {
  it('lists every state, the enabled ones selectable and the others "(Coming Soon)"; values are codes', async () => {
    const c = await candidate();
    const info = await typeInfo(c, 'bgv-ews');
    const state = info.config.authOptions[0]!.page.config[0]!.inputs.find((i) => i.fieldName === 'state')!;
    expect(state).toMatchObject({
      inputType: 'select',
      optionsKey: 'EWS_VERIFICATION_STATES',
      required: true,
    });
  });

  it('save, update and submit with an enabled state and the certificate', async () => {
    const c = await candidate('Asha Verma');
    expectCode(await save(c, 'bgv-ews', { state: 'DL' }), 0, 200);
    expectCode(await save(c, 'bgv-ews', { ...EWS, certificateNumber: ' ews-22-0001 ' }), 0, 200);
    expect((await stored(c, 'bgv-ews')).data).toMatchObject({
      state: 'HR',
      certificateNumber: 'ews-22-0001',
    });
    const file = await uploadDocument(t, c.h);
    const done = expectCode<VerificationInfo>(
      await save(c, 'bgv-ews', { ...EWS, ewsCertificate: [{ fileId: file.fileId }] }, 'POST'),
      0,
      200,
    );
    expect(done.verification.state).toBe('READY_TO_SUBMIT');
    expect(done.data).toMatchObject({ ...EWS, candidateName: 'Asha Verma' });
  });

  it('refuses a disabled ("Coming Soon") state, a state name and a future issue date; nothing changed', async () => {
    const c = await candidate();
    expectCode(await save(c, 'bgv-ews', { state: 'KL' }), 0, 200);
    for (const method of ['PUT', 'POST'] as const) {
      for (const code of ['UP', 'GA', 'MH', 'WB'])
        expect(await refused(c, 'bgv-ews', { ...EWS, state: code }, method)).toMatchObject({
          'data.state': 'This option cannot be chosen yet',
        });
      expect(await refused(c, 'bgv-ews', { ...EWS, state: 'Haryana' }, method)).toMatchObject({
        'data.state': 'Choose one of the options',
      });
      expect(await refused(c, 'bgv-ews', { ...EWS, issueDate: '2099-01-01' }, method)).toMatchObject({
        'data.issueDate': 'Date cannot be in the future',
      });
      expect(await refused(c, 'bgv-ews', { ...EWS, certificateNumber: '<b>1</b>' }, method)).toMatchObject({
        'data.certificateNumber': 'Enter the certificate number as printed (letters, digits, / and -)',
      });
      expect(
        await refused(c, 'bgv-ews', { ...EWS, issuingAuthority: 'x'.repeat(151) }, method),
      ).toMatchObject({
        'data.issuingAuthority': 'Issuing authority must be at most 150 characters',
      });
    }
    // A submit carries the whole form (what was saved before is not merged in).
    expect(await refused(c, 'bgv-ews', {}, 'POST')).toEqual({
      'data.state': 'Required',
      'data.certificateNumber': 'Required',
      'data.issuingAuthority': 'Required',
      'data.issueDate': 'Required',
      'data.ewsCertificate': 'Required',
    });
    expect((await stored(c, 'bgv-ews')).data).toMatchObject({ state: 'KL' });
  });
});

describe('a change in a state that forbids it', () => {
  it('after the final submit: save, submit and skip are refused (123) and nothing changes', async () => {
    const c = await candidate();
    const proof = await uploadDocument(t, c.h);
    expectCode(
      await save(c, 'bgv-address', { ...ADDRESS, proofOfAddress: [{ fileId: proof.fileId }] }, 'POST'),
      0,
      200,
    );
    const certificate = await uploadDocument(t, c.h);
    expectCode(
      await save(c, 'bgv-ews', { ...EWS, ewsCertificate: [{ fileId: certificate.fileId }] }, 'POST'),
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
    expect(submitted.verificationList['bgv-address']!.state).toBe('SUBMITTED');

    for (const name of ['bgv-address', 'bgv-ews']) {
      const before = await stored(c, name);
      expectCode(
        await save(c, name, name === 'bgv-address' ? { ...ADDRESS, line1: 'Elsewhere' } : EWS),
        123,
        409,
      );
      expectCode(await save(c, name, {}, 'POST'), 123, 409);
      expectCode(
        await t.request({
          method: 'POST',
          url: v1(P.markAsSkip),
          headers: c.h,
          body: { orgId: ORG, txnId: c.txnId, verificationNameList: [name] },
        }),
        123,
        409,
      );
      expect(await stored(c, name)).toEqual(before);
    }
    // Still shown read-only, as submitted (the /verification-info screen).
    const shown = await typeInfo(c, 'bgv-address');
    expect(shown.verification.state).toBe('SUBMITTED');
    expect(shown.data).toMatchObject({ ...ADDRESS, candidateName: 'Asha Verma' });
    const ews = await typeInfo(c, 'bgv-ews');
    expect(ews.data).toMatchObject(EWS);
  });
});
