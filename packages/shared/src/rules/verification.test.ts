import { describe, expect, it } from 'vitest';
import {
  acceptsMultiple,
  baseName,
  canSkip,
  isUnfinished,
  instanceKey,
  instanceLabel,
  instanceNumberOf,
  nextInstanceKey,
  verificationTypeOf,
  continueAction,
  displayState,
  fieldLabel,
  filterVerifications,
  groupByCategory,
  initButton,
  isFormExpired,
  isProceeded,
  isRemaining,
  isTransactionOpen,
  minimumSetMet,
  sortVerifications,
  startAction,
  statusBanner,
  stepsCompleted,
  tileRoute,
  tileStatus,
  type VerificationLike,
} from './verification.js';

const v = (
  name: string,
  state = 'NOT_INITIALIZED',
  extra: Partial<VerificationLike> = {},
): VerificationLike => ({
  name,
  state,
  markedAsSkip: false,
  skipAllowed: false,
  category: { name: 'Education' },
  ...extra,
});

describe('proceeded, remaining, done (spec §4)', () => {
  it('proceeded: skipped or not NOT_INITIALIZED', () => {
    expect(isProceeded(v('a'))).toBe(false);
    expect(isProceeded(v('a', 'NOT_INITIALIZED', { markedAsSkip: true }))).toBe(true);
    expect(isProceeded(v('a', 'DATA_SAVED'))).toBe(true);
  });
  it('remaining: NOT_INITIALIZED and not skipped; done: COMPLETED', () => {
    expect(isRemaining(v('a'))).toBe(true);
    expect(isRemaining(v('a', 'NOT_INITIALIZED', { markedAsSkip: true }))).toBe(false);
    expect(isRemaining(v('a', 'DATA_SAVED'))).toBe(false);
    expect(
      filterVerifications([v('a'), v('b', 'COMPLETED'), v('c', 'VERIFIED'), v('d', 'IN_PROGRESS')]),
    ).toEqual({
      remaining: ['a'],
      done: ['b'],
    });
  });
});

describe('form expiry', () => {
  const now = new Date('2030-01-01T00:00:00Z');
  const seconds = now.getTime() / 1000;
  it('-1 never expires', () => expect(isFormExpired(-1, now)).toBe(false));
  it('expired once now has passed the expiry', () => {
    expect(isFormExpired(seconds - 1, now)).toBe(true);
    expect(isFormExpired(seconds, now)).toBe(false);
    expect(isFormExpired(seconds + 60, now)).toBe(false);
  });
});

describe('display order and names', () => {
  it('sorts by the spec priority, insufficient first, ties in form order', () => {
    const order = [
      'NOT_INITIALIZED',
      'DATA_SAVED',
      'SUBMITTED',
      'IN_PROGRESS',
      'FAILED',
      'COMPLETED',
      'READY_TO_SUBMIT',
      'INSUFFICIENT_DATA',
    ];
    const sorted = sortVerifications(order.map((state, i) => v(`v${i}`, state)));
    expect(sorted.map((x) => x.state)).toEqual([...order].reverse());
    expect(sortVerifications([v('x'), v('y')]).map((x) => x.name)).toEqual(['x', 'y']);
  });
  it('names INSUFFICIENT_DATA "Action Required" and COMPLETED/VERIFIED "Verified"', () => {
    expect(displayState('INSUFFICIENT_DATA')).toBe('Action Required');
    expect(displayState('COMPLETED')).toBe('Verified');
    expect(displayState('VERIFIED')).toBe('Verified');
    expect(displayState('IN_PROGRESS')).toBe('In Progress');
    expect(displayState('')).toBe('');
  });
  it('tile status: SKIPPED when marked, blank when not initialised, else the state', () => {
    expect(tileStatus(v('a'))).toBe('');
    expect(tileStatus(v('a', 'NOT_INITIALIZED', { markedAsSkip: true }))).toBe('SKIPPED');
    expect(tileStatus(v('a', 'IN_PROGRESS'))).toBe('IN_PROGRESS');
  });
  it('groups by category with the insufficient group first', () => {
    const groups = groupByCategory([
      v('aadhaar', 'NOT_INITIALIZED', { category: { name: 'Identity' } }),
      v('bgv-degree', 'INSUFFICIENT_DATA'),
      v('bgv-tenth'),
    ]);
    expect(groups.map((g) => g.category)).toEqual(['Education', 'Identity']);
    expect(groups[0]?.items.map((x) => x.name)).toEqual(['bgv-degree', 'bgv-tenth']);
  });
});

describe('Steps Completed ring', () => {
  it('counts the done (COMPLETED) ones of those not skipped and rounds the percentage', () => {
    expect(stepsCompleted([v('a'), v('b'), v('c')])).toEqual({ done: 0, total: 3, percent: 0 });
    // Skipping takes a step out of the total; it does not make it done.
    expect(stepsCompleted([v('a', 'NOT_INITIALIZED', { markedAsSkip: true }), v('b'), v('c')])).toEqual({
      done: 0,
      total: 2,
      percent: 0,
    });
    expect(stepsCompleted([v('a', 'DATA_SAVED'), v('b', 'COMPLETED'), v('c')])).toEqual({
      done: 1,
      total: 3,
      percent: 33,
    });
    expect(stepsCompleted([])).toEqual({ done: 0, total: 0, percent: 0 });
  });
  it('issue 24: Aadhaar verified, the degree Action Required, eight skipped → 1 of 2, not 10 of 10', () => {
    const skipped = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((name) =>
      v(name, 'NOT_INITIALIZED', { markedAsSkip: true, skipAllowed: true }),
    );
    const list = [v('aadhaar', 'COMPLETED'), v('bgv-degree', 'INSUFFICIENT_DATA'), ...skipped];
    expect(stepsCompleted(list)).toEqual({ done: 1, total: 2, percent: 50 });
    // Submitted, in progress or ready is not done either.
    for (const state of ['SUBMITTED', 'IN_PROGRESS', 'READY_TO_SUBMIT', 'FAILED', 'CLOSED'])
      expect(stepsCompleted([v('a', state)]).done).toBe(0);
    expect(stepsCompleted([v('a', 'COMPLETED'), v('b', 'COMPLETED')]).percent).toBe(100);
  });
});

describe('unfinished and skippable (what submit refuses for, issue 24)', () => {
  it('unfinished: not skipped and NOT_INITIALIZED, DATA_SAVED, or an OTP-only check not completed', () => {
    expect(isUnfinished(v('dl'))).toBe(true);
    expect(isUnfinished(v('dl', 'DATA_SAVED'))).toBe(true);
    expect(isUnfinished(v('dl', 'DATA_SAVED', { markedAsSkip: true }))).toBe(false);
    expect(isUnfinished(v('dl', 'READY_TO_SUBMIT'))).toBe(false);
    expect(isUnfinished(v('aadhaar', 'READY_TO_SUBMIT'))).toBe(true);
    expect(isUnfinished(v('aadhaar', 'COMPLETED'))).toBe(false);
    for (const state of ['SUBMITTED', 'IN_PROGRESS', 'INSUFFICIENT_DATA', 'COMPLETED', 'FAILED', 'CLOSED'])
      expect(isUnfinished(v('dl', state))).toBe(false);
  });
  it('skippable: allowed by the form, not skipped yet, NOT_INITIALIZED or DATA_SAVED (auto-saved)', () => {
    expect(canSkip(v('dl', 'NOT_INITIALIZED', { skipAllowed: true }))).toBe(true);
    expect(canSkip(v('dl', 'DATA_SAVED', { skipAllowed: true }))).toBe(true);
    expect(canSkip(v('dl', 'DATA_SAVED'))).toBe(false);
    expect(canSkip(v('dl', 'READY_TO_SUBMIT', { skipAllowed: true }))).toBe(false);
    expect(canSkip(v('dl', 'DATA_SAVED', { skipAllowed: true, markedAsSkip: true }))).toBe(false);
  });
});

describe('minimum set (one of degree, tenth, twelfth)', () => {
  it('is met when one of them is proceeded and not skipped', () => {
    expect(minimumSetMet([v('bgv-degree'), v('bgv-tenth'), v('bgv-twelfth')])).toBe(false);
    expect(minimumSetMet([v('bgv-degree', 'DATA_SAVED'), v('bgv-tenth')])).toBe(true);
    expect(minimumSetMet([v('bgv-tenth', 'NOT_INITIALIZED', { markedAsSkip: true }), v('bgv-degree')])).toBe(
      false,
    );
    expect(minimumSetMet([v('bgv-degree#2', 'READY_TO_SUBMIT')])).toBe(true);
  });
  it('does not apply to a form without education checks', () => {
    expect(minimumSetMet([v('aadhaar')])).toBe(true);
  });
});

describe('init button (spec §2)', () => {
  it.each([
    [{ accessDenied: true, formExpired: false, transactionState: 'DATA_SAVED' }, 'Access not allowed'],
    [{ accessDenied: false, formExpired: true, transactionState: null }, 'Form Expired'],
    [{ accessDenied: false, formExpired: true, transactionState: 'NOT_INITIALIZED' }, 'Form Expired'],
    [{ accessDenied: false, formExpired: true, transactionState: 'IN_PROGRESS' }, 'View Verification'],
    [{ accessDenied: false, formExpired: false, transactionState: 'DATA_SAVED' }, 'View Verification'],
    [{ accessDenied: false, formExpired: false, transactionState: 'NOT_INITIALIZED' }, 'Start Verification'],
    [{ accessDenied: false, formExpired: false, transactionState: null }, 'Start Verification'],
  ])('%o → %s', (input, label) => expect(initButton(input)).toBe(label));
});

describe('start (spec §4)', () => {
  const base = {
    questionnaireRequired: false,
    questionnaireAnswered: false,
    profileHasName: true,
    state: 'NOT_INITIALIZED',
    basicDetailsRequired: false,
  };
  it('asks the questionnaire first when required and unanswered', () => {
    expect(startAction({ ...base, questionnaireRequired: true })).toBe('questionnaire');
    expect(startAction({ ...base, questionnaireRequired: true, questionnaireAnswered: true })).toBe(
      'process',
    );
  });
  it('processes only with a name, NOT_INITIALIZED and no basic details', () => {
    expect(startAction(base)).toBe('process');
    expect(startAction({ ...base, profileHasName: false })).toBe('mark-start-clicked');
    expect(startAction({ ...base, basicDetailsRequired: true })).toBe('mark-start-clicked');
    expect(startAction({ ...base, state: 'DATA_SAVED' })).toBe('mark-start-clicked');
  });
});

describe('continue (spec §4)', () => {
  const unpaid = {
    profileHasName: true,
    state: 'DATA_SAVED',
    basicDetailsRequired: false,
    paid: false,
    paymentRequired: false,
  };
  it('sends a profile without a name to /profile-mode and basic details first', () => {
    // Step 3 (spec §1): the evaluation partner's reference comes before the documents, while open.
    expect(continueAction({ ...unpaid, evaluationPending: true, verifications: [] })).toEqual({
      kind: 'evaluation-partner',
    });
    expect(
      continueAction({ ...unpaid, state: 'SUBMITTED', evaluationPending: true, verifications: [] }).kind,
    ).not.toBe('evaluation-partner');
    expect(continueAction({ ...unpaid, profileHasName: false, verifications: [] })).toEqual({
      kind: 'profile-mode',
    });
    expect(
      continueAction({ ...unpaid, state: 'NOT_INITIALIZED', basicDetailsRequired: true, verifications: [] }),
    ).toEqual({ kind: 'basic-details' });
  });
  it('checks the minimum set, then non-skippable, then offers to skip the rest', () => {
    expect(continueAction({ ...unpaid, verifications: [v('bgv-degree'), v('bgv-tenth')] })).toEqual({
      kind: 'pending-minimum-set',
    });
    const started = v('bgv-degree', 'READY_TO_SUBMIT');
    expect(continueAction({ ...unpaid, verifications: [started, v('aadhaar')] })).toEqual({
      kind: 'blocked',
      names: ['aadhaar'],
    });
    expect(
      continueAction({
        ...unpaid,
        verifications: [started, v('bgv-tenth', 'NOT_INITIALIZED', { skipAllowed: true })],
      }),
    ).toEqual({ kind: 'skip-pending', names: ['bgv-tenth'] });
  });
  it('issue 24: an auto-saved (DATA_SAVED) verification is offered to skip or blocks; never a submit', () => {
    const ready = [v('bgv-degree', 'READY_TO_SUBMIT'), v('aadhaar', 'COMPLETED')];
    expect(
      continueAction({ ...unpaid, verifications: [...ready, v('dl', 'DATA_SAVED', { skipAllowed: true })] }),
    ).toEqual({ kind: 'skip-pending', names: ['dl'] });
    expect(
      continueAction({
        ...unpaid,
        paymentRequired: true,
        verifications: [...ready, v('dl', 'DATA_SAVED', { skipAllowed: true })],
      }),
    ).toEqual({ kind: 'skip-pending', names: ['dl'] });
    expect(
      continueAction({
        ...unpaid,
        verifications: [v('bgv-degree', 'DATA_SAVED'), v('aadhaar', 'COMPLETED')],
      }),
    ).toEqual({ kind: 'blocked', names: ['bgv-degree'] });
    // An OTP-only check typed but not verified by its OTP is not done either.
    expect(
      continueAction({
        ...unpaid,
        verifications: [v('bgv-degree', 'READY_TO_SUBMIT'), v('aadhaar', 'READY_TO_SUBMIT')],
      }),
    ).toEqual({ kind: 'blocked', names: ['aadhaar'] });
  });
  it('submits, or goes to payment when payment is required', () => {
    const all = [
      v('bgv-degree', 'READY_TO_SUBMIT'),
      v('bgv-tenth', 'NOT_INITIALIZED', { markedAsSkip: true }),
    ];
    expect(continueAction({ ...unpaid, verifications: all })).toEqual({ kind: 'submit' });
    expect(continueAction({ ...unpaid, paymentRequired: true, verifications: all })).toEqual({
      kind: 'payment',
    });
  });
  it('a transaction already submitted or in progress goes to /submitted: no second submit', () => {
    const all = [
      v('bgv-degree', 'SUBMITTED'),
      v('bgv-tenth', 'NOT_INITIALIZED', { markedAsSkip: true, skipAllowed: true }),
    ];
    for (const state of ['SUBMITTED', 'IN_PROGRESS', 'INSUFFICIENT_DATA', 'COMPLETED', 'CLOSED'])
      expect(continueAction({ ...unpaid, state, verifications: all })).toEqual({ kind: 'submitted' });
    expect(continueAction({ ...unpaid, state: 'DATA_SAVED', verifications: all })).toEqual({
      kind: 'submit',
    });
  });
  it('paid: all done → submitted; NOT_INITIALIZED → process and reload', () => {
    const paid = { ...unpaid, paid: true, paymentRequired: true };
    expect(continueAction({ ...paid, verifications: [v('a', 'COMPLETED')] })).toEqual({ kind: 'submitted' });
    expect(continueAction({ ...paid, state: 'NOT_INITIALIZED', verifications: [v('a')] })).toEqual({
      kind: 'process-and-reload',
    });
    expect(continueAction({ ...paid, state: 'COMPLETED', verifications: [v('a', 'IN_PROGRESS')] })).toEqual({
      kind: 'submitted',
    });
    expect(continueAction({ ...paid, verifications: [v('a', 'IN_PROGRESS'), v('b')] })).toEqual({
      kind: 'blocked',
      names: ['b'],
    });
  });
});

describe('tile click (spec §4)', () => {
  it('settled degree-type verifications without multiple submissions open the info screen', () => {
    expect(tileRoute(v('bgv-degree', 'COMPLETED'))).toBe('/verification-info');
    expect(tileRoute(v('bgv-degree', 'FAILED'))).toBe('/verification-info');
    expect(tileRoute(v('bgv-degree', 'INSUFFICIENT_DATA'))).toBe('/verification-info');
    expect(tileRoute(v('bgv-degree', 'COMPLETED', { acceptMultipleSubmissions: true }))).toBe(
      '/verification',
    );
  });
  it('insufficient data opens the insufficiency screen; others the form', () => {
    expect(tileRoute(v('aadhaar', 'INSUFFICIENT_DATA'))).toBe('/verification/insufficiency');
    expect(tileRoute(v('bgv-degree', 'INSUFFICIENT_DATA', { acceptMultipleSubmissions: true }))).toBe(
      '/verification/insufficiency',
    );
    expect(tileRoute(v('aadhaar'))).toBe('/verification');
    expect(tileRoute(v('bgv-degree', 'DATA_SAVED'))).toBe('/verification');
  });
});

describe('tile click: every case (spec §4, issue 12)', () => {
  const SETTLED = ['COMPLETED', 'FAILED', 'INSUFFICIENT_DATA'];
  const OTHERS = ['NOT_INITIALIZED', 'DATA_SAVED', 'READY_TO_SUBMIT', 'SUBMITTED', 'IN_PROGRESS', 'CLOSED'];
  it('bgv-prefixed types, further instances (~n) and the address and EWS types alike', () => {
    for (const name of [
      'bgv-degree',
      'bgv-degree~2',
      'bgv-degree~13',
      'bgv-address',
      'bgv-ews',
      'bgv-tenth',
    ]) {
      for (const state of SETTLED)
        expect(tileRoute(v(name, state)), `${name} ${state}`).toBe('/verification-info');
      for (const state of OTHERS) expect(tileRoute(v(name, state)), `${name} ${state}`).toBe('/verification');
      // A skipped tile is still the form (it may be filled in again).
      expect(tileRoute(v(name, 'NOT_INITIALIZED', { markedAsSkip: true }))).toBe('/verification');
    }
  });
  it('with multiple submissions: insufficient data opens the insufficiency screen, the rest the form', () => {
    for (const name of ['bgv-degree', 'bgv-degree~2', 'bgv-employment~3']) {
      const multi = { acceptMultipleSubmissions: true };
      expect(tileRoute(v(name, 'INSUFFICIENT_DATA', multi))).toBe('/verification/insufficiency');
      expect(tileRoute(v(name, 'COMPLETED', multi))).toBe('/verification');
      expect(tileRoute(v(name, 'FAILED', multi))).toBe('/verification');
      for (const state of OTHERS) expect(tileRoute(v(name, state, multi))).toBe('/verification');
    }
  });
  it('types without the bgv- prefix: insufficient data opens the insufficiency screen, the rest the form', () => {
    for (const name of ['aadhaar', 'passport', 'dl', 'employment-check']) {
      expect(tileRoute(v(name, 'INSUFFICIENT_DATA'))).toBe('/verification/insufficiency');
      expect(tileRoute(v(name, 'COMPLETED'))).toBe('/verification');
      expect(tileRoute(v(name, 'FAILED'))).toBe('/verification');
      for (const state of OTHERS) expect(tileRoute(v(name, state))).toBe('/verification');
    }
  });
});

describe('status banners (spec §4)', () => {
  const now = new Date('2030-06-10T00:00:00Z');
  const info = (state: string, extra: Partial<Parameters<typeof statusBanner>[0]> = {}) => ({
    state,
    filtered: { remaining: [] as string[] },
    expectedCompletionDate: null,
    updatedAt: '2030-06-01T00:00:00.000Z',
    ...extra,
  });
  it('COMPLETED with none remaining → Verified', () => {
    expect(statusBanner(info('COMPLETED'), now)).toEqual({ kind: 'verified' });
    expect(statusBanner(info('COMPLETED', { filtered: { remaining: ['a'] } }), now)).toBeNull();
  });
  it('IN_PROGRESS or DATA_SAVED with an expected date → InProgress, delayed when past it', () => {
    const onTime = info('IN_PROGRESS', { expectedCompletionDate: { maxDate: '2030-06-20T00:00:00.000Z' } });
    expect(statusBanner(onTime, now)).toEqual({
      kind: 'in-progress',
      maxDate: '2030-06-20T00:00:00.000Z',
      delayed: false,
    });
    const late = info('DATA_SAVED', { expectedCompletionDate: { maxDate: '2030-06-01T00:00:00.000Z' } });
    expect(statusBanner(late, now)).toMatchObject({ kind: 'in-progress', delayed: true });
    expect(statusBanner(info('IN_PROGRESS'), now)).toBeNull();
  });
  it('SUBMITTED with the expected date set by the submit → InProgress', () => {
    const submitted = info('SUBMITTED', { expectedCompletionDate: { maxDate: '2030-06-20T00:00:00.000Z' } });
    expect(statusBanner(submitted, now)).toEqual({
      kind: 'in-progress',
      maxDate: '2030-06-20T00:00:00.000Z',
      delayed: false,
    });
  });
  it('CLOSED with updatedAt → Closed', () => {
    expect(statusBanner(info('CLOSED'), now)).toEqual({
      kind: 'closed',
      updatedAt: '2030-06-01T00:00:00.000Z',
    });
    expect(statusBanner(info('CLOSED', { updatedAt: null }), now)).toBeNull();
  });
});

describe('field labels (spec §5)', () => {
  it.each([
    ['dateOfBirth', 'Date Of Birth'],
    ['line1', 'Line1'],
    ['institute_name', 'Institute Name'],
    ['passing-year', 'Passing Year'],
    ['documentURL', 'Document URL'],
    ['PANNumber', 'PAN Number'],
  ])('%s → %s', (name, label) => expect(fieldLabel(name)).toBe(label));
});

describe('instances of one verification type (issue 12)', () => {
  it('verificationTypeOf strips "~n" and only that', () => {
    expect(verificationTypeOf('bgv-degree')).toBe('bgv-degree');
    expect(verificationTypeOf('bgv-degree~2')).toBe('bgv-degree');
    expect(verificationTypeOf('bgv-employment~10')).toBe('bgv-employment');
    // Not an instance suffix: kept as it is.
    expect(verificationTypeOf('bgv-degree~0')).toBe('bgv-degree~0');
    expect(verificationTypeOf('bgv-degree~x')).toBe('bgv-degree~x');
    expect(verificationTypeOf('~2')).toBe('~2');
    expect(baseName('bgv-degree~3')).toBe('bgv-degree');
  });

  it('instance numbers, keys and labels', () => {
    expect(instanceNumberOf('bgv-degree')).toBe(1);
    expect(instanceNumberOf('bgv-degree~7')).toBe(7);
    expect(instanceKey('bgv-degree', 1)).toBe('bgv-degree');
    expect(instanceKey('bgv-degree', 3)).toBe('bgv-degree~3');
    expect(instanceLabel('Degree', 'bgv-degree')).toBe('Degree');
    expect(instanceLabel('Degree', 'bgv-degree~2')).toBe('Degree 2');
  });

  it('the next key is one above the highest of that type', () => {
    expect(nextInstanceKey('bgv-degree', ['bgv-tenth', 'bgv-degree'])).toBe('bgv-degree~2');
    expect(nextInstanceKey('bgv-degree', ['bgv-degree', 'bgv-degree~2', 'bgv-degree~5'])).toBe(
      'bgv-degree~6',
    );
    expect(nextInstanceKey('bgv-degree', ['bgv-employment~4'])).toBe('bgv-degree');
  });

  it('degrees always accept several submissions; others by their config', () => {
    expect(acceptsMultiple('bgv-degree', false)).toBe(true);
    expect(acceptsMultiple('bgv-degree~2', undefined)).toBe(true);
    expect(acceptsMultiple('bgv-employment', true)).toBe(true);
    expect(acceptsMultiple('bgv-twelfth', false)).toBe(false);
  });

  it('any degree instance counts for the minimum set', () => {
    expect(
      minimumSetMet([
        { name: 'bgv-degree', state: 'NOT_INITIALIZED', markedAsSkip: false },
        { name: 'bgv-degree~2', state: 'READY_TO_SUBMIT', markedAsSkip: false },
        { name: 'bgv-tenth', state: 'NOT_INITIALIZED', markedAsSkip: true },
      ]),
    ).toBe(true);
    expect(
      minimumSetMet([
        { name: 'bgv-degree', state: 'NOT_INITIALIZED', markedAsSkip: false },
        { name: 'bgv-degree~2', state: 'DATA_SAVED', markedAsSkip: true },
      ]),
    ).toBe(false);
  });

  it('tiles keep the instances of a type together, in number order, where the most urgent stands', () => {
    const list = [
      { name: 'bgv-tenth', state: 'DATA_SAVED', markedAsSkip: false, category: { name: 'Education' } },
      { name: 'bgv-degree', state: 'NOT_INITIALIZED', markedAsSkip: false, category: { name: 'Education' } },
      {
        name: 'bgv-degree~3',
        state: 'NOT_INITIALIZED',
        markedAsSkip: false,
        category: { name: 'Education' },
      },
      {
        name: 'bgv-degree~2',
        state: 'READY_TO_SUBMIT',
        markedAsSkip: false,
        category: { name: 'Education' },
      },
    ];
    expect(groupByCategory(list)[0]?.items.map((v) => v.name)).toEqual([
      'bgv-degree',
      'bgv-degree~2',
      'bgv-degree~3',
      'bgv-tenth',
    ]);
  });

  it('tiles of a multi-submission type open /verification even when settled', () => {
    const v = { name: 'bgv-degree~2', state: 'COMPLETED', markedAsSkip: false };
    expect(tileRoute({ ...v, acceptMultipleSubmissions: true })).toBe('/verification');
    expect(tileRoute({ ...v, acceptMultipleSubmissions: false })).toBe('/verification-info');
  });
});

/** Cases the mutation run (npm run mutation) showed no test would notice when the rule changed. */
describe('edges of the journey rules', () => {
  it('sorts equal priorities in form order, however many', () => {
    const list = ['a', 'b', 'c', 'd', 'e'].map((name) => v(name, 'DATA_SAVED'));
    const mixed = [...list.slice(0, 2), v('x', 'INSUFFICIENT_DATA'), ...list.slice(2)];
    expect(sortVerifications(mixed).map((x) => x.name)).toEqual(['x', 'a', 'b', 'c', 'd', 'e']);
  });

  it('names: blank stays blank, VERIFIED reads Verified, other states title case', () => {
    expect(displayState('')).toBe('');
    expect(displayState('VERIFIED')).toBe('Verified');
    expect(displayState('READY_TO_SUBMIT')).toBe('Ready To Submit');
  });

  it('an instance suffix is a whole number after the last ~, nothing before or after it', () => {
    expect(verificationTypeOf('bgv-degree~2x')).toBe('bgv-degree~2x');
    expect(verificationTypeOf('bgv-degree~x2')).toBe('bgv-degree~x2');
  });

  it('groups a verification without a category under Other', () => {
    const groups = groupByCategory([v('a'), { ...v('b'), category: undefined }]);
    expect(groups).toEqual([
      { category: 'Education', items: [expect.objectContaining({ name: 'a' })] },
      { category: 'Other', items: [expect.objectContaining({ name: 'b' })] },
    ]);
  });

  it('a transaction is open for input in NOT_INITIALIZED and DATA_SAVED only', () => {
    expect(isTransactionOpen('NOT_INITIALIZED')).toBe(true);
    expect(isTransactionOpen('DATA_SAVED')).toBe(true);
    for (const state of ['READY_TO_SUBMIT', 'SUBMITTED', 'IN_PROGRESS', 'COMPLETED', 'CLOSED'])
      expect(isTransactionOpen(state), state).toBe(false);
  });

  const unpaid = {
    profileHasName: true,
    state: 'DATA_SAVED',
    basicDetailsRequired: false,
    paid: false,
    paymentRequired: false,
  };
  const paid = { ...unpaid, paid: true, paymentRequired: true };

  it('basic details are asked before the start only: a started transaction goes on', () => {
    const ready = [v('bgv-degree', 'READY_TO_SUBMIT')];
    expect(continueAction({ ...unpaid, basicDetailsRequired: true, verifications: ready })).toEqual({
      kind: 'submit',
    });
  });

  it('paid and not started: process and reload unless every verification is done', () => {
    expect(
      continueAction({ ...paid, state: 'NOT_INITIALIZED', verifications: [v('a', 'COMPLETED'), v('b')] }),
    ).toEqual({ kind: 'process-and-reload' });
    expect(
      continueAction({ ...paid, state: 'NOT_INITIALIZED', verifications: [v('a', 'COMPLETED')] }),
    ).toEqual({ kind: 'submitted' });
  });

  it('paid and already submitted: /submitted even with a verification left unfinished', () => {
    expect(
      continueAction({ ...paid, state: 'SUBMITTED', verifications: [v('a', 'SUBMITTED'), v('b')] }),
    ).toEqual({ kind: 'submitted' });
  });

  it('is not delayed at the expected date itself, only after it', () => {
    const maxDate = '2030-06-10T00:00:00.000Z';
    const info = {
      state: 'IN_PROGRESS',
      filtered: { remaining: [] },
      expectedCompletionDate: { maxDate },
      updatedAt: null,
    };
    expect(statusBanner(info, new Date(maxDate))).toEqual({ kind: 'in-progress', maxDate, delayed: false });
    expect(statusBanner(info, new Date(Date.parse(maxDate) + 1))).toMatchObject({ delayed: true });
  });

  it('labels drop leading, trailing and repeated separators', () => {
    expect(fieldLabel('_private__key_')).toBe('Private Key');
  });
});
