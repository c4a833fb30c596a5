import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setItem } from '../../lib/storage';
import {
  fail,
  makeNotice,
  makeProfile,
  makeSession,
  makeTransactionInfo,
  ok,
  storeSession,
} from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render';

const V1 = '/api/verification/v1';
const TXN = '3f1c2a9e-7b7d-4c55-9a8e-0d3c7f6b1a21';
const PARTNERS = {
  list: [
    { id: 'WES', name: 'World Education Services (WES)', pattern: '^\\d{7}$', example: '4012345' },
    { id: 'ICAS', name: 'ICAS', pattern: '^ICAS-\\d{6}$', example: 'ICAS-123456' },
  ],
  total: 2,
};
const NONE = {
  provider: null,
  providerName: null,
  reference: null,
  maskedEmail: null,
  validatedAt: null,
  pendingOtp: null,
};
const SENT = {
  otpId: 'otp-1',
  maskedEmail: 'a***a@example.com',
  expiresIn: 600,
  resendIn: 30,
  requestsLeft: 2,
};

let api: MockApi;
beforeEach(() => {
  api = mockApi();
  storeSession(makeSession());
  setItem('orgId', 'demo-university');
  setItem('formId', 'demo-form');
  setItem('txnId', TXN);
  api.on('get', '/api/web-wallet/profile', { status: 200, body: ok(makeProfile()) });
  api.on('get', `${V1}/evaluation-partners`, { status: 200, body: ok(PARTNERS) });
  api.on('get', `${V1}/privacy/notice`, { status: 200, body: ok(makeNotice({ consented: true })) });
});

/** No reference validated yet. */
const noEvalInfo = () => api.on('get', `${V1}/transactions/eval-info`, { status: 200, body: ok(NONE) });
afterEach(() => api.restore());

/** A request whose privacy notice was never answered (a single sign-on link's first visit). */
function notConsentedYet() {
  api.restore();
  api = mockApi();
  api.on('get', '/api/web-wallet/profile', { status: 200, body: ok(makeProfile()) });
  api.on('get', `${V1}/evaluation-partners`, { status: 200, body: ok(PARTNERS) });
  noEvalInfo();
  api.on('get', `${V1}/privacy/notice`, { status: 200, body: ok(makeNotice()) });
}

/** Types into the six OTP blocks. */
async function typeOtp(user: ReturnType<typeof renderApp>['user'], code: string) {
  await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
  await user.keyboard(code);
}

describe('/select-evaluation-partner', () => {
  it('a request not consented to yet shows the privacy notice first; "I agree" goes on to the partner step (issue 29)', async () => {
    notConsentedYet();
    api.on('post', `${V1}/privacy/consent`, {
      status: 200,
      body: ok({ action: 'consent', recorded: true, grants: [], consented: true }),
    });
    const { user } = renderApp({ route: '/select-evaluation-partner' });

    await user.click(await screen.findByRole('button', { name: 'I agree' }));
    expect(await screen.findByRole('button', { name: 'Send OTP' })).toBeInTheDocument();
    expect(api.callsTo('post', `${V1}/privacy/consent`)[0]?.body).toMatchObject({
      orgId: 'demo-university',
      txnId: TXN,
    });
    // Nothing was sent to the partner's e-mail before the consent.
    expect(api.callsTo('post', `${V1}/transactions/eval-info/otp`)).toHaveLength(0);
  });

  it('a request already started does not ask for the notice again', async () => {
    notConsentedYet();
    api.on('get', `${V1}/transactions/info`, {
      status: 200,
      body: ok(makeTransactionInfo([], { txnId: TXN, state: 'DATA_SAVED' })),
    });
    renderApp({ route: '/select-evaluation-partner' });
    expect(await screen.findByRole('button', { name: 'Send OTP' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I agree' })).not.toBeInTheDocument();
    expect(api.callsTo('get', `${V1}/privacy/notice`)).toHaveLength(0);
  });

  it('"I do not agree" sends no code: the refusal is said, and there is no partner step', async () => {
    notConsentedYet();
    api.on('post', `${V1}/privacy/consent`, {
      status: 200,
      body: ok({ action: 'refuse', recorded: true, grants: [], consented: false }),
    });
    const { user } = renderApp({ route: '/select-evaluation-partner' });

    await user.click(await screen.findByRole('button', { name: 'I do not agree' }));
    expect(await screen.findByRole('heading', { name: 'Your form cannot start' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send OTP' })).not.toBeInTheDocument();
  });

  it('checks the format, sends the OTP, explains a wrong code and goes to the form home on success', async () => {
    noEvalInfo();
    api.on('post', `${V1}/transactions/eval-info/otp`, { status: 200, body: ok(SENT) });
    api.on(
      'post',
      `${V1}/transactions/eval-info`,
      { status: 400, body: fail(106, 'Incorrect OTP, 2 attempts left', { attemptsLeft: 2 }) },
      { once: true },
    );
    api.on('post', `${V1}/transactions/eval-info`, {
      status: 200,
      body: ok({ ...NONE, provider: 'WES', reference: '4012345', validatedAt: '2030-01-15T10:00:00.000Z' }),
    });
    const { user, probe } = renderApp({ route: '/select-evaluation-partner' });

    await user.click(await screen.findByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Choose your evaluation partner')).toBeInTheDocument();
    expect(screen.getByText('Enter your reference number')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Evaluation partner'), 'WES');
    await user.type(screen.getByLabelText('Reference number'), '40123');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Enter the reference number in the format 4012345')).toBeInTheDocument();
    expect(api.callsTo('post', `${V1}/transactions/eval-info/otp`)).toHaveLength(0);

    await user.clear(screen.getByLabelText('Reference number'));
    await user.type(screen.getByLabelText('Reference number'), ' 4012345 ');
    // The partner's format is the field's hint once nothing is wrong.
    expect(await screen.findByText('Format: 4012345')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('We sent a 6-digit OTP to a***a@example.com.')).toBeInTheDocument();
    expect(api.callsTo('post', `${V1}/transactions/eval-info/otp`)[0]?.body).toEqual({
      orgId: 'demo-university',
      txnId: TXN,
      partner: 'WES',
      reference: '4012345',
    });
    expect(screen.getByText('2 requests left')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();

    await typeOtp(user, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect OTP, 2 attempts left');

    await typeOtp(user, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await waitFor(() => expect(probe.current?.pathname).toBe(`/ekyc/demo-form/${TXN}`));
    expect(api.callsTo('post', `${V1}/transactions/eval-info`).at(-1)?.body).toEqual({
      orgId: 'demo-university',
      txnId: TXN,
      otpId: 'otp-1',
      otp: '123456',
    });
  });

  it('a reload after 3 requests restores the OTP step from the server: the latest code can still be typed (issue 24)', async () => {
    api.on('get', `${V1}/transactions/eval-info`, {
      status: 200,
      body: ok({
        ...NONE,
        pendingOtp: {
          ...SENT,
          otpId: 'otp-3',
          resendIn: 0,
          requestsLeft: 0,
          partner: 'WES',
          reference: '4012345',
        },
      }),
    });
    api.on('post', `${V1}/transactions/eval-info`, {
      status: 200,
      body: ok({ ...NONE, provider: 'WES', reference: '4012345', validatedAt: '2030-01-15T10:00:00.000Z' }),
    });
    const { user, probe } = renderApp({ route: '/select-evaluation-partner' });

    expect(await screen.findByText('We sent a 6-digit OTP to a***a@example.com.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send OTP' })).toBeNull();
    expect(screen.getByText('0 requests left')).toBeInTheDocument();
    await typeOtp(user, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await waitFor(() => expect(probe.current?.pathname).toBe(`/ekyc/demo-form/${TXN}`));
    expect(api.callsTo('post', `${V1}/transactions/eval-info`)[0]?.body).toEqual({
      orgId: 'demo-university',
      txnId: TXN,
      otpId: 'otp-3',
      otp: '654321',
    });
    // Nothing was asked for again.
    expect(api.callsTo('post', `${V1}/transactions/eval-info/otp`)).toHaveLength(0);
  });

  it('shows the limits in words: the request limit and the 2-hour block', async () => {
    noEvalInfo();
    api.on(
      'post',
      `${V1}/transactions/eval-info/otp`,
      { status: 429, body: fail(109, 'limit', { retryAfter: 600 }) },
      { once: true },
    );
    api.on('post', `${V1}/transactions/eval-info/otp`, { status: 200, body: ok(SENT) });
    api.on('post', `${V1}/transactions/eval-info`, {
      status: 429,
      body: fail(108, 'blocked', { retryAfter: 7200 }),
    });
    const { user } = renderApp({ route: '/select-evaluation-partner' });
    await user.selectOptions(await screen.findByLabelText('Evaluation partner'), 'ICAS');
    await user.type(screen.getByLabelText('Reference number'), 'icas-123456');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You can request an OTP up to 3 times. Please try again later',
    );
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await typeOtp(user, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many failed attempts. You are blocked for 2 hours',
    );
    // Blocked (issue 24): Verify and the resend countdown stop, as on the sign-in step.
    expect(screen.getByRole('button', { name: 'Verify OTP' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Resend in/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeDisabled();
  });

  it('tells a superseded code from an expired one by its reason, whatever the message language', async () => {
    noEvalInfo();
    api.on('post', `${V1}/transactions/eval-info/otp`, { status: 200, body: ok(SENT) });
    // The server answers in the candidate's language: the screen must not read its words.
    api.on(
      'post',
      `${V1}/transactions/eval-info`,
      { status: 400, body: fail(107, 'यह OTP अब मान्य नहीं है', { reason: 'superseded' }) },
      { once: true },
    );
    api.on('post', `${V1}/transactions/eval-info`, { status: 400, body: fail(107, 'OTP expired') });
    const { user } = renderApp({ route: '/select-evaluation-partner' });
    await user.selectOptions(await screen.findByLabelText('Evaluation partner'), 'WES');
    await user.type(screen.getByLabelText('Reference number'), '4012345');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await typeOtp(user, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This OTP is no longer valid, use the latest one',
    );
    await typeOtp(user, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('OTP has expired, please request a new one'),
    );
  });

  it('creates the transaction of the form when the single sign-on link had no txnId', async () => {
    window.localStorage.removeItem('txnId');
    api.on('post', `${V1}/transactions`, {
      status: 200,
      body: ok({ transactionId: TXN, state: 'NOT_INITIALIZED', created: true }),
    });
    api.on('get', `${V1}/transactions/eval-info`, {
      status: 200,
      body: ok({
        provider: 'WES',
        providerName: 'World Education Services (WES)',
        reference: '4012345',
        maskedEmail: 'a***a@example.com',
        validatedAt: '2030-01-15T10:00:00.000Z',
      }),
    });
    const { user, probe } = renderApp({ route: '/select-evaluation-partner' });
    // Already validated: said so, with the way on.
    expect(
      await screen.findByText(
        'Your reference number 4012345 with World Education Services (WES) is validated.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('post', `${V1}/transactions`)[0]?.body).toEqual({
      orgId: 'demo-university',
      eKycFormId: 'demo-form',
    });
    expect(window.localStorage.getItem('txnId')).toBe(TXN);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(probe.current?.pathname).toBe(`/ekyc/demo-form/${TXN}`));
  });
});
