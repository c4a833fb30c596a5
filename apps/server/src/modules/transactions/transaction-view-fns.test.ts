import { transactionInfoSchema, type VerificationConfig } from '@veridocs/shared';
import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  buildTransactionInfo,
  candidateTransactionOf,
  evaluationOf,
  historyEntryOf,
  isState,
  priceListOf,
  questionnaireAnswered,
  questionsWithAnswers,
  shownData,
  verificationEntry,
  verifiedAtSourceOf,
} from './transaction-view-fns.js';
import type { RecordRow, TransactionRow, TransactionSnapshot } from './transactions-repository.js';

const AT = new Date('2026-11-27T10:00:00.000Z'); // a Friday
const TXN_ID = '0b5c0b1e-8d7a-4c9e-9a53-5f4a4c2f6a10';

const txn = (more: Partial<TransactionRow> = {}): TransactionRow =>
  ({
    id: TXN_ID,
    profileId: '4f1c3a52-3f0e-4d4f-8f7e-0a1b2c3d4e5f',
    orgId: 'demo-university',
    formId: 'demo-form',
    state: 'DATA_SAVED',
    expectedMaxDate: null,
    evalProvider: 'wes',
    evalReference: 'REF-1',
    evalEmailMasked: 'a***@x.org',
    evalValidatedAt: AT,
    createdAt: new Date('2026-11-01T00:00:00.000Z'),
    updatedAt: new Date('2026-11-02T00:00:00.000Z'),
    ...more,
  }) as TransactionRow;

const record = (name: string, more: Partial<RecordRow> = {}): RecordRow => ({
  txnId: TXN_ID,
  name,
  position: 0,
  category: 'Education',
  subType: null,
  state: 'NOT_INITIALIZED',
  markedAsSkip: false,
  skipAllowed: true,
  marksheetRequired: false,
  insufficiency: null,
  data: {},
  updatedAt: new Date('2026-11-03T00:00:00.000Z'),
  ...more,
});

const DEGREE = {
  name: 'bgv-degree',
  metadata: { label: 'Degree', orgSpecificName: null, iconUrl: null },
  additionalInfo: { authOptions: [], acceptMultipleSubmissions: true, category: 'Education' },
  authOptions: [],
} as VerificationConfig;
const CONFIGS = new Map([['bgv-degree', DEGREE]]);

const snapshot = (more: Partial<TransactionSnapshot> = {}): TransactionSnapshot =>
  ({
    txn: txn(),
    form: {
      id: 'demo-form',
      orgId: 'demo-university',
      name: 'Demo form',
      expiry: -1,
      verifications: [],
      manualProfileRequired: false,
      basicDetailsRequired: true,
      paymentRequired: false,
      userPaymentRequired: false,
      expressAllowed: false,
      priceList: [],
      discountPercentage: 0,
      questionnaireRequired: true,
      evaluationPartnerRequired: false,
      expectedWorkingDays: 7,
      paymentConfig: null,
    },
    org: { id: 'demo-university', name: 'Demo University', imageUrl: null },
    records: [
      record('bgv-degree', { state: 'READY_TO_SUBMIT' }),
      record('bgv-degree~2', { position: 1 }),
      record('passport', { position: 2, markedAsSkip: true }),
      record('aadhaar', { position: 3, state: 'COMPLETED' }),
    ],
    answers: { q1: 'VISA' },
    requiredQuestionIds: ['q1'],
    nameChangeRequested: false,
    paidOrders: [],
    report: null,
    ...more,
  }) as TransactionSnapshot;

describe('buildTransactionInfo', () => {
  it('builds info the shared schema accepts, with labels, filters and the questionnaire', () => {
    const info = buildTransactionInfo(snapshot(), CONFIGS, AT);
    expect(transactionInfoSchema.safeParse(info).success).toBe(true);
    expect(info.verificationList['bgv-degree~2']).toMatchObject({
      label: 'Degree 2',
      state: 'NOT_INITIALIZED',
    });
    expect(info.verificationList['passport']?.label).toBe('Passport');
    expect(info.filtered).toEqual({ remaining: ['bgv-degree~2'], done: ['aadhaar'] });
    expect(info.questionnaire).toEqual({ isRequired: true, answered: true });
    expect(info.proceeded).toBe(true);
    expect(info.evaluationInfo).toEqual({ provider: 'wes', required: false });
    expect(info.report).toBeNull();
  });

  it('marks the form expired by the clock it is given', () => {
    const expiry = Math.floor(AT.getTime() / 1000);
    const form = { ...snapshot().form, expiry };
    expect(buildTransactionInfo(snapshot({ form }), CONFIGS, AT).isExpired).toBe(false);
    const later = buildTransactionInfo(snapshot({ form }), CONFIGS, new Date(AT.getTime() + 1000));
    expect(later.isExpired).toBe(true);
    expect(later.form.isExpired).toBe(true);
  });

  it('shows a report as sent, no partner or preparing, and one payment entry per paid order', () => {
    const sent = snapshot({
      report: { status: 'sent', sentTo: 'WES', sentAt: '2026-11-20T00:00:00Z' },
      paidOrders: [{ express: true }],
    });
    const info = buildTransactionInfo(sent, CONFIGS, AT);
    expect(info.report).toEqual({ status: 'sent', sentTo: 'WES', sentAt: '2026-11-20T00:00:00.000Z' });
    expect(info.paymentDetails).toEqual([{ allVerificationsCompleted: true, expressOpt: true }]);
    const status = (s: string) =>
      buildTransactionInfo(snapshot({ report: { status: s, sentTo: null, sentAt: null } }), CONFIGS, AT)
        .report?.status;
    expect(status('no_partner')).toBe('no_partner');
    expect(status('queued')).toBe('preparing');
  });

  it('has not proceeded before the start, and counts a missing required answer', () => {
    const info = buildTransactionInfo(
      snapshot({ txn: txn({ state: 'NOT_INITIALIZED' }), answers: {} }),
      CONFIGS,
      AT,
    );
    expect(info.proceeded).toBe(false);
    expect(info.questionnaire.answered).toBe(false);
  });
});

describe('verificationEntry', () => {
  it('prefers the organisation name of a verification and keeps an open round with its documents', () => {
    const named = new Map([
      ['bgv-degree', { ...DEGREE, metadata: { ...DEGREE.metadata, orgSpecificName: 'Diploma' } }],
    ]);
    const raisedAt = '2026-11-20T00:00:00.000Z';
    const entry = verificationEntry(
      record('bgv-degree~3', { insufficiency: { id: 'r1', reason: 'Blurred', raisedAt } }),
      named,
    );
    expect(entry.label).toBe('Diploma 3');
    expect(entry.acceptMultipleSubmissions).toBe(true);
    expect(entry.insufficiency).toEqual({ id: 'r1', reason: 'Blurred', raisedAt, documents: [] });
  });
});

describe('priceListOf', () => {
  it('reads INR prices and the additional discount from the payment config, else the form list', () => {
    const form = snapshot().form;
    expect(priceListOf({ ...form, priceList: [{ x: 1 }] as never })).toEqual([{ x: 1 }]);
    const paymentConfig = {
      prices: [
        {
          verificationName: 'bgv-degree',
          INR: { mrp: 300000, price: 250000 },
          USD: { mrp: 6000, price: 5000 },
          additionalDiscountPercent: 20,
        },
      ],
      express: null,
      cartDiscount: null,
      gstPercent: 18,
      disclaimer: null,
    };
    expect(priceListOf({ ...form, paymentConfig })).toEqual([
      {
        verificationName: 'bgv-degree',
        mrp: 300000,
        price: { primary: 250000 },
        discount: { primary: 50000, secondary: 20 },
      },
    ]);
  });
});

describe('small views', () => {
  it('adds working days, skipping weekends', () => {
    expect(addWorkingDays(AT, 1).toISOString()).toBe('2026-11-30T10:00:00.000Z');
    expect(addWorkingDays(AT, 5).toISOString()).toBe('2026-12-04T10:00:00.000Z');
    expect(addWorkingDays(AT, 0).getTime()).toBe(AT.getTime());
    expect(addWorkingDays(AT, -3).getTime()).toBe(AT.getTime());
  });

  it("carries how a completed record was verified at its source, the institution's answer too", () => {
    const mark = {
      channel: 'institution',
      issuer: 'CBSE',
      doctype: '',
      pullId: 'a1',
      at: '2030-01-17T10:00:00.000Z',
    };
    expect(verifiedAtSourceOf({ state: 'COMPLETED', data: { issuerSource: mark } })).toEqual({
      channel: 'institution',
      issuer: 'CBSE',
      at: '2030-01-17T10:00:00.000Z',
    });
    // The issuer's result line travels with the mark (a blank or non-string one is left out).
    expect(
      verifiedAtSourceOf({
        state: 'COMPLETED',
        data: { issuerSource: { ...mark, result: 'PASS, CGPA 9.4/10' } },
      }),
    ).toMatchObject({ result: 'PASS, CGPA 9.4/10' });
    expect(
      verifiedAtSourceOf({ state: 'COMPLETED', data: { issuerSource: { ...mark, result: 7 } } }),
    ).not.toHaveProperty('result');
    expect(verifiedAtSourceOf({ state: 'FAILED', data: { issuerSource: mark } })).toBeNull();
    expect(
      verifiedAtSourceOf({ state: 'COMPLETED', data: { issuerSource: { ...mark, channel: 'fax' } } }),
    ).toBeNull();
  });

  it('knows the states', () => {
    expect(isState('SUBMITTED')).toBe(true);
    expect(isState('submitted')).toBe(false);
  });

  it('never shows a legacy typed Aadhaar number', () => {
    expect(shownData({ name: 'aadhaar', data: { aadhaarNumber: '1234', name: 'A' } })).toEqual({ name: 'A' });
    const data = { aadhaarNumber: '1234' };
    expect(shownData({ name: 'passport', data })).toBe(data);
  });

  it('answers the questions with the saved answers, null when unanswered', () => {
    const rows = [
      { id: 'q1', question: 'Why?', options: [], required: true },
      { id: 'q2', question: 'Who?', options: [], required: false },
    ] as never;
    expect(questionsWithAnswers(rows, { q1: 'VISA' }).map((q) => [q._id, q.answer])).toEqual([
      ['q1', 'VISA'],
      ['q2', null],
    ]);
    expect(questionnaireAnswered(snapshot({ answers: {}, requiredQuestionIds: [] }))).toBe(true);
  });

  it('maps the evaluation partner, a list row and a history row', () => {
    expect(evaluationOf(txn())).toEqual({
      provider: 'wes',
      reference: 'REF-1',
      maskedEmail: 'a***@x.org',
      validatedAt: AT,
    });
    expect(
      candidateTransactionOf({
        txn: txn(),
        formName: 'Demo form',
        orgName: 'Demo University',
        orgImage: null,
      }),
    ).toEqual({
      txnId: TXN_ID,
      orgId: 'demo-university',
      formId: 'demo-form',
      state: 'DATA_SAVED',
      form: { name: 'Demo form' },
      org: { name: 'Demo University', imageUrl: null },
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-02T00:00:00.000Z',
    });
    expect(
      historyEntryOf({
        id: 1,
        txnId: TXN_ID,
        entity: 'verification',
        verificationName: 'bgv-degree',
        fromState: 'DATA_SAVED',
        toState: 'READY_TO_SUBMIT',
        action: 'submit-verification',
        at: AT,
      } as never),
    ).toEqual({
      txnId: TXN_ID,
      entity: 'verification',
      verificationName: 'bgv-degree',
      from: 'DATA_SAVED',
      to: 'READY_TO_SUBMIT',
      action: 'submit-verification',
      at: AT.toISOString(),
    });
  });
});
