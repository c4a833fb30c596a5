import { ERROR_CODES, ORG_API_PATHS, type OrgSession, type OrgSignInResponse } from '@veridocs/shared';
import { StaffSignIn } from '@veridocs/ui';
import { ApiError, apiRequest } from '../../lib/api-client';
import { saveSession, sessionEnd } from '../../lib/session';
import { m } from '../../messages';

/** The message a failed sign-in step shows (ADR 0047: 300, 301). */
function failureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return m.app.unexpectedError;
  switch (error.code ?? 0) {
    // A wrong e-mail or password, a disabled or a locked account, too many codes: one answer.
    case ERROR_CODES.ORG_SIGN_IN_FAILED.code:
      return m.signIn.signInRefused;
    case ERROR_CODES.ORG_CODE_INVALID.code:
      return m.signIn.codeRefused;
    default:
      return error.message || m.app.unexpectedError;
  }
}

const texts = { appName: m.app.name, ...m.signIn };

/**
 * Sign-in (ADR 0047, the console's rules): e-mail and password, then the 6-digit code e-mailed to the
 * account. The token is kept for the tab (sessionStorage) until it expires or the user signs out.
 */
export default function SignInPage() {
  return (
    <StaffSignIn<OrgSignInResponse>
      texts={texts}
      requestCode={(body) => apiRequest<OrgSignInResponse>(ORG_API_PATHS.signIn, { method: 'POST', body })}
      verifyCode={async (body) => {
        const session = await apiRequest<OrgSession>(ORG_API_PATHS.verifyCode, { method: 'POST', body });
        saveSession({
          accessToken: session.accessToken,
          expiresAt: Date.now() + session.expiresIn * 1000,
          user: session.user,
          org: session.org,
        });
      }}
      failureMessage={failureMessage}
      sessionEnd={sessionEnd}
      defaultPath="/"
    />
  );
}
