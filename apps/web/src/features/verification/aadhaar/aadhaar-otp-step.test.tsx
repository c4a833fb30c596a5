import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { AadhaarProfile, AadhaarStep, VerificationInfo } from '@veridocs/shared';
import { fail, makeSession, makeVerificationInfo, ok, storeSession } from '../../../test/fixtures';
import { mockApi, type MockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { setLanguage } from '../../../i18n';
import VerificationPage from '../verification-page';

const INFO_PATH = '/api/verification/v1/transactions/aadhaar/info';
const START = '/api/verification/v1/verifications/otp/aadhaar';
const VERIFY = '/api/verification/v1/transactions/verify/identification';
const CAPTCHA = /\/api\/verification\/v1\/verifications\/pre-verify\/req-1$/;
const ROUTE = '/verification?orgId=org-1&txnId=txn-1&name=aadhaar';
const PNG = 'data:image/png;base64,iVBORw0KGgo=';

function makeInfo(state: VerificationInfo['verification']['state'] = 'NOT_INITIALIZED'): VerificationInfo {
  const info = makeVerificationInfo({
    name: 'aadhaar',
    label: 'Aadhaar',
    pageTitle: 'Aadhaar details',
    inputs: [],
  });
  return { ...info, verification: { ...info.verification, state } };
}

const step = (extra: Partial<AadhaarStep>): AadhaarStep => ({
  requestId: 'req-1',
  maskedNumber: 'XXXX XXXX 0124',
  captchaRequired: false,
  captchaImage: null,
  otpSent: false,
  expiresIn: null,
  resendIn: null,
  ...extra,
});

const PROFILE: AadhaarProfile = {
  maskedNumber: 'XXXX XXXX 0124',
  name: 'Asha Verma',
  dateOfBirth: '1994-08-15',
  gender: 'F',
  address: {
    careOf: 'D/O Ramesh Verma',
    line1: '12, Shanti Nagar',
    locality: 'Sector 4',
    vtc: 'Gurugram',
    district: 'Gurugram',
    state: 'Haryana',
    pincode: '122001',
    country: 'India',
  },
  photo: PNG,
  verifiedAt: '2030-01-15T10:00:00.000Z',
};

let api: MockApi;
beforeEach(() => {
  api = mockApi();
  storeSession(makeSession());
});
afterEach(() => api.restore());

describe('the Aadhaar OTP step', () => {
  it('a reload keeps the OTP stage (the request, never the number or the code) (issue 24)', async () => {
    api.on('get', INFO_PATH, { status: 200, body: ok(makeInfo()) });
    api.on('post', START, { status: 200, body: ok(step({ otpSent: true, expiresIn: 600 })) });
    api.on('post', VERIFY, {
      status: 200,
      body: ok({ profile: PROFILE, verificationName: 'aadhaar', state: 'COMPLETED' }),
    });
    const first = renderWithProviders(<VerificationPage />, { route: ROUTE });
    const group = await screen.findByRole('group', { name: 'Aadhaar number' });
    await first.user.click(within(group).getAllByRole('textbox')[0]!);
    await first.user.keyboard('234567890124');
    await first.user.click(screen.getByRole('button', { name: 'Get OTP' }));
    const sentTo = 'Enter the 6-digit OTP sent to the mobile number linked with Aadhaar XXXX XXXX 0124.';
    expect(await screen.findByText(sentTo)).toBeInTheDocument();
    first.unmount();
    const kept = JSON.stringify(window.sessionStorage);
    expect(kept).toContain('req-1');
    expect(kept).not.toContain('234567890124');

    const { user } = renderWithProviders(<VerificationPage />, { route: ROUTE });
    expect(await screen.findByText(sentTo)).toBeInTheDocument();
    const otp = within(screen.getByRole('group', { name: 'Aadhaar OTP' })).getAllByRole('textbox');
    await user.click(otp[0]!);
    await user.keyboard('482913');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('aadhaar-profile')).toBeInTheDocument();
    expect(api.callsTo('post', START)).toHaveLength(1);
    expect(api.callsTo('post', VERIFY)[0]?.body).toMatchObject({ requestId: 'req-1', otp: '482913' });
    // Done: nothing is kept.
    expect(JSON.stringify(window.sessionStorage)).not.toContain('req-1');
  });

  it('uses the shared OTP step: a block stops the countdown and turns Verify off, also after a reload (issue 24)', async () => {
    api.on('get', INFO_PATH, { status: 200, body: ok(makeInfo()) });
    api.on('post', START, { status: 200, body: ok(step({ otpSent: true, expiresIn: 600, resendIn: 30 })) });
    api.on('post', VERIFY, {
      status: 429,
      body: fail(108, 'Too many failed attempts. This number is blocked for 2 hours', { retryAfter: 7200 }),
    });
    const first = renderWithProviders(<VerificationPage />, { route: ROUTE });
    const group = await screen.findByRole('group', { name: 'Aadhaar number' });
    await first.user.click(within(group).getAllByRole('textbox')[0]!);
    await first.user.keyboard('234567890124');
    await first.user.click(screen.getByRole('button', { name: 'Get OTP' }));
    // The countdown of the shared step, from the server's resendIn.
    expect(await screen.findByRole('button', { name: /^Resend in (30|29) s$/ })).toBeDisabled();
    expect(screen.getByText("Didn't receive it?")).toBeInTheDocument();

    const otp = within(screen.getByRole('group', { name: 'Aadhaar OTP' })).getAllByRole('textbox');
    await first.user.click(otp[0]!);
    await first.user.keyboard('111111');
    await first.user.click(screen.getByRole('button', { name: 'Verify' }));
    const blockedAt = 'Too many failed attempts. This number is blocked for 2 hours';
    expect(await screen.findByText(blockedAt)).toBeInTheDocument();
    const expectBlocked = () => {
      expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
      // No countdown while blocked: Resend reads as itself, off.
      expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeDisabled();
      expect(screen.queryByRole('button', { name: /^Resend in/ })).not.toBeInTheDocument();
      for (const box of within(screen.getByRole('group', { name: 'Aadhaar OTP' })).getAllByRole('textbox'))
        expect(box).toBeDisabled();
    };
    expectBlocked();
    expect(api.callsTo('post', VERIFY)).toHaveLength(1);
    first.unmount();

    // A reload keeps the step, the block and its message.
    renderWithProviders(<VerificationPage />, { route: ROUTE });
    expect(await screen.findByText(blockedAt)).toBeInTheDocument();
    expectBlocked();
  });

  it('refuses a failed check digit at once, then captcha, OTP and the filled profile', async () => {
    api.on('get', INFO_PATH, { status: 200, body: ok(makeInfo()) });
    api.on('post', START, { status: 200, body: ok(step({ captchaRequired: true, captchaImage: PNG })) });
    api.on(
      'post',
      CAPTCHA,
      { status: 400, body: fail(160, 'The text does not match the image', { captchaImage: PNG }) },
      { once: true },
    );
    api.on('post', CAPTCHA, { status: 200, body: ok(step({ otpSent: true, expiresIn: 600 })) });
    api.on(
      'post',
      VERIFY,
      { status: 400, body: fail(106, 'Incorrect OTP, 2 attempts left', { attemptsLeft: 2 }) },
      { once: true },
    );
    api.on('post', VERIFY, {
      status: 200,
      body: ok({ profile: PROFILE, verificationName: 'aadhaar', state: 'COMPLETED' }),
    });
    const { user } = renderWithProviders(<VerificationPage />, { route: ROUTE });

    const group = await screen.findByRole('group', { name: 'Aadhaar number' });
    const blocks = within(group).getAllByRole('textbox');
    expect(blocks).toHaveLength(3);
    // The Aadhaar number is not a one-time code: no browser offers an SMS code here.
    for (const block of blocks) expect(block).toHaveAttribute('autocomplete', 'off');
    await user.click(blocks[0]!);
    await user.keyboard('234567890125');
    expect(
      screen.getByText('This is not a valid Aadhaar number, please check the digits'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get OTP' })).toBeDisabled();
    expect(api.callsTo('post', START)).toHaveLength(0);

    await user.keyboard('{Backspace}4');
    await user.click(screen.getByRole('button', { name: 'Get OTP' }));
    expect(api.callsTo('post', START)[0]?.body).toEqual({
      orgId: 'org-1',
      txnId: 'txn-1',
      aadhaarNumber: '234567890124',
    });
    expect(
      await screen.findByRole('img', { name: 'Captcha image with distorted characters' }),
    ).toHaveAttribute('src', PNG);

    await user.type(screen.getByLabelText('Characters in the image'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('The text does not match the image, please try again'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Characters in the image'), 'AB3CD');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(api.callsTo('post', CAPTCHA)[1]?.body).toEqual({ captchaText: 'AB3CD' });

    expect(
      await screen.findByText(
        'Enter the 6-digit OTP sent to the mobile number linked with Aadhaar XXXX XXXX 0124.',
      ),
    ).toBeInTheDocument();
    const otp = within(screen.getByRole('group', { name: 'Aadhaar OTP' })).getAllByRole('textbox');
    await user.click(otp[0]!);
    await user.keyboard('111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Incorrect OTP, 2 attempts left')).toBeInTheDocument();
    await user.click(otp[0]!);
    await user.keyboard('482913');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(api.callsTo('post', VERIFY)[1]?.body).toEqual({
      orgId: 'org-1',
      txnId: 'txn-1',
      requestId: 'req-1',
      otp: '482913',
    });

    const profile = await screen.findByTestId('aadhaar-profile');
    expect(within(profile).getByText('Asha Verma')).toBeInTheDocument();
    expect(within(profile).getByText('15-08-1994')).toBeInTheDocument();
    expect(within(profile).getByText('Female')).toBeInTheDocument();
    expect(within(profile).getByText('XXXX XXXX 0124')).toBeInTheDocument();
    expect(within(profile).getByRole('img', { name: 'Photo from Aadhaar' })).toBeInTheDocument();
    // The full number was sent once, to start; it is not on the screen.
    expect(document.body.textContent).not.toContain('234567890124');
  });

  it('under 18 (350): the OTP form gives way to the refusal and the way back, in English and Hindi', async () => {
    api.on('get', INFO_PATH, { status: 200, body: ok(makeInfo()) });
    api.on('post', START, { status: 200, body: ok(step({ otpSent: true, expiresIn: 600 })) });
    api.on('post', VERIFY, {
      status: 403,
      body: fail(350, 'You must be 18 or older to use this service.'),
    });
    const { user } = renderWithProviders(<VerificationPage />, { route: ROUTE });
    const group = await screen.findByRole('group', { name: 'Aadhaar number' });
    await user.click(within(group).getAllByRole('textbox')[0]!);
    await user.keyboard('789012345674');
    await user.click(screen.getByRole('button', { name: 'Get OTP' }));
    const otp = within(await screen.findByRole('group', { name: 'Aadhaar OTP' })).getAllByRole('textbox');
    await user.click(otp[0]!);
    await user.keyboard('482913');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You must be 18 or older to use this service. Your request has stopped',
    );
    expect(screen.queryByRole('group', { name: 'Aadhaar OTP' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the form' })).toBeInTheDocument();
    await act(async () => {
      await setLanguage('hi', { persist: false });
    });
    expect(await screen.findByText(/18 वर्ष या उससे अधिक/)).toBeInTheDocument();
    await act(async () => {
      await setLanguage('en', { persist: false });
    });
  });

  it('explains a provider that is down', async () => {
    api.on('get', INFO_PATH, { status: 200, body: ok(makeInfo()) });
    api.on('post', START, { status: 503, body: fail(161, 'The Aadhaar service is not responding') });
    const { user } = renderWithProviders(<VerificationPage />, { route: ROUTE });
    const group = await screen.findByRole('group', { name: 'Aadhaar number' });
    await user.click(within(group).getAllByRole('textbox')[0]!);
    await user.keyboard('345678901238');
    await user.click(screen.getByRole('button', { name: 'Get OTP' }));
    expect(
      await screen.findByText(
        'The Aadhaar service is not responding right now, please try again in a few minutes',
      ),
    ).toBeInTheDocument();
  });

  it('shows the verified details when the verification is already completed', async () => {
    api.on('get', INFO_PATH, { status: 200, body: ok(makeInfo('COMPLETED')) });
    api.on('get', '/api/web-wallet/profile/aadhaar', { status: 200, body: ok(PROFILE) });
    renderWithProviders(<VerificationPage />, { route: ROUTE });
    const profile = await screen.findByTestId('aadhaar-profile');
    expect(within(profile).getByText('Asha Verma')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Aadhaar number' })).not.toBeInTheDocument();
  });

  describe('in Hindi', () => {
    afterEach(async () => {
      await act(() => setLanguage('en', { persist: false }));
    });

    it('says the step and its refusals in Hindi', async () => {
      await act(() => setLanguage('hi', { persist: false }));
      api.on('get', INFO_PATH, { status: 200, body: ok(makeInfo()) });
      api.on('post', START, { status: 503, body: fail(161, 'The Aadhaar service is not responding') });
      const { user } = renderWithProviders(<VerificationPage />, { route: ROUTE });
      const group = await screen.findByRole('group', { name: 'आधार नंबर' });
      await user.click(within(group).getAllByRole('textbox')[0]!);
      await user.keyboard('234567890125');
      expect(screen.getByText('यह मान्य आधार नंबर नहीं है, कृपया अंक जाँचें')).toBeInTheDocument();
      await user.keyboard('{Backspace}4');
      await user.click(screen.getByRole('button', { name: 'OTP प्राप्त करें' }));
      expect(
        await screen.findByText('आधार सेवा अभी जवाब नहीं दे रही है, कृपया कुछ मिनट बाद फिर से प्रयास करें'),
      ).toBeInTheDocument();
    });
  });
});
