import { API_PATHS, SERVICE_BASES } from '@veridocs/shared';
import { SANDBOX_AADHAAR, sandboxOtpAddress } from '../providers/aadhaar/sandbox-provider.js';
import { consentTo } from './consent.js';
import { bearer, expectCode, outbox, signUp, type TestApp } from './test-app.js';
import { uploadDocument } from './uploads.js';

const v1 = (path: string) => `${SERVICE_BASES.verificationV1}${path}`;
const P = API_PATHS.verification;

export const DEMO_ORG = 'demo-university';
export const DEMO_FORM = 'demo-form';
/** The demo form's verifications a submitted candidate skips: all but the degree and Aadhaar. */
export const DEMO_SKIPPED = [
  'bgv-twelfth',
  'bgv-tenth',
  'passport',
  'dl',
  'employment-check',
  'bgv-employment',
  'bgv-address',
  'bgv-ews',
] as const;

export interface SubmittedCandidateOptions {
  name?: string;
  /** The degree's institute: a reference value (stored by its id) or 'Other'. */
  institute?: string;
  instituteId?: string;
  /** The evaluation partner proved by e-mail OTP before submitting (the sandbox's WES record). */
  partner?: boolean;
  /** Runs just before the final submit (a test moves its clock on there). */
  beforeSubmit?: () => void;
}

export interface SubmittedCandidate {
  h: Record<string, string>;
  txnId: string;
  mobile: string;
  refreshToken: string;
}

/**
 * A new candidate with the demo form submitted through the candidate's own routes: the degree (with an
 * uploaded document), Aadhaar by the sandbox's OTP, optionally the partner, the rest skipped.
 */
export async function submittedCandidate(
  t: TestApp,
  {
    name = 'Asha Rao',
    institute = 'Other',
    instituteId = 'R-2016-0042',
    partner = false,
    beforeSubmit,
  }: SubmittedCandidateOptions = {},
): Promise<SubmittedCandidate> {
  const send = (method: 'PATCH' | 'POST', url: string, body: object) =>
    t.request({ method, url, body, headers: h });
  const session = await signUp(t, undefined, name);
  const h = bearer(session.accessToken);
  const { transactionId: txnId } = expectCode<{ transactionId: string }>(
    await send('POST', v1(P.transactions), { orgId: DEMO_ORG, eKycFormId: DEMO_FORM }),
    0,
    200,
  );
  const at = { orgId: DEMO_ORG, txnId };
  await consentTo(t, h, at);
  const answers = [
    { questionId: 'demo-q-purpose', answer: 'EMPLOYMENT' },
    { questionId: 'demo-q-source', answer: 'EMPLOYER' },
  ];
  expectCode(await send('PATCH', v1(P.userResponse), { ...at, data: answers }), 0, 200);
  expectCode(await send('POST', v1(P.process), at), 0, 200);
  const degree = {
    institute: { value: institute },
    degreeName: 'B.Tech in Computer Science',
    passingYear: '2020',
    instituteId,
    degreeStatus: 'DEGREE_AND_MARKSHEET',
    marksheet: { fileId: (await uploadDocument(t, h)).fileId },
  };
  expectCode(await send('POST', v1(P.bgv), { ...at, verificationName: 'bgv-degree', data: degree }), 0, 200);
  const number = SANDBOX_AADHAAR.direct;
  const step = expectCode<{ requestId: string }>(
    await send('POST', v1(API_PATHS.aadhaar.start), { ...at, aadhaarNumber: number }),
    0,
    200,
  );
  const [otp] = await outbox(t, sandboxOtpAddress(number.slice(-4)));
  expectCode(
    await send('POST', v1(API_PATHS.aadhaar.verify), { ...at, requestId: step.requestId, otp: otp!.otp }),
    0,
    200,
  );
  if (partner) {
    const sent = expectCode<{ otpId: string }>(
      await send('POST', v1(P.evalInfoOtp), { ...at, partner: 'WES', reference: '4012345' }),
      0,
      200,
    );
    const [mail] = await outbox(t, 'asha.verma@example.com');
    expectCode(await send('POST', v1(P.evalInfo), { ...at, otpId: sent.otpId, otp: mail!.otp }), 0, 200);
  }
  expectCode(
    await send('POST', v1(P.markAsSkip), { ...at, verificationNameList: [...DEMO_SKIPPED] }),
    0,
    200,
  );
  beforeSubmit?.();
  expectCode(await send('POST', v1(P.submit), at), 0, 200);
  return { h, txnId, mobile: session.mobile, refreshToken: session.refreshToken };
}
