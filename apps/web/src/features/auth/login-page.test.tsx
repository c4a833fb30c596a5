import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, makeProfile, makeSession, ok } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { recordAnalytics } from '../../test/analytics-sink';
import { renderApp } from '../../test/render';

const LOGIN = '/api/web-wallet/profile/login';
const VERIFY = /\/api\/web-wallet\/profile\/otp\/[^/]+\/verify$/;
const CREATE = '/api/web-wallet/profile';
const TXN = '3f1c1a56-2a8e-4d8e-9a3f-0c1d2e3f4a5b';

let api: MockApi;
beforeEach(() => {
  api = mockApi();
  api.on('post', '/api/web-wallet/profile/logout', { status: 200, body: ok(null) });
});
afterEach(() => api.restore());

function otpSent(resendIn = 30, channel: 'sms' | 'whatsapp' = 'sms') {
  return { status: 200, body: ok({ txnId: TXN, channel, expiresIn: 600, resendIn, requestsLeft: 2 }) };
}

const mobileField = () => screen.getByLabelText('Mobile Number');
const getOtp = () => screen.getByRole('button', { name: 'Get OTP' });
const otpDigit = (n: number) => screen.getByLabelText(`OTP digit ${n} of 6`);

describe('login screen: mobile step', () => {
  it('accepts digits only, at most 10, and enables Get OTP only for a valid number', async () => {
    const { user } = renderApp({ route: '/login' });
    await screen.findByRole('heading', { name: 'Sign up / Login' });
    expect(getOtp()).toBeDisabled();
    expect(screen.getByText('+91')).toBeInTheDocument();
    expect(mobileField()).toHaveAttribute('inputmode', 'numeric');

    await user.type(mobileField(), '98a76-54 3210999');
    expect(mobileField()).toHaveValue('9876543210');
    expect(getOtp()).toBeEnabled();

    await user.clear(mobileField());
    await user.type(mobileField(), '1234567890');
    expect(getOtp()).toBeDisabled();
    expect(screen.getByText('Enter a valid 10-digit mobile number')).toBeInTheDocument();

    expect(screen.getByRole('radiogroup', { name: 'Receive OTP via' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'SMS' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'WhatsApp' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  });

  it('shows the server’s message inline when no OTP can be sent', async () => {
    api.on('post', LOGIN, {
      status: 429,
      body: fail(109, 'You have reached the maximum number of OTP requests, please try again later'),
    });
    const { user } = renderApp({ route: '/login' });
    await user.type(await screen.findByLabelText('Mobile Number'), '9876543210');
    await user.click(getOtp());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'You have reached the maximum number of OTP requests, please try again later',
    );
    // Shown once: inline, not also as a snackbar.
    expect(screen.getAllByText(/maximum number of OTP requests/)).toHaveLength(1);
  });
});

describe('login screen: a form link opened while signed out', () => {
  const ORG = '/api/verification/v1/verifier/org-3';
  const org = (imageUrl: string | null) => ({
    orgId: 'org-3',
    name: 'demo-university',
    displayName: 'Demo University',
    imageUrl,
    additionalDetail: {},
  });

  it('names the organisation that sent the link, with its logo', async () => {
    api.on('get', ORG, { status: 200, body: ok(org('/api/assets/demo-logo.svg')) });
    renderApp({ route: '/ekyc/form-7?orgId=org-3' });
    expect(await screen.findByText('Demo University')).toBeInTheDocument();
    expect(screen.getByText('Requested by')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Demo University logo' })).toHaveAttribute(
      'src',
      '/api/assets/demo-logo.svg',
    );
    expect(screen.getByRole('heading', { name: 'Sign up / Login' })).toBeInTheDocument();
  });

  it('shows the initial without a logo, and the generic page when the organisation is unknown', async () => {
    api.on('get', ORG, { status: 200, body: ok(org(null)) }, { once: true });
    const { unmount } = renderApp({ route: '/ekyc/form-7?orgId=org-3' });
    expect(await screen.findByText('Demo University')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /logo/ })).not.toBeInTheDocument();
    unmount();

    api.on('get', ORG, { status: 404, body: fail(120, 'This organisation does not exist') });
    renderApp({ route: '/ekyc/form-7?orgId=org-3' });
    await screen.findByRole('heading', { name: 'Sign up / Login' });
    await waitFor(() => expect(api.callsTo('get', ORG)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByText('Requested by')).not.toBeInTheDocument());
  });

  it('the generic page on /login itself asks for no organisation', async () => {
    renderApp({ route: '/login' });
    await screen.findByRole('heading', { name: 'Sign up / Login' });
    expect(screen.queryByText('Requested by')).not.toBeInTheDocument();
    expect(api.callsTo('get', ORG)).toHaveLength(0);
  });
});

describe('login screen: a new number signs up', () => {
  it('mobile → OTP via WhatsApp → name → wallet created, session stored, home with the name', async () => {
    const session = makeSession();
    api.on('post', LOGIN, otpSent(30, 'whatsapp'));
    api.on('put', VERIFY, { status: 200, body: ok({ newUser: true, txnId: TXN, mobile: '9876541234' }) });
    api.on('post', CREATE, { status: 200, body: ok(session) });
    api.on('get', '/api/web-wallet/profile', {
      status: 200,
      body: ok(makeProfile({ profileDetails: { name: 'Asha Verma' } })),
    });
    const analytics = recordAnalytics();
    const { user, probe } = renderApp({ route: '/login' });

    await user.type(await screen.findByLabelText('Mobile Number'), '9876541234');
    await user.click(screen.getByRole('radio', { name: 'WhatsApp' }));
    await user.click(getOtp());

    expect(await screen.findByText('+91 XXXXXX1234')).toBeInTheDocument();
    expect(screen.getByText(/Enter the 6-digit OTP sent to/)).toHaveTextContent(
      'Enter the 6-digit OTP sent to +91 XXXXXX1234 via WhatsApp',
    );
    expect(api.callsTo('post', LOGIN)[0]?.body).toEqual({ mobile: '9876541234', channel: 'whatsapp' });
    expect(api.callsTo('post', LOGIN)[0]?.headers['partner-org-id']).toBe('veridocs');
    expect(screen.getByRole('group', { name: 'One-time password' })).toBeInTheDocument();
    await waitFor(() => expect(otpDigit(1)).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Resend OTP in 0:30' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Verify OTP' })).toBeDisabled();

    await user.keyboard('482913');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(api.callsTo('put', VERIFY)[0]?.url).toBe(`/api/web-wallet/profile/otp/${TXN}/verify`);
    expect(api.callsTo('put', VERIFY)[0]?.body).toEqual({ otp: '482913' });

    expect(await screen.findByRole('heading', { name: 'Create your wallet' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Wallet' }));
    expect(await screen.findByText('Name must not be empty')).toBeInTheDocument();
    expect(api.callsTo('post', CREATE)).toHaveLength(0);

    await user.type(screen.getByLabelText('Full Name'), 'Asha Verma');
    await user.click(screen.getByRole('button', { name: 'Create Wallet' }));

    expect(await screen.findByRole('heading', { name: 'Hello, Asha Verma' })).toBeInTheDocument();
    expect(probe.current?.pathname).toBe('/');
    expect(api.callsTo('post', CREATE)[0]?.body).toEqual({
      mobile: '9876541234',
      name: 'Asha Verma',
      txnId: TXN,
    });
    expect(localStorage.getItem('accessToken')).toBe(session.accessToken);
    expect(localStorage.getItem('refreshToken')).toBe(session.refreshToken);
    expect(localStorage.getItem('refreshTokenExpiresIn')).toBe('3600');

    // Analytics (through the tracker's lazy chunk): the OTP sent, the new wallet signed in; nothing
    // of the person in them.
    await waitFor(() => expect(analytics.names()).toEqual(['auth.otp_requested', 'auth.signed_in']));
    expect(analytics.events).toEqual([
      { name: 'auth.otp_requested', props: { channel: 'whatsapp', resend: false } },
      { name: 'auth.signed_in', props: { newUser: true } },
    ]);
    expect(analytics.values().join(' ')).not.toMatch(/9876541234|1234|Asha|Verma/);
  });
});

describe('login screen: a returning number', () => {
  it('works with the keyboard alone and returns to the page the visitor came from', async () => {
    api.on('post', LOGIN, otpSent());
    api.on('put', VERIFY, { status: 200, body: ok({ newUser: false, ...makeSession() }) });
    api.on('get', '/api/web-wallet/profile', { status: 200, body: ok(makeProfile()) });
    const analytics = recordAnalytics();
    const { user, probe } = renderApp({ route: '/ekyc/form-7?orgId=org-3' });

    await user.type(await screen.findByLabelText('Mobile Number'), '9876541234{Enter}');
    await waitFor(() => expect(otpDigit(1)).toHaveFocus());
    await user.keyboard('123456{Enter}');

    await waitFor(() => expect(probe.current?.pathname).toBe('/ekyc/form-7'));
    expect(probe.current?.search).toBe('?orgId=org-3');
    expect(screen.queryByRole('heading', { name: 'Create your wallet' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(analytics.of('auth.signed_in')).toEqual([{ name: 'auth.signed_in', props: { newUser: false } }]),
    );
  });

  it('a wrong OTP shows the server message inline and stays on the OTP step', async () => {
    api.on('post', LOGIN, otpSent());
    api.on('put', VERIFY, { status: 400, body: fail(106, 'Incorrect OTP, please try again') });
    const analytics = recordAnalytics();
    const { user, probe } = renderApp({ route: '/login' });
    await user.type(await screen.findByLabelText('Mobile Number'), '9876541234{Enter}');
    await waitFor(() => expect(otpDigit(1)).toHaveFocus());
    await user.keyboard('000000{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Incorrect OTP, please try again');
    expect(screen.getAllByText('Incorrect OTP, please try again')).toHaveLength(1);
    expect(probe.current?.pathname).toBe('/login');
    expect(otpDigit(1)).toHaveAttribute('aria-invalid', 'true');
    expect(localStorage.getItem('accessToken')).toBeNull();
    // Not signed in: only the OTP request was tracked.
    await waitFor(() => expect(analytics.names()).toEqual(['auth.otp_requested']));
  });

  it('"Change number" goes back to the mobile step with the number kept', async () => {
    api.on('post', LOGIN, otpSent());
    const { user } = renderApp({ route: '/login' });
    await user.type(await screen.findByLabelText('Mobile Number'), '9876541234{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Change number' }));
    expect(screen.getByLabelText('Mobile Number')).toHaveValue('9876541234');
    expect(screen.getByLabelText('Mobile Number')).toHaveFocus();
  });
});

describe('login screen: resend', () => {
  it('Resend OTP counts down from resendIn, then sends a new OTP and restarts', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api.on('post', LOGIN, otpSent(30), { once: true });
    // Every OTP sent is a new OTP request.
    api.on('post', LOGIN, {
      status: 200,
      body: ok({
        txnId: TXN.replace('3f1c', '4f1c'),
        channel: 'sms',
        expiresIn: 600,
        resendIn: 30,
        requestsLeft: 1,
      }),
    });
    const analytics = recordAnalytics();
    const { user } = renderApp({ route: '/login', userOptions: { advanceTimers: vi.advanceTimersByTime } });
    await user.type(await screen.findByLabelText('Mobile Number'), '9876541234{Enter}');
    expect(await screen.findByRole('button', { name: 'Resend OTP in 0:30' })).toBeDisabled();

    await vi.advanceTimersByTimeAsync(10_000);
    expect(screen.getByRole('button', { name: /Resend OTP in 0:2\d/ })).toBeDisabled();

    await vi.advanceTimersByTimeAsync(21_000);
    const resend = await screen.findByRole('button', { name: 'Resend OTP' });
    expect(resend).toBeEnabled();

    await user.click(resend);
    await waitFor(() => expect(api.callsTo('post', LOGIN)).toHaveLength(2));
    expect(await screen.findByRole('button', { name: 'Resend OTP in 0:30' })).toBeDisabled();
    expect(within(screen.getByRole('status')).getByText(/A new OTP has been sent/)).toBeInTheDocument();
    await waitFor(() =>
      expect(analytics.of('auth.otp_requested').map((e) => e.props.resend)).toEqual([false, true]),
    );
  });
});

describe('login screen: a block and a reload (issue 24)', () => {
  it('a block stops Verify and the resend countdown, and a reload keeps the block', async () => {
    api.on('post', LOGIN, otpSent(30));
    api.on('put', VERIFY, {
      status: 429,
      body: fail(108, 'Too many failed attempts. This number is blocked for 2 hours', { retryAfter: 7200 }),
    });
    const { user, unmount } = renderApp({ route: '/login' });
    await user.type(await screen.findByLabelText('Mobile Number'), '9876543210');
    await user.click(getOtp());
    await waitFor(() => expect(otpDigit(1)).toHaveFocus());
    await user.keyboard('111111');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This number is blocked for 2 hours');
    // Blocked: no Verify, no countdown to a resend the server would refuse, no typing.
    expect(screen.getByRole('button', { name: 'Verify OTP' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Resend OTP in/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeDisabled();
    expect(otpDigit(1)).toBeDisabled();
    unmount();

    renderApp({ route: '/login' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This number is blocked for 2 hours');
    expect(screen.getByRole('button', { name: 'Verify OTP' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeDisabled();
    expect(api.callsTo('put', VERIFY)).toHaveLength(1);
  });

  it('a reload keeps the OTP step, its request and its countdown, never the code', async () => {
    api.on('post', LOGIN, otpSent(30));
    api.on('put', VERIFY, { status: 200, body: ok({ newUser: false, ...makeSession() }) });
    api.on('get', '/api/web-wallet/profile', { status: 200, body: ok(makeProfile()) });
    const first = renderApp({ route: '/login' });
    await first.user.type(await screen.findByLabelText('Mobile Number'), '9876543210');
    await first.user.click(getOtp());
    await waitFor(() => expect(otpDigit(1)).toHaveFocus());
    await first.user.keyboard('48');
    first.unmount();
    // The step is kept, the digits typed are not.
    const kept = window.sessionStorage.getItem('signInStep') ?? '';
    expect(kept).toContain(TXN);
    expect(kept).not.toContain('"48"');

    const { user, probe } = renderApp({ route: '/login' });
    expect(await screen.findByText('+91 XXXXXX3210')).toBeInTheDocument();
    expect(screen.queryByLabelText('Mobile Number')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Resend OTP in 0:(2\d|30)/ })).toBeDisabled();
    await waitFor(() => expect(otpDigit(1)).toHaveFocus());
    await user.keyboard('482913');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await waitFor(() => expect(probe.current?.pathname).toBe('/'));
    expect(api.callsTo('post', LOGIN)).toHaveLength(1);
    expect(api.callsTo('put', VERIFY)[0]?.url).toBe(`/api/web-wallet/profile/otp/${TXN}/verify`);
    // Signed in: nothing is kept for the next visit.
    expect(window.sessionStorage.getItem('signInStep')).toBeNull();
  });
});
