import {
  API_PATHS,
  SERVICE_BASES,
  transactionHistoryListSchema,
  verificationInfoSchema,
  type FileUploadResponse,
  type State,
  type VerificationInfo,
} from '@veridocs/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ekycForms } from '../../db/schema/index.js';
import { disabledReadCache } from '../../lib/read-cache.js';
import { bearer, createTestApp, expectCode, signUp, type TestApp } from '../../test/test-app.js';
import { uploadDocument } from '../../test/uploads.js';
import { createFilesRepository } from '../files/files-repository.js';
import { createFilesService } from '../files/files-service.js';
import { createFormsRepository } from '../forms/forms-repository.js';
import { createFormsService } from '../forms/forms-service.js';
import { createTransactionsRepository } from './transactions-repository.js';
import { createTransactionsService } from './transactions-service.js';
import { consentTo } from '../../test/consent.js';

/**
 * Issue 9 §1: the server judges the form data a candidate saves (PUT /bgv) and submits (POST /bgv)
 * against the verification's config, and owns the files' verdicts. Each attack of the issue is here.
 */
const v1 = (path: string) => `${SERVICE_BASES.verificationV1}${path}`;
const P = API_PATHS.verification;
const ORG = 'demo-university';
const SECOND_FORM = 'second-form';
type Headers = Record<string, string>;
type Issue = { path: string; message: string };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { OCR_WORKER: 'off' } });
  // A second live form of the organisation, so one candidate can hold two transactions.
  const [demo] = await t.db.orm.select().from(ekycForms).where(eq(ekycForms.id, 'demo-form'));
  await t.db.orm
    .insert(ekycForms)
    .values({ ...demo!, id: SECOND_FORM, name: 'Second form', questionnaireRequired: false });
});
afterAll(() => t?.close());

const send = (method: 'PUT' | 'POST', body: unknown, h: Headers) =>
  t.request({ method, url: v1(P.bgv), body: body as object, headers: h });
const get = (url: string, h: Headers) => t.request({ method: 'GET', url, headers: h });

interface Candidate {
  h: Headers;
  txnId: string;
}

/** A signed-up candidate with a started transaction on `formId`. */
async function candidate(name: string, formId = 'demo-form', h?: Headers): Promise<Candidate> {
  const headers = h ?? bearer((await signUp(t, undefined, name)).accessToken);
  const created = expectCode<{ transactionId: string }>(
    await t.request({
      method: 'POST',
      url: v1(P.transactions),
      headers,
      body: { orgId: ORG, eKycFormId: formId },
    }),
    0,
    200,
  );
  const txnId = created.transactionId;
  await consentTo(t, headers, { orgId: ORG, txnId });
  if (formId === 'demo-form') {
    const answers = [
      { questionId: 'demo-q-purpose', answer: 'EMPLOYMENT' },
      { questionId: 'demo-q-source', answer: 'EMPLOYER' },
    ];
    expectCode(
      await t.request({
        method: 'PATCH',
        url: v1(P.userResponse),
        headers,
        body: { orgId: ORG, txnId, data: answers },
      }),
      0,
      200,
    );
  }
  return { h: headers, txnId };
}

const save = (c: Candidate, verificationName: string, data: unknown, method: 'PUT' | 'POST' = 'PUT') =>
  send(method, { orgId: ORG, txnId: c.txnId, verificationName, data }, c.h);

async function typeInfo(c: Candidate, name: string): Promise<VerificationInfo> {
  return verificationInfoSchema.parse(
    expectCode(await get(v1(`${P.typeInfo(name)}?orgId=${ORG}&txnId=${c.txnId}`), c.h), 0, 200),
  );
}

/** What is stored for the verification, read past every cache (not what the API shows). */
async function stored(c: Candidate, name: string) {
  const snap = await createTransactionsRepository(t.db.orm, disabledReadCache()).snapshot(c.txnId);
  const record = snap!.records.find((r) => r.name === name)!;
  return {
    state: record.state,
    data: record.data,
    updatedAt: record.updatedAt.toISOString(),
    txn: snap!.txn.state,
  };
}

async function historyCount(c: Candidate): Promise<number> {
  const res = await get(v1(`${P.history}?formId=demo-form&orgId=${ORG}`), c.h);
  return transactionHistoryListSchema.parse(expectCode(res, 0, 200)).total;
}

/** Sends a refused body and checks the answer names the field, and that nothing changed. */
async function refused(c: Candidate, name: string, data: unknown, method: 'PUT' | 'POST' = 'PUT') {
  const [before, changes] = [await stored(c, name), await historyCount(c)];
  const issues = expectCode<Issue[]>(await save(c, name, data, method), 100, 400);
  expect(await stored(c, name)).toEqual(before);
  expect(await historyCount(c)).toBe(changes);
  return Object.fromEntries(issues.map((i) => [i.path, i.message]));
}

describe('the attack of issue 9: Bob submits Alice’s file under another name', () => {
  let alice: Candidate;
  let bob: Candidate;
  let alicesFile: FileUploadResponse;
  beforeAll(async () => {
    alice = await candidate('Alice Verma');
    bob = await candidate('Bob Shah');
    alicesFile = await uploadDocument(t, alice.h);
  });

  const attack = () => ({
    licenceNumber: 'MH12 20110012345',
    candidateName: 'Mallory Imposter',
    dateOfBirth: '1990-02-03',
    state: 'Maharashtra',
    licenceDocument: [{ fileId: alicesFile.fileId, state: 'COMPLETED', issues: [] }],
    status: 'COMPLETED',
    price: 0,
    paymentRequired: false,
  });

  it('is refused on submit and on save, naming each field, and changes nothing', async () => {
    for (const method of ['POST', 'PUT'] as const) {
      expect(await refused(bob, 'dl', attack(), method)).toEqual({
        'data.candidateName': 'Name as on licence is filled from your profile and cannot be changed',
        'data.licenceDocument': 'This file does not exist',
        'data.status': 'This form has no such field',
        'data.price': 'This form has no such field',
        'data.paymentRequired': 'This form has no such field',
      });
    }
    const after = await stored(bob, 'dl');
    expect(after).toMatchObject({ state: 'NOT_INITIALIZED', data: {}, txn: 'NOT_INITIALIZED' });
  });

  it('a date of birth under 18 years ago is refused on a typed passport or licence, also on save', async () => {
    // Today less 18 years, plus two days: not yet 18 anywhere (the server judges by the latest calendar).
    const [y, m, d] = t.clock.now().toISOString().slice(0, 10).split('-').map<number>(Number);
    const justUnder = new Date(Date.UTC(y! - 18, m! - 1, d! + 2)).toISOString().slice(0, 10);
    for (const name of ['passport', 'dl'])
      for (const method of ['POST', 'PUT'] as const)
        expect(await refused(bob, name, { dateOfBirth: justUnder }, method)).toMatchObject({
          'data.dateOfBirth': 'You must be at least 18 years old',
        });
    expect(await stored(bob, 'passport')).toMatchObject({ state: 'NOT_INITIALIZED', data: {} });
  });

  it('each part alone is refused too', async () => {
    expect(await refused(bob, 'dl', { licenceDocument: [{ fileId: alicesFile.fileId }] })).toEqual({
      'data.licenceDocument': 'This file does not exist',
    });
    expect(await refused(bob, 'dl', { candidateName: 'Mallory Imposter' })).toEqual({
      'data.candidateName': 'Name as on licence is filled from your profile and cannot be changed',
    });
    expect(await refused(bob, 'dl', { licenceNumber: 'MH12 20110012345', status: 'COMPLETED' })).toEqual({
      'data.status': 'This form has no such field',
    });
    // Alice's file is untouched: she can still use it in her own request.
    const hers = expectCode<{ data: { licenceDocument: { fileId: string }[] } }>(
      await save(alice, 'dl', { licenceDocument: [{ fileId: alicesFile.fileId }] }),
      0,
      200,
    );
    expect(hers.data.licenceDocument[0]!.fileId).toBe(alicesFile.fileId);
  });

  it('refuses passingYear "1066", degreeStatus "NOT_AN_OPTION" and marksheet "javascript:alert(1)", also on save', async () => {
    expectCode(await save(bob, 'bgv-degree', { degreeName: 'B.Sc' }), 0, 200);
    for (const method of ['PUT', 'POST'] as const) {
      expect(
        await refused(bob, 'bgv-degree', { degreeName: 'B.Sc', passingYear: '1066' }, method),
      ).toMatchObject({
        'data.passingYear': 'Choose one of the options',
      });
      expect(
        await refused(bob, 'bgv-degree', { degreeName: 'B.Sc', degreeStatus: 'NOT_AN_OPTION' }, method),
      ).toMatchObject({ 'data.degreeStatus': 'Choose one of the options' });
      expect(
        await refused(bob, 'bgv-degree', { degreeName: 'B.Sc', marksheet: 'javascript:alert(1)' }, method),
      ).toMatchObject({ 'data.marksheet': 'Upload the file first; a file field holds uploaded files only' });
    }
    expect((await stored(bob, 'bgv-degree')).data).toEqual({ candidateName: 'Bob Shah', degreeName: 'B.Sc' });
  });
});

describe('files in saved data', () => {
  it('stores file ids only; the verdict shown is the files table’s, never the client’s', async () => {
    const c = await candidate('Asha Rao');
    const scan = await uploadDocument(t, c.h, 'png');
    expect(scan.state).toBe('WARNING');
    const forged = { ...scan, state: 'COMPLETED', issues: [] };
    const answer = verificationInfoSchema.parse(
      expectCode(
        await save(c, 'dl', { licenceNumber: 'MH12 20110012345', licenceDocument: [forged] }),
        0,
        200,
      ),
    );
    const shown = (answer.data.licenceDocument as FileUploadResponse[])[0]!;
    expect(shown).toMatchObject({
      fileId: scan.fileId,
      state: 'WARNING',
      name: 'scan.png',
      fileUrl: scan.fileUrl,
    });
    expect(shown.issues.map((i) => i.code)).toEqual(scan.issues.map((i) => i.code));
    expect((await typeInfo(c, 'dl')).data.licenceDocument).toEqual(answer.data.licenceDocument);
    expect((await stored(c, 'dl')).data).toEqual({
      candidateName: 'Asha Rao',
      licenceNumber: 'MH12 20110012345',
      licenceDocument: [{ fileId: scan.fileId }],
    });
  });

  it('a file used in one transaction cannot be attached to another; a refused save links nothing', async () => {
    const first = await candidate('Ravi Kumar');
    const second = await candidate('Ravi Kumar', SECOND_FORM, first.h);
    const used = await uploadDocument(t, first.h);
    const fresh = await uploadDocument(t, first.h);
    expectCode(await save(first, 'dl', { licenceDocument: [{ fileId: used.fileId }] }), 0, 200);
    // Another verification of the same transaction may use it.
    expectCode(await save(first, 'passport', { passportDocument: [{ fileId: used.fileId }] }), 0, 200);

    const taken = await save(second, 'dl', { licenceDocument: [{ fileId: used.fileId }] }, 'PUT');
    expect(expectCode<Issue[]>(taken, 100, 400)).toEqual([
      {
        path: 'data.licenceDocument',
        message: 'This file is part of another verification request; upload it again here',
      },
    ]);
    // Refused for another field: the fresh file is not linked to the first transaction...
    const bad = await save(first, 'dl', {
      licenceDocument: [{ fileId: fresh.fileId }],
      licenceNumber: '12',
    });
    expectCode(bad, 100, 400);
    // ...so the second transaction can still take it.
    expectCode(await save(second, 'dl', { licenceDocument: [{ fileId: fresh.fileId }] }), 0, 200);
  });

  it('two requests racing for one file: exactly one transaction gets it', async () => {
    const first = await candidate('Nisha Pal');
    const second = await candidate('Nisha Pal', SECOND_FORM, first.h);
    const file = await uploadDocument(t, first.h);
    const data = { licenceDocument: [{ fileId: file.fileId }] };
    const answers = await Promise.all([save(first, 'dl', data), save(second, 'dl', data)]);
    expect(answers.map((r) => r.json().code).sort()).toEqual([0, 100]);
    const loser = answers.find((r) => r.json().code === 100)!;
    expect(loser.json().data).toEqual([
      { path: 'data.licenceDocument', message: expect.stringMatching(/another/) },
    ]);
    const saved = await Promise.all([stored(first, 'dl'), stored(second, 'dl')]);
    expect(saved.filter((s) => s.state === 'DATA_SAVED')).toHaveLength(1);
  });

  it('refuses a file of a type the field does not take', async () => {
    const c = await candidate('Asha Rao');
    const scan = await uploadDocument(t, c.h, 'png');
    expect(await refused(c, 'bgv-degree', { marksheet: { fileId: scan.fileId } })).toEqual({
      'data.marksheet': 'Please upload a file of type: pdf',
    });
  });
});

describe('a save that fails after another save of the transaction stored the same file', () => {
  /**
   * Save A (dl) uses file F; while A is under way, save B (passport) of the same transaction
   * stores F too; then A's record write fails. F must stay linked: B's record uses it, and another
   * transaction must not be able to take it. (Before, A linked F first and its failure unlinked it.)
   */
  it('leaves the file linked to the transaction', async () => {
    const c = await candidate('Tara Sen');
    const other = await candidate('Tara Sen', SECOND_FORM, c.h);
    const file = await uploadDocument(t, c.h);
    const token = c.h.authorization!.replace(/^Bearer /, '');
    const profileId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;

    const real = createTransactionsRepository(t.db.orm, disabledReadCache());
    let interleave: (() => Promise<unknown>) | null = null;
    const repo: typeof real = {
      ...real,
      write: async (txnId, fn) => {
        const during = interleave;
        if (!during) return real.write(txnId, fn);
        interleave = null;
        await during();
        return real.write(txnId, async (ops) => {
          await fn(ops);
          throw new Error('the record write failed');
        });
      },
    };
    const svc = createTransactionsService({
      // These tests are about the state machine, not the consent (ADR 0049): it stands given.
      consent: { hasConsented: async () => true },
      repo,
      forms: createFormsService({
        repo: createFormsRepository(t.db.orm, disabledReadCache()),
        now: t.clock.now,
      }),
      profiles: { get: async () => ({ profileDetails: { name: 'Tara Sen' } }) as never },
      files: createFilesService({
        repo: createFilesRepository(t.db.orm),
        now: t.clock.now,
        log: t.app.log,
      } as unknown as Parameters<typeof createFilesService>[0]),
      reference: { resolve: async () => new Map() },
      now: t.clock.now,
    });
    const ref = { orgId: ORG, txnId: c.txnId };
    const doc = [{ fileId: file.fileId }];
    interleave = () =>
      svc.saveData(profileId, { ...ref, verificationName: 'passport', data: { passportDocument: doc } });
    await expect(
      svc.saveData(profileId, { ...ref, verificationName: 'dl', data: { licenceDocument: doc } }),
    ).rejects.toThrow('the record write failed');

    expect((await stored(c, 'passport')).data).toMatchObject({ passportDocument: doc });
    expect((await typeInfo(c, 'passport')).data.passportDocument).toMatchObject(doc);
    const taken = await save(other, 'dl', { licenceDocument: doc });
    expect(expectCode<Issue[]>(taken, 100, 400)[0]!.message).toMatch(/another verification request/);
  });
});

describe('autosave and submit', () => {
  it('saves a half-filled form; reference ids get their list’s name; typed entries are kept', async () => {
    const c = await candidate('Meera Iyer');
    const first = verificationInfoSchema.parse(
      expectCode(await save(c, 'bgv-degree', { degreeName: 'B.T' }), 0, 200),
    );
    expect(first.verification.state).toBe('DATA_SAVED');
    expect(first.data).toEqual({ candidateName: 'Meera Iyer', degreeName: 'B.T' });

    const chosen = { value: 'indian-institute-of-technology-bombay', name: 'Anything' };
    const next = verificationInfoSchema.parse(
      expectCode(
        await save(c, 'bgv-degree', { degreeName: 'B.Tech', passingYear: '2020', institute: chosen }),
        0,
        200,
      ),
    );
    expect(next.data.institute).toEqual({
      value: 'indian-institute-of-technology-bombay',
      name: 'Indian Institute of Technology Bombay',
    });
    expect(await refused(c, 'bgv-degree', { institute: 'hogwarts' })).toEqual({
      'data.institute': 'Choose one of the options',
    });
    const typed = verificationInfoSchema.parse(
      expectCode(
        await save(c, 'bgv-twelfth', { board: { manual: true, name: 'Kerala Open School' } }),
        0,
        200,
      ),
    );
    expect(typed.data.board).toEqual({ manual: true, name: 'Kerala Open School' });
  });

  it('a submit checks the whole form, then stores it', async () => {
    const c = await candidate('Meera Iyer');
    expect(await refused(c, 'bgv-degree', { degreeName: 'B.Tech' }, 'POST')).toEqual({
      'data.institute': 'Required',
      'data.passingYear': 'Required',
      'data.instituteId': 'Required',
      'data.degreeStatus': 'Required',
      'data.marksheet': 'Upload Education Marksheet',
    });
    const marksheet = await uploadDocument(t, c.h);
    const degree = {
      institute: 'indian-institute-of-technology-bombay',
      degreeName: 'B.Tech',
      passingYear: '2020',
      instituteId: 'R-1',
      degreeStatus: 'DEGREE_AND_MARKSHEET',
      marksheet: { fileId: marksheet.fileId },
    };
    const done = verificationInfoSchema.parse(
      expectCode(await save(c, 'bgv-degree', degree, 'POST'), 0, 200),
    );
    expect(done.verification.state).toBe('READY_TO_SUBMIT');
    expect(done.data.marksheet).toMatchObject({ fileId: marksheet.fileId, state: marksheet.state });
  });

  it('a refused first save leaves the transaction unstarted', async () => {
    const h = bearer((await signUp(t, undefined, 'Kiran Das')).accessToken);
    const c = await candidate('Kiran Das', 'demo-form', h);
    expect(await refused(c, 'dl', { licenceNumber: 'abc' })).toEqual({
      'data.licenceNumber': 'Enter the licence number as printed, e.g. MH12 20110012345',
    });
    expect((await stored(c, 'dl')).txn).toBe('NOT_INITIALIZED');
    expectCode(await save(c, 'dl', { licenceNumber: 'MH12 20110012345' }), 0, 200);
    expect(await stored(c, 'dl')).toMatchObject({ txn: 'DATA_SAVED', state: 'DATA_SAVED' });
  });
});

describe('records saved before the checks existed (legacy data)', () => {
  /**
   * Writes records straight through the repository, as the server stored them before issue 9: no
   * checks, files not linked. The others are skipped, and the transaction is started.
   */
  async function legacy(c: Candidate, records: Record<string, { state: State; data: object }>) {
    const repo = createTransactionsRepository(t.db.orm, disabledReadCache());
    const at = new Date();
    await repo.write(c.txnId, async (ops) => {
      for (const r of await ops.records(c.txnId)) {
        const set = records[r.name];
        await ops.updateRecord(
          c.txnId,
          r.name,
          set
            ? { state: set.state, data: set.data as Record<string, unknown>, updatedAt: at }
            : { markedAsSkip: true, updatedAt: at },
        );
      }
      await ops.updateTransaction(c.txnId, { state: 'DATA_SAVED', updatedAt: at });
    });
  }
  const submit = (c: Candidate) =>
    t.request({ method: 'POST', url: v1(P.submit), body: { orgId: ORG, txnId: c.txnId }, headers: c.h });
  const degree = (marksheetId: string) => ({
    institute: {
      value: 'indian-institute-of-technology-bombay',
      name: 'Indian Institute of Technology Bombay',
    },
    degreeName: 'B.Tech',
    passingYear: '2020',
    instituteId: 'R-1',
    degreeStatus: 'DEGREE_AND_MARKSHEET',
    marksheet: { fileId: marksheetId },
  });

  it('the final submit judges them again: forged data is refused by verification and field, nothing changes', async () => {
    const alice = await candidate('Alice Verma');
    const bob = await candidate('Bob Shah');
    const alicesFile = await uploadDocument(t, alice.h);
    const bobsMarksheet = await uploadDocument(t, bob.h);
    await legacy(bob, {
      dl: {
        state: 'READY_TO_SUBMIT',
        data: {
          licenceNumber: 'MH12 20110012345',
          candidateName: 'Mallory Imposter',
          dateOfBirth: '1990-02-03',
          state: 'Maharashtra',
          licenceDocument: [{ fileId: alicesFile.fileId, state: 'COMPLETED', issues: [] }],
          status: 'COMPLETED',
        },
      },
      'bgv-degree': {
        state: 'READY_TO_SUBMIT',
        data: { ...degree(bobsMarksheet.fileId), passingYear: '1066' },
      },
    });
    const before = [await stored(bob, 'dl'), await stored(bob, 'bgv-degree')];
    const changes = await historyCount(bob);

    const res = await submit(bob);
    const issues = expectCode<Issue[]>(res, 100, 400);
    expect(Object.fromEntries(issues.map((i) => [i.path, i.message]))).toEqual({
      'verificationList.dl.data.licenceDocument': 'This file does not exist',
      'verificationList.dl.data.status': 'This form has no such field',
      'verificationList.bgv-degree.data.passingYear': 'Choose one of the options',
    });
    expect(res.json().message).toBe(
      'verificationList.bgv-degree.data.passingYear: Choose one of the options',
    );
    expect([await stored(bob, 'dl'), await stored(bob, 'bgv-degree')]).toEqual(before);
    expect(before[0]!.txn).toBe('DATA_SAVED');
    expect(await historyCount(bob)).toBe(changes);

    // Shown: Alice's file as missing (no forged verdict), Bob's own unlinked marksheet as missing too.
    const shown = (await typeInfo(bob, 'dl')).data;
    expect(shown.licenceDocument).toEqual([]);
    expect(JSON.stringify(shown)).not.toContain('COMPLETED');
    expect((await typeInfo(bob, 'bgv-degree')).data.marksheet).toBeUndefined();
  });

  it('valid legacy data is submitted as judged: echoed keys dropped, the name from the profile, files linked', async () => {
    const c = await candidate('Dev Mehta');
    const other = await candidate('Dev Mehta', SECOND_FORM, c.h);
    const marksheet = await uploadDocument(t, c.h);
    const card = await uploadDocument(t, c.h);
    await legacy(c, {
      'bgv-degree': {
        state: 'READY_TO_SUBMIT',
        data: {
          ...degree(marksheet.fileId),
          candidateName: 'Someone Else',
          marksheet: { ...marksheet, state: 'COMPLETED', issues: [] },
        },
      },
      dl: {
        state: 'READY_TO_SUBMIT',
        data: {
          licenceNumber: 'MH12 20110012345',
          dateOfBirth: '1990-02-03',
          state: 'Maharashtra',
          licenceDocument: [{ fileId: card.fileId }],
        },
      },
    });
    const submitted = expectCode<{ state: string }>(await submit(c), 0, 200);
    expect(submitted.state).toBe('SUBMITTED');
    expect((await stored(c, 'bgv-degree')).data).toEqual({
      ...degree(marksheet.fileId),
      candidateName: 'Dev Mehta',
    });
    const shown = (await typeInfo(c, 'bgv-degree')).data.marksheet;
    expect(shown).toMatchObject({ fileId: marksheet.fileId, state: marksheet.state });
    // The file is now this transaction's: another one cannot take it.
    const taken = await save(other, 'dl', { licenceDocument: [{ fileId: marksheet.fileId }] });
    expect(expectCode<Issue[]>(taken, 100, 400)[0]!.message).toMatch(/another verification request/);
  });
});
