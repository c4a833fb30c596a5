import {
  ALERT_KEYS,
  API_PATHS,
  FIELD_LOOKUPS,
  HELPER_TEXT_KEYS,
  OPTION_SETS,
  REQUIRED_FNS,
  SERVICE_BASES,
  VALIDATION_FNS,
  VERIFICATION_CATEGORIES,
  VERIFICATION_TYPES,
  fieldError,
  formErrors,
  isFieldRequired,
  isFieldShown,
  verificationConfigSchema,
} from '@veridocs/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ekycForms } from '../../db/schema/index.js';
import { DEMO_VERIFICATION_CONFIGS } from '../../db/seed-data/verification-configs.js';
import { disabledReadCache } from '../../lib/read-cache.js';
import { bearer, createTestApp, expectCode, signUp, type TestApp } from '../../test/test-app.js';
import { createFormsRepository } from '../forms/forms-repository.js';
import { createFormsService } from '../forms/forms-service.js';
import {
  createTransactionsRepository,
  type TransactionWriteOps,
  type TransactionsRepository,
} from './transactions-repository.js';
import { createTransactionsService } from './transactions-service.js';

const DEMO_FORM_ORDER = [
  'bgv-degree',
  'bgv-twelfth',
  'bgv-tenth',
  'aadhaar',
  'passport',
  'dl',
  'employment-check',
  'bgv-employment',
  'bgv-address',
  'bgv-ews',
];

// The tables, refusals and audit writes without a database: transitions.test.ts.

/** Files and reference lists that accept every id (the saved-data checks have their own tests). */
const acceptingLookups = {
  files: {
    forTransaction: async (_profileId: string, _txnId: string, ids: readonly string[]) =>
      new Map(
        ids.map((id) => [
          id,
          { file: { mimeType: 'application/pdf' } as never, otherTransaction: false, linked: false },
        ]),
      ),
    attach: async () => [],
    describe: async () => new Map(),
    release: async () => [],
  },
  reference: {
    resolve: async (_source: string, values: readonly string[]) => new Map(values.map((v) => [v, v])),
  },
};
const A_FILE = { fileId: '0d6b2f8e-8a51-4a0e-9a57-5b1c3f0e7d21' };

describe('ops transitions on the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  function service(wrap: (repo: TransactionsRepository) => TransactionsRepository = (r) => r) {
    const forms = createFormsService({
      repo: createFormsRepository(t.db.orm, disabledReadCache()),
      now: t.clock.now,
    });
    const repo = createTransactionsRepository(t.db.orm, disabledReadCache());
    const svc = createTransactionsService({
      // These tests are about the state machine, not the consent (ADR 0049): it stands given.
      consent: { hasConsented: async () => true },
      repo: wrap(repo),
      forms,
      profiles: { get: async () => ({ profileDetails: { name: 'Asha Rao' } }) as never },
      ...acceptingLookups,
      now: t.clock.now,
    });
    return { svc, repo };
  }

  /** A new demo transaction (NOT_INITIALIZED) of a new candidate. */
  async function created(): Promise<{ txnId: string; profileId: string }> {
    const session = await signUp(t);
    const h = bearer(session.accessToken);
    const v1 = (p: string) => `${SERVICE_BASES.verificationV1}${p}`;
    const P = API_PATHS.verification;
    const created = expectCode<{ transactionId: string }>(
      await t.request({
        method: 'POST',
        url: v1(P.transactions),
        headers: h,
        body: { orgId: 'demo-university', eKycFormId: 'demo-form' },
      }),
      0,
      200,
    );
    const profileId = JSON.parse(Buffer.from(session.accessToken.split('.')[1]!, 'base64url').toString())
      .sub as string;
    return { txnId: created.transactionId, profileId };
  }

  /** A submitted demo transaction with the degree and Aadhaar submitted and the rest skipped. */
  async function submitted(): Promise<{ txnId: string; profileId: string }> {
    const { txnId, profileId } = await created();
    const ref = { orgId: 'demo-university', txnId };
    const { svc } = service();
    await svc.saveAnswers(profileId, {
      ...ref,
      data: [
        { questionId: 'demo-q-purpose', answer: 'VISA' },
        { questionId: 'demo-q-source', answer: 'FRIEND' },
      ],
    });
    await svc.process(profileId, ref);
    await svc.submitVerification(profileId, {
      ...ref,
      verificationName: 'bgv-degree',
      data: {
        institute: 'x',
        degreeName: 'B.A.',
        passingYear: '2019',
        instituteId: '1',
        degreeStatus: 'DEGREE_NOT_AWARDED',
        marksheet: A_FILE,
      },
    });
    // Aadhaar is completed only by its OTP check (issue 11), never through /bgv.
    await svc.completeIdentity(profileId, txnId, 'aadhaar', {
      verifiedBy: 'aadhaar-otp',
      aadhaarLast4: '7777',
    });
    await svc.markAsSkip(profileId, {
      ...ref,
      verificationNameList: [
        'bgv-twelfth',
        'bgv-tenth',
        'passport',
        'dl',
        'employment-check',
        'bgv-employment',
        'bgv-address',
        'bgv-ews',
      ],
    });
    await svc.submit(profileId, ref);
    return { txnId, profileId };
  }

  it('a transaction gone between its read and its lock: 122 to the candidate, 121 to ops, nothing written', async () => {
    const { txnId, profileId } = await created();
    // As if the row were deleted after the snapshot was read: the lock finds nothing.
    const { svc, repo } = service((r) => ({
      ...r,
      write: <T>(id: string, fn: (ops: TransactionWriteOps) => Promise<T>) =>
        r.write(id, (ops) => fn({ ...ops, lockTransaction: () => Promise.resolve(undefined) })),
    }));
    const ref = { orgId: 'demo-university', txnId };
    const before = await repo.changesOf(txnId);
    await expect(
      svc.saveAnswers(profileId, {
        ...ref,
        data: [
          { questionId: 'demo-q-purpose', answer: 'EMPLOYMENT' },
          { questionId: 'demo-q-source', answer: 'FRIEND' },
        ],
      }),
    ).rejects.toMatchObject({ code: 122 });
    await expect(svc.opsTransitionTransaction(txnId, 'CLOSED', 'ops-close')).rejects.toMatchObject({
      code: 121,
    });
    expect(await repo.changesOf(txnId)).toEqual(before);
    expect((await svc.info(profileId, ref)).questionnaire.answered).toBe(false);
  });

  it('moves a transaction and its verifications along the tables, with an audit row per change', async () => {
    const { txnId, profileId } = await submitted();
    const { svc, repo } = service();
    const ref = { orgId: 'demo-university', txnId };
    await svc.opsTransitionTransaction(txnId, 'IN_PROGRESS', 'ops-start');
    await svc.opsTransitionVerification(txnId, 'bgv-degree', 'IN_PROGRESS', 'ops-start');
    await svc.opsTransitionVerification(
      txnId,
      'bgv-degree',
      'INSUFFICIENT_DATA',
      'ops-insufficient',
      'Marksheet unreadable',
    );
    let info = await svc.info(profileId, ref);
    expect(info.verificationList['bgv-degree']).toMatchObject({
      state: 'INSUFFICIENT_DATA',
      insufficiency: { reason: 'Marksheet unreadable', raisedAt: t.clock.now().toISOString() },
    });
    await svc.opsTransitionVerification(txnId, 'bgv-degree', 'SUBMITTED', 'candidate-resubmit');
    await svc.opsTransitionVerification(txnId, 'bgv-degree', 'IN_PROGRESS', 'ops-start');
    await svc.opsTransitionVerification(txnId, 'bgv-degree', 'COMPLETED', 'ops-verified');
    await svc.opsTransitionTransaction(txnId, 'INSUFFICIENT_DATA', 'ops-insufficient');
    await svc.opsTransitionTransaction(txnId, 'IN_PROGRESS', 'ops-resume');
    await svc.opsTransitionTransaction(txnId, 'COMPLETED', 'ops-done');
    info = await svc.info(profileId, ref);
    expect(info.state).toBe('COMPLETED');
    expect(info.filtered.done).toEqual(['bgv-degree', 'aadhaar']);

    // Refused: terminal states, skipping steps; nothing changes and no audit row is written.
    const before = (await repo.changesOf(txnId)).length;
    await expect(svc.opsTransitionTransaction(txnId, 'CLOSED', 'ops-close')).rejects.toMatchObject({
      code: 123,
    });
    await expect(svc.opsTransitionTransaction(txnId, 'DATA_SAVED', 'x')).rejects.toMatchObject({ code: 123 });
    await expect(svc.opsTransitionVerification(txnId, 'aadhaar', 'COMPLETED', 'x')).rejects.toMatchObject({
      code: 123,
    });
    await expect(svc.opsTransitionVerification(txnId, 'bgv-degree', 'DATA_SAVED', 'x')).rejects.toMatchObject(
      { code: 123 },
    );
    await expect(svc.opsTransitionVerification(txnId, 'nope', 'CLOSED', 'x')).rejects.toMatchObject({
      code: 126,
    });
    const changes = await repo.changesOf(txnId);
    expect(changes.length).toBe(before);
    expect((await svc.info(profileId, ref)).verificationList.aadhaar!.state).toBe('COMPLETED');

    const transactionMoves = changes
      .filter((c) => c.entity === 'transaction')
      .map((c) => `${c.fromState}>${c.toState}:${c.action}`);
    expect(transactionMoves).toEqual([
      'null>NOT_INITIALIZED:create',
      'NOT_INITIALIZED>DATA_SAVED:process',
      'DATA_SAVED>SUBMITTED:submit',
      'SUBMITTED>IN_PROGRESS:ops-start',
      'IN_PROGRESS>INSUFFICIENT_DATA:ops-insufficient',
      'INSUFFICIENT_DATA>IN_PROGRESS:ops-resume',
      'IN_PROGRESS>COMPLETED:ops-done',
    ]);
    // The verification's own moves are audited too (the same database transaction as the record).
    const degreeMoves = changes
      .filter((c) => c.entity === 'verification' && c.verificationName === 'bgv-degree')
      .map((c) => `${c.fromState}>${c.toState}:${c.action}`);
    expect(degreeMoves.slice(-6)).toEqual([
      'READY_TO_SUBMIT>SUBMITTED:submit',
      'SUBMITTED>IN_PROGRESS:ops-start',
      'IN_PROGRESS>INSUFFICIENT_DATA:ops-insufficient',
      'INSUFFICIENT_DATA>SUBMITTED:candidate-resubmit',
      'SUBMITTED>IN_PROGRESS:ops-start',
      'IN_PROGRESS>COMPLETED:ops-verified',
    ]);
    expect(changes.filter((c) => c.action.startsWith('ops')).every((c) => c.profileId === null)).toBe(true);
    expect(changes.filter((c) => c.action === 'submit').every((c) => c.profileId === profileId)).toBe(true);
  });

  it('refuses to skip a ready-to-submit verification (124), with the rest of the list, writing nothing', async () => {
    const { txnId, profileId } = await created();
    const ref = { orgId: 'demo-university', txnId };
    const { svc, repo } = service();
    await svc.saveAnswers(profileId, {
      ...ref,
      data: [
        { questionId: 'demo-q-purpose', answer: 'VISA' },
        { questionId: 'demo-q-source', answer: 'FRIEND' },
      ],
    });
    await svc.process(profileId, ref);
    await svc.submitVerification(profileId, {
      ...ref,
      verificationName: 'bgv-twelfth',
      data: {
        board: { manual: true, name: 'Kerala Open School' },
        rollNumber: '4512378',
        passingYear: '2016',
        state: 'Kerala',
        marksheet: A_FILE,
      },
    });
    const before = await svc.info(profileId, ref);
    expect(before.verificationList['bgv-twelfth']).toMatchObject({
      state: 'READY_TO_SUBMIT',
      skipAllowed: true,
      markedAsSkip: false,
    });
    const changes = await repo.changesOf(txnId);
    await expect(
      svc.markAsSkip(profileId, { ...ref, verificationNameList: ['bgv-tenth', 'bgv-twelfth'] }),
    ).rejects.toMatchObject({
      code: 124,
      message: 'bgv-twelfth cannot be skipped once it is ready to submit',
    });
    const after = await svc.info(profileId, ref);
    expect(after.verificationList['bgv-twelfth']).toMatchObject({
      state: 'READY_TO_SUBMIT',
      markedAsSkip: false,
    });
    expect(after.verificationList['bgv-tenth']!.markedAsSkip).toBe(false);
    expect(await repo.changesOf(txnId)).toEqual(changes);
  });

  it('closes a transaction from any non-terminal state', async () => {
    const { txnId, profileId } = await submitted();
    const { svc } = service();
    await svc.opsTransitionVerification(txnId, 'bgv-degree', 'CLOSED', 'ops-close');
    await svc.opsTransitionTransaction(txnId, 'CLOSED', 'ops-close');
    const info = await svc.info(profileId, { orgId: 'demo-university', txnId });
    expect(info.state).toBe('CLOSED');
    expect(info.verificationList['bgv-degree']!.state).toBe('CLOSED');
  });
});

describe('a form that requires payment', () => {
  it('refuses to submit (127) and changes nothing', async () => {
    const t = await createTestApp();
    try {
      await t.db.orm.update(ekycForms).set({ paymentRequired: true }).where(eq(ekycForms.id, 'demo-form'));
      const session = await signUp(t);
      const profileId = JSON.parse(Buffer.from(session.accessToken.split('.')[1]!, 'base64url').toString())
        .sub as string;
      const forms = createFormsService({
        repo: createFormsRepository(t.db.orm, disabledReadCache()),
        now: t.clock.now,
      });
      const svc = createTransactionsService({
        // These tests are about the state machine, not the consent (ADR 0049): it stands given.
        consent: { hasConsented: async () => true },
        repo: createTransactionsRepository(t.db.orm, disabledReadCache()),
        forms,
        profiles: { get: async () => ({ profileDetails: { name: 'Asha Rao' } }) as never },
        ...acceptingLookups,
        now: t.clock.now,
      });
      const { transactionId: txnId } = await svc.create(profileId, {
        orgId: 'demo-university',
        eKycFormId: 'demo-form',
      });
      const ref = { orgId: 'demo-university', txnId };
      await svc.saveAnswers(profileId, {
        ...ref,
        data: [
          { questionId: 'demo-q-purpose', answer: 'VISA' },
          { questionId: 'demo-q-source', answer: 'FRIEND' },
        ],
      });
      await svc.process(profileId, ref);
      await expect(svc.submit(profileId, ref)).rejects.toMatchObject({ code: 127, statusCode: 402 });
      expect((await svc.info(profileId, ref)).state).toBe('DATA_SAVED');
    } finally {
      await t.close();
    }
  });
});

describe('the demo seed', () => {
  it('has a config for every verification type, each valid and naming only known registry keys', () => {
    expect(DEMO_VERIFICATION_CONFIGS.map((c) => c.name).sort()).toEqual([...VERIFICATION_TYPES].sort());
    for (const config of DEMO_VERIFICATION_CONFIGS) {
      expect(verificationConfigSchema.parse(config)).toEqual(config);
      const inputs = config.authOptions.flatMap((o) => o.page.config.flatMap((s) => s.inputs));
      expect(inputs.length).toBeGreaterThan(2);
      for (const input of inputs) {
        const where = `${config.name}.${input.fieldName}`;
        if (input.requiredFn) expect(Object.keys(REQUIRED_FNS), where).toContain(input.requiredFn);
        if (input.validation) expect(Object.keys(VALIDATION_FNS), where).toContain(input.validation.fn);
        if (input.optionsKey) expect(Object.keys(OPTION_SETS), where).toContain(input.optionsKey);
        if (input.helperTextJSXKey)
          expect(HELPER_TEXT_KEYS as readonly string[], where).toContain(input.helperTextJSXKey);
        if (input.alert) expect(ALERT_KEYS as readonly string[], where).toContain(input.alert.componentKey);
        if (input.lookup) {
          expect(Object.keys(FIELD_LOOKUPS), where).toContain(input.lookup);
          // Every field the look-up fills is a field of the same form.
          for (const fill of FIELD_LOOKUPS[input.lookup as keyof typeof FIELD_LOOKUPS].fills)
            expect(
              inputs.map((i) => i.fieldName),
              where,
            ).toContain(fill.fieldName);
        }
        if (input.inputType === 'select') expect(input.options ?? input.optionsKey, where).toBeDefined();
        if (input.inputType === 'autocomplete') {
          expect(['/api/utility/institutes', '/api/utility/boards'], where).toContain(
            input.autocompleteSource,
          );
        }
        if (input.showWhen)
          expect(
            inputs.map((i) => i.fieldName),
            where,
          ).toContain(input.showWhen.fieldName);
        if (input.hideWhen)
          expect(
            inputs.map((i) => i.fieldName),
            where,
          ).toContain(input.hideWhen.fieldName);
      }
      expect(VERIFICATION_CATEGORIES as readonly string[]).toContain(config.additionalInfo.category);
    }
  });

  it('education forms: the marksheet is hidden and not required without marksheets; spec §5 messages', () => {
    const inputsOf = (name: string) =>
      DEMO_VERIFICATION_CONFIGS.find((c) => c.name === name)!.authOptions[0]!.page.config.flatMap(
        (s) => s.inputs,
      );
    const degree = inputsOf('bgv-degree');
    const marksheet = degree.find((i) => i.fieldName === 'marksheet')!;
    const noMarksheet = { degreeStatus: 'DEGREE_ONLY_NO_MARKSHEET' };
    expect(isFieldShown(marksheet, noMarksheet)).toBe(false);
    expect(isFieldRequired(marksheet, noMarksheet)).toBe(false);
    expect(isFieldShown(marksheet, { degreeStatus: 'DEGREE_AND_MARKSHEET' })).toBe(true);
    const editable = degree.filter((i) => !i.readOnly);
    expect(formErrors(editable, noMarksheet)).not.toHaveProperty('marksheet');
    expect(formErrors(editable, { degreeStatus: 'DEGREE_AND_MARKSHEET' })).toMatchObject({
      marksheet: 'Upload Education Marksheet',
      degreeName: 'Required',
    });
    for (const name of ['bgv-degree', 'bgv-twelfth', 'bgv-tenth']) {
      const inputs = inputsOf(name);
      const nameField = inputs.find((i) => i.fieldName === 'candidateName')!;
      expect(fieldError(nameField, { candidateName: ' ' }), name).toBe('Name must not be empty');
      expect(formErrors(inputs, {}), name).toMatchObject({ marksheet: 'Upload Education Marksheet' });
    }
  });

  it('the submit check applies the date rules: no future date of birth', () => {
    const passport = DEMO_VERIFICATION_CONFIGS.find((c) => c.name === 'passport')!;
    const dob = passport.authOptions[0]!.page.config[0]!.inputs.find((i) => i.fieldName === 'dateOfBirth')!;
    const now = new Date(2024, 5, 15, 12);
    expect(formErrors([dob], { dateOfBirth: '2024-06-16' }, now)).toEqual({
      dateOfBirth: 'Date cannot be in the future',
    });
    expect(formErrors([dob], { dateOfBirth: '1990-01-31' }, now)).toEqual({});
  });

  it('is idempotent and keeps every stored config valid', async () => {
    const t = await createTestApp();
    try {
      const { seed } = await import('../../db/seed.js');
      await Promise.all([
        seed(t.db.orm, t.clock.now(), { demo: true }),
        seed(t.db.orm, t.clock.now(), { demo: true }),
      ]);
      const forms = createFormsRepository(t.db.orm, disabledReadCache());
      const configs = await forms.allConfigs();
      expect([...configs.keys()].sort()).toEqual([...VERIFICATION_TYPES].sort());
      for (const config of configs.values()) verificationConfigSchema.parse(config);
      const form = await forms.findForm('demo-form');
      expect(form?.verifications.map((v) => v.name)).toEqual(DEMO_FORM_ORDER);
      expect(form).toMatchObject({
        questionnaireRequired: true,
        paymentRequired: false,
        discountPercentage: 10,
      });
      expect((await forms.findForm('demo-expired-form'))!.expiry).toBeLessThan(
        t.clock.now().getTime() / 1000,
      );
      expect(await forms.listQuestions('demo-form')).toHaveLength(2);
    } finally {
      await t.close();
    }
  });
});
