import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ORG_API_PATHS as P } from '@veridocs/shared';
import { errorReply, mockApi, okReply } from '../../test/mock-api';
import { renderPortal } from '../../test/render';

const TOKEN = 'a-long-invitation-token_123';
const PREVIEW = {
  email: 'nita@acme.test',
  name: 'Nita New',
  role: 'manager',
  orgName: 'Acme University',
  expiresAt: '2026-12-05T10:00:00.000Z',
};
const invalid = errorReply(
  404,
  ERROR_CODES.ORG_INVITATION_INVALID.code,
  ERROR_CODES.ORG_INVITATION_INVALID.message,
);

describe('the invitation page (public)', () => {
  it('shows the preview, asks the password twice with the 12-character rule, then sends to sign-in', async () => {
    const api = mockApi()
      .on('get', P.invitation, okReply(PREVIEW))
      .on(
        'post',
        P.acceptInvitation,
        okReply({ id: 'usr_n', email: PREVIEW.email, name: PREVIEW.name, role: 'manager' }),
      );
    const user = userEvent.setup();
    renderPortal(`/invitation?token=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'Join Acme University' }, { timeout: 20_000 }),
    ).toBeVisible();
    expect(screen.getByText(/Hello Nita New\. You are invited as a manager/)).toBeVisible();
    expect(screen.getByLabelText('E-mail')).toHaveValue('nita@acme.test');
    expect(api.callsTo('get', P.invitation)[0]!.url).toBe(`${P.invitation}?token=${TOKEN}`);

    await user.type(screen.getByLabelText('New password'), 'too-short');
    await user.type(screen.getByLabelText('Repeat the password'), 'too-short');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByText('At least 12 characters')).toBeVisible();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'a-long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByText('The two passwords differ')).toBeVisible();
    expect(api.callsTo('post', P.acceptInvitation)).toHaveLength(0);

    await user.clear(screen.getByLabelText('Repeat the password'));
    await user.type(screen.getByLabelText('Repeat the password'), 'a-long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('heading', { name: 'Your account is ready' })).toBeVisible();
    expect(api.callsTo('post', P.acceptInvitation)[0]!.body).toEqual({
      token: TOKEN,
      password: 'a-long-enough-password',
    });
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeVisible();
  }, 60_000);

  it('an unknown, expired or used invitation says so', async () => {
    mockApi().on('get', P.invitation, invalid);
    renderPortal(`/invitation?token=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'This invitation cannot be used' }, { timeout: 20_000 }),
    ).toBeVisible();
    expect(screen.getByText(/not valid or has expired/)).toBeVisible();
  }, 60_000);

  it('an invitation used meanwhile shows the refusal on submit', async () => {
    mockApi().on('get', P.invitation, okReply(PREVIEW)).on('post', P.acceptInvitation, invalid);
    const user = userEvent.setup();
    renderPortal(`/invitation?token=${TOKEN}`);
    await user.type(
      await screen.findByLabelText('New password', {}, { timeout: 20_000 }),
      'a-long-enough-password',
    );
    await user.type(screen.getByLabelText('Repeat the password'), 'a-long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/not valid or has expired/));
  }, 60_000);

  it('without a token, points to the e-mail', async () => {
    const api = mockApi();
    renderPortal('/invitation');
    expect(
      await screen.findByText(/opens from the link in your invitation e-mail/, {}, { timeout: 20_000 }),
    ).toBeVisible();
    expect(api.calls).toHaveLength(0);
  }, 60_000);
});
