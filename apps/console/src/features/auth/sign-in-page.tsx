import { ERROR_CODES, OPS_API_PATHS, type OpsSession, type OpsSignInResponse } from '@veridocs/shared';
import { StaffSignIn } from '@veridocs/ui';
import { ApiError, apiRequest } from '../../lib/api-client';
import { saveSession, sessionEnd } from '../../lib/session';
import { m } from '../../messages';

/** The message a failed sign-in step shows (ADR 0019: 170, 106, 107, 116). */
function failureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return m.app.unexpectedError;
  const data = (error.data ?? {}) as { attemptsLeft?: unknown };
  const code: number = error.code ?? 0;
  switch (code) {
    // A wrong e-mail or password, a disabled or a locked account, too many codes: one answer.
    case ERROR_CODES.OPS_SIGN_IN_FAILED.code:
      return m.signIn.signInRefused;
    case ERROR_CODES.OTP_INVALID.code:
      return m.signIn.wrongCode(typeof data.attemptsLeft === 'number' ? data.attemptsLeft : null);
    case ERROR_CODES.OTP_EXPIRED.code:
      return m.signIn.codeExpired;
    case ERROR_CODES.OTP_ALREADY_USED.code:
      return m.signIn.codeUsed;
    default:
      return error.message || m.app.unexpectedError;
  }
}

const texts = { appName: m.app.name, ...m.signIn };

/**
 * Sign-in (ADR 0019): e-mail and password, then the 6-digit code e-mailed to the account. The token
 * is kept for the tab (sessionStorage) until it expires or the staff member signs out.
 */
export default function SignInPage() {
  return (
    <StaffSignIn<OpsSignInResponse>
      texts={texts}
      requestCode={(body) => apiRequest<OpsSignInResponse>(OPS_API_PATHS.signIn, { method: 'POST', body })}
      verifyCode={async (body) => {
        const session = await apiRequest<OpsSession>(OPS_API_PATHS.verifyCode, { method: 'POST', body });
        saveSession({
          accessToken: session.accessToken,
          expiresAt: Date.now() + session.expiresIn * 1000,
          staff: session.staff,
        });
      }}
      failureMessage={failureMessage}
      sessionEnd={sessionEnd}
      defaultPath="/queues"
    />
  );
}
