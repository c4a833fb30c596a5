import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@veridocs/shared';
import { decideError, isPublicAuthRequest, requiresSession, type ErrorFacts } from './error-catalogue';

const facts = (overrides: Partial<ErrorFacts>): ErrorFacts => ({
  status: 400,
  code: 100,
  message: 'something failed',
  url: '/api/web-wallet/profile/verification-detail',
  method: 'put',
  cancelled: false,
  noSnackbar: false,
  ...overrides,
});

describe('error catalogue (spec §8), one row at a time', () => {
  it('HTTP 504: "Server is down, please try again later"', () => {
    expect(decideError(facts({ status: 504, code: null }))).toEqual({
      snackbar: MESSAGES.serverDown,
      logout: false,
    });
  });

  it('HTTP 401: "Session Expired", then logout', () => {
    expect(decideError(facts({ status: 401, code: 102 }))).toEqual({
      snackbar: 'Session Expired',
      logout: true,
    });
    expect(
      decideError(facts({ status: 401, code: null, method: 'get', url: '/api/web-wallet/profile' })),
    ).toEqual({
      snackbar: 'Session Expired',
      logout: true,
    });
  });

  it('HTTP 401 on a quiet request (the notifications list, the stream token): still said (issue 24)', () => {
    for (const url of ['/api/notification/notification?seed=0&count=20', '/api/notification/stream-token'])
      expect(decideError(facts({ status: 401, code: 102, url, method: 'get', noSnackbar: true }))).toEqual({
        snackbar: 'Session Expired',
        logout: true,
      });
  });

  it('HTTP 401 on the public sign-in calls: no logout, no snackbar when the form shows it', () => {
    const otp = facts({
      status: 401,
      code: 106,
      url: '/api/web-wallet/profile/otp/abc/verify',
      noSnackbar: true,
    });
    expect(decideError(otp)).toEqual({ snackbar: null, logout: false });
  });

  it('code 138: logout', () => {
    expect(
      decideError(facts({ status: 401, code: 138, url: '/api/web-wallet/profile/login/get-token' })),
    ).toEqual({
      snackbar: null,
      logout: true,
    });
    expect(decideError(facts({ status: 200, code: 138 })).logout).toBe(true);
  });

  it('code 105 on the login path: no snackbar; elsewhere it is shown', () => {
    expect(
      decideError(facts({ status: 404, code: 105, url: '/api/web-wallet/profile/login', method: 'post' })),
    ).toEqual({
      snackbar: null,
      logout: false,
    });
    expect(decideError(facts({ status: 404, code: 105, message: 'no account' })).snackbar).toBe('No account');
  });

  it('code 104: no snackbar', () => {
    expect(decideError(facts({ status: 200, code: 104 }))).toEqual({ snackbar: null, logout: false });
  });

  it('requests marked no-snackbar: no snackbar', () => {
    expect(decideError(facts({ noSnackbar: true }))).toEqual({ snackbar: null, logout: false });
    expect(decideError(facts({ status: 504, noSnackbar: true })).snackbar).toBeNull();
  });

  it('cancelled requests: nothing', () => {
    expect(decideError(facts({ cancelled: true, status: null, code: null }))).toEqual({
      snackbar: null,
      logout: false,
    });
  });

  it('any other error: the server message (or the error message), first letter capitalised', () => {
    expect(decideError(facts({ message: 'pincode must not be empty' })).snackbar).toBe(
      'Pincode must not be empty',
    );
    expect(decideError(facts({ status: null, code: null, message: 'network Error' })).snackbar).toBe(
      'Network Error',
    );
    expect(decideError(facts({ message: '' })).snackbar).toBe(MESSAGES.somethingWentWrong);
  });

  it('a failing logout call never starts another logout', () => {
    expect(
      decideError(facts({ status: 401, code: 138, url: '/api/web-wallet/profile/logout', method: 'post' })),
    ).toEqual({
      snackbar: null,
      logout: false,
    });
  });
});

describe('which requests are public', () => {
  it('the sign-in calls are public auth requests', () => {
    expect(isPublicAuthRequest('post', '/api/web-wallet/profile/login')).toBe(true);
    expect(isPublicAuthRequest('put', '/api/web-wallet/profile/otp/123/verify')).toBe(true);
    expect(isPublicAuthRequest('post', '/api/web-wallet/profile')).toBe(true);
    expect(isPublicAuthRequest('put', '/api/web-wallet/profile/login/get-token')).toBe(true);
    expect(isPublicAuthRequest('get', '/api/web-wallet/profile')).toBe(false);
    expect(isPublicAuthRequest('get', '/api/verification/v1/transactions/info')).toBe(false);
    // The institution's responder (issue 27): its 401 is its own session's, the candidate stays signed in.
    expect(isPublicAuthRequest('get', '/api/institutions/respond/requests')).toBe(true);
    expect(
      decideError(
        facts({ status: 401, code: null, url: '/api/institutions/respond/requests', noSnackbar: true }),
      ),
    ).toEqual({ snackbar: null, logout: false });
  });

  it('the request guard applies to everything but the public routes; changing the profile needs a session', () => {
    expect(requiresSession('post', '/api/web-wallet/profile/login')).toBe(false);
    expect(requiresSession('put', '/api/web-wallet/profile/otp/1/verify')).toBe(false);
    expect(requiresSession('put', '/api/web-wallet/profile/login/get-token')).toBe(false);
    expect(requiresSession('get', '/api/verification/v1/verifier/org-1')).toBe(false);
    expect(requiresSession('post', '/api/web-wallet/profile')).toBe(false);
    expect(requiresSession('get', '/api/web-wallet/profile')).toBe(false);
    expect(requiresSession('patch', '/api/web-wallet/profile')).toBe(true);
    expect(requiresSession('get', '/api/verification/v1/transactions/info?orgId=1')).toBe(true);
    expect(requiresSession('get', '/api/notification/notification')).toBe(true);
    expect(requiresSession('post', '/api/institutions/respond/code')).toBe(false);
    expect(requiresSession('post', '/api/institutions/contacts/confirm')).toBe(false);
    expect(requiresSession('get', '/api/ops/institutions')).toBe(true);
  });
});
