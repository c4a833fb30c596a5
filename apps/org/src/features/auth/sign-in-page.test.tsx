import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES, ORG_API_PATHS } from '@veridocs/shared';
import { readSession } from '../../lib/session';
import { errorReply, mockApi, okReply } from '../../test/mock-api';
import { MANAGER, ORG, VIEWER, renderPortal, signIn } from '../../test/render';

const CHALLENGE = { challengeId: 'chl_1', maskedEmail: 'm*****r@acme.test', expiresIn: 600 };

async function enterCredentials(password = 'a-long-password') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Work e-mail'), 'manager@acme.test');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  return user;
}

afterEach(() => vi.unstubAllGlobals());

describe('the portal sign-in', () => {
  it('signs in with the password then the e-mailed code, keeps the session for the tab, opens the start page', async () => {
    // The start page is the dashboard: its live stream (fetch) stays pending here.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<never>(() => {})),
    );
    const api = mockApi()
      .on('get', ORG_API_PATHS.forms, okReply({ list: [] }))
      .on('post', ORG_API_PATHS.signIn, okReply(CHALLENGE))
      .on(
        'post',
        ORG_API_PATHS.verifyCode,
        okReply({ accessToken: 'tok-1', expiresIn: 28800, user: MANAGER, org: ORG }),
      );
    renderPortal('/');
    const user = await enterCredentials();
    expect(await screen.findByText(/e-mailed a 6-digit code to m\*\*\*\*\*r@acme.test/)).toBeInTheDocument();
    expect(api.callsTo('post', ORG_API_PATHS.signIn)[0]?.body).toEqual({
      email: 'manager@acme.test',
      password: 'a-long-password',
    });
    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Candidates' })).toBeInTheDocument();
    expect(api.callsTo('post', ORG_API_PATHS.verifyCode)[0]?.body).toEqual({
      challengeId: 'chl_1',
      code: '123456',
    });
    expect(readSession()).toMatchObject({ accessToken: 'tok-1', user: MANAGER, org: ORG });
    expect(window.sessionStorage.getItem('veridocs-org-session')).toContain('tok-1');
    expect(window.sessionStorage.getItem('veridocs-ops-session')).toBeNull();
    expect(window.localStorage.length).toBe(0);
    // The top bar names who is signed in, with the organisation and the role.
    expect(screen.getByRole('group', { name: /Manoj Manager \(Manager\) at Acme University/ })).toBeVisible();
  });

  it('shows one refusal for a wrong password, and the code refusal', async () => {
    mockApi()
      .on('post', ORG_API_PATHS.signIn, errorReply(401, ERROR_CODES.ORG_SIGN_IN_FAILED.code, 'x'))
      .on('post', ORG_API_PATHS.verifyCode, errorReply(400, ERROR_CODES.ORG_CODE_INVALID.code, 'x'));
    renderPortal('/sign-in');
    await enterCredentials('wrong');
    expect(await screen.findByText(/Wrong e-mail or password, or too many attempts/)).toBeInTheDocument();
    expect(readSession()).toBeNull();
  });

  it('sends a signed-out visitor of a page to sign-in, and back there after', async () => {
    mockApi()
      .on('post', ORG_API_PATHS.signIn, okReply(CHALLENGE))
      .on(
        'post',
        ORG_API_PATHS.verifyCode,
        okReply({ accessToken: 'tok-2', expiresIn: 28800, user: VIEWER, org: ORG }),
      );
    renderPortal('/overview');
    const user = await enterCredentials();
    await user.type(await screen.findByLabelText('6-digit code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Welcome, Acme University' })).toBeVisible(),
    );
    expect(screen.getByText('Your role: Viewer')).toBeInTheDocument();
  });

  it('ends the session when the server says it has ended (302), and signs out', async () => {
    signIn(MANAGER);
    mockApi().on('post', ORG_API_PATHS.signOut, okReply(null));
    renderPortal('/overview');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Welcome, Acme University' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('You have signed out.')).toBeInTheDocument();
    expect(readSession()).toBeNull();
  });
});
