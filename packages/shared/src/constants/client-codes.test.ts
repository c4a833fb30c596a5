import { describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  INVALID_TRANSITION_CODE,
  LOGOUT_CODE,
  ORG_NOT_FOUND_CODE,
  OTP_BLOCKED_CODE,
  OTP_RESEND_TOO_SOON_CODE,
  SILENT_CODES,
} from '../index.js';

describe("the client's own codes", () => {
  it('are the codes of the one table', () => {
    expect(SILENT_CODES.always).toEqual([ERROR_CODES.NO_DATA.code]);
    expect(SILENT_CODES.onLoginPath).toEqual([ERROR_CODES.USER_NOT_FOUND.code]);
    expect(LOGOUT_CODE).toBe(ERROR_CODES.SESSION_REVOKED.code);
    expect(OTP_RESEND_TOO_SOON_CODE).toBe(ERROR_CODES.OTP_RESEND_TOO_SOON.code);
    expect(OTP_BLOCKED_CODE).toBe(ERROR_CODES.OTP_BLOCKED.code);
    expect(INVALID_TRANSITION_CODE).toBe(ERROR_CODES.INVALID_TRANSITION.code);
    expect(ORG_NOT_FOUND_CODE).toBe(ERROR_CODES.ORG_NOT_FOUND.code);
  });
});
