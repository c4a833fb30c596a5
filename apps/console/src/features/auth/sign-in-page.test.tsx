import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OPS_API_PATHS } from '@veridocs/shared';
import { readSession } from '../../lib/session';
import { errorReply, mockApi, okReply } from '../../test/mock-api';
import { ADMIN, renderConsole, signIn } from '../../test/render';

const CHALLENGE = { challengeId: 'chl_1', maskedEmail: 'a***@veridocs.test', expiresIn: 600 };
const QUEUE = { list: [], nextCursor: null };

async function enterCredentials(password = 'dev-admin-password') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Work e-mail'), 'admin@veridocs.test');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  return user;
}

describe('sign-in', () => {
  it('signs in with password then the e-mailed code, keeps the token for the tab and opens the queues', async () => {
    const api = mockApi()
      .on('post', OPS_API_PATHS.signIn, okReply(CHALLENGE))
      .on('post', OPS_API_PATHS.verifyCode, okReply({ accessToken: 'tok-1', expiresIn: 28800, staff: ADMIN }))
      .on('get', OPS_API_PATHS.cases, okReply(QUEUE));
    renderConsole('/queues');
    const user = await enterCredentials();
    expect(await screen.findByText(/e-mailed a 6-digit code to a\*\*\*@veridocs.test/)).toBeInTheDocument();
    expect(api.callsTo('post', OPS_API_PATHS.signIn)[0]?.body).toEqual({
      email: 'admin@veridocs.test',
      password: 'dev-admin-password',
    });
    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Queues' })).toBeInTheDocument();
    expect(api.callsTo('post', OPS_API_PATHS.verifyCode)[0]?.body).toEqual({
      challengeId: 'chl_1',
      code: '123456',
    });
    expect(readSession()?.accessToken).toBe('tok-1');
    expect(JSON.parse(window.sessionStorage.getItem('veridocs-ops-session') ?? '{}')).toMatchObject({
      accessToken: 'tok-1',
    });
    expect(window.localStorage.length).toBe(0);
    // The top bar names who is signed in, and admins see the Admin section (jsdom is narrow: the menu).
    expect(screen.getByText('Ada Admin')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    expect(await screen.findByRole('link', { name: 'Organisations' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(api.callsTo('get', OPS_API_PATHS.cases)[0]?.headers.authorization).toBe('Bearer tok-1'),
    );
  });

  it('one message for a wrong password and a locked account (170 for both)', async () => {
    mockApi().on('post', OPS_API_PATHS.signIn, errorReply(401, 170, 'Wrong e-mail or password'));
    renderConsole('/sign-in');
    await enterCredentials('nope');
    expect(
      await screen.findByText(/^Wrong e-mail or password, or too many attempts\. .*locked for up to an hour/),
    ).toBeInTheDocument();
  });

  it('counts down wrong codes (106) and sends an expired code (107) back to the start', async () => {
    const api = mockApi()
      .on('post', OPS_API_PATHS.signIn, okReply(CHALLENGE))
      .on('post', OPS_API_PATHS.verifyCode, errorReply(400, 106, 'Incorrect OTP', { attemptsLeft: 2 }));
    renderConsole('/sign-in');
    const user = await enterCredentials();
    await user.type(await screen.findByLabelText('6-digit code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('That code is not right. 2 attempts left.')).toBeInTheDocument();
    api.on('post', OPS_API_PATHS.verifyCode, errorReply(400, 107, 'Expired', { reason: 'attempts' }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/expired or was used up/)).toBeInTheDocument();
    expect(readSession()).toBeNull();
  });

  it('checks the fields before calling the server', async () => {
    const api = mockApi();
    renderConsole('/sign-in');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Work e-mail'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('goes back to sign-in when the server says the session ended (401)', async () => {
    signIn();
    mockApi().on('get', OPS_API_PATHS.cases, errorReply(401, 102, 'Session expired'));
    renderConsole('/queues');
    expect(await screen.findByText('Your session has ended. Sign in again.')).toBeInTheDocument();
    expect(readSession()).toBeNull();
  });

  it('hides the Admin section from verifiers and refuses its pages', async () => {
    signIn();
    mockApi().on('get', OPS_API_PATHS.cases, okReply(QUEUE));
    renderConsole('/admin');
    expect(await screen.findByText('Only admins can open this page.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    expect(await screen.findByRole('link', { name: 'Queues' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Organisations' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByText('Vera Verifier')).toBeInTheDocument();
    expect(screen.getByText('Verifier')).toBeInTheDocument();
  });

  it('signs out', async () => {
    signIn();
    const api = mockApi()
      .on('get', OPS_API_PATHS.cases, okReply(QUEUE))
      .on('post', OPS_API_PATHS.signOut, okReply(null));
    renderConsole('/queues');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('You have signed out.')).toBeInTheDocument();
    expect(api.callsTo('post', OPS_API_PATHS.signOut)).toHaveLength(1);
    expect(readSession()).toBeNull();
  });
});
