import { API_PATHS, SERVICE_BASES } from '@veridocs/shared';
import {
  SANDBOX_AADHAAR,
  sandboxCaptchaAddress,
  sandboxOtpAddress,
} from '../providers/aadhaar/sandbox-provider.js';
import { expectCode, outbox, type TestApp } from './test-app.js';

const v1 = (path: string) => `${SERVICE_BASES.verificationV1}${path}`;

/**
 * Aadhaar verified through the candidate's routes with the sandbox's captcha number: start, the
 * captcha and the OTP read from the dev outbox, verify. Each step must answer code 0.
 */
export async function aadhaarByCaptcha(
  t: TestApp,
  headers: Record<string, string>,
  at: { orgId: string; txnId: string },
  number: string = SANDBOX_AADHAAR.captcha,
): Promise<void> {
  const send = (url: string, body: object) => t.request({ method: 'POST', url: v1(url), body, headers });
  const step = expectCode<{ requestId: string }>(
    await send(API_PATHS.aadhaar.start, { ...at, aadhaarNumber: number }),
    0,
    200,
  );
  const [captcha] = await outbox(t, sandboxCaptchaAddress(number.slice(-4)));
  expectCode(await send(API_PATHS.aadhaar.preVerify(step.requestId), { captchaText: captcha!.otp }), 0, 200);
  const [otp] = await outbox(t, sandboxOtpAddress(number.slice(-4)));
  expectCode(
    await send(API_PATHS.aadhaar.verify, { ...at, requestId: step.requestId, otp: otp!.otp }),
    0,
    200,
  );
}
