import { API_PATHS, SERVICE_BASES } from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import { consentTo } from './consent.js';
import { bearer, expectCode, signUp, type TestApp } from './test-app.js';

const v1 = (path: string) => `${SERVICE_BASES.verificationV1}${path}`;
const P = API_PATHS.verification;

/** The demo form's questionnaire answered (its form may then start). */
export const DEMO_ANSWERS = [
  { questionId: 'demo-q-purpose', answer: 'EMPLOYMENT' },
  { questionId: 'demo-q-source', answer: 'EMPLOYER' },
] as const;

export interface CandidateRequestOptions {
  name?: string;
  orgId?: string;
  formId?: string;
  /** The notice consented to, every purpose granted (default); false leaves it unanswered. */
  consent?: boolean;
  /** The demo questionnaire answered (PATCH user-response); off by default. */
  answers?: boolean;
}

export interface CandidateRequest {
  h: Record<string, string>;
  txnId: string;
  /** `{ orgId, txnId }`: the body or query most candidate routes take. */
  at: { orgId: string; txnId: string };
  profileId: string;
  mobile: string;
}

/** A new candidate (signed up) with one request of theirs on a form, not started. */
export async function candidateWithRequest(
  t: TestApp,
  {
    name = 'Asha Rao',
    orgId = 'demo-university',
    formId = 'demo-form',
    consent = true,
    answers = false,
  }: CandidateRequestOptions = {},
): Promise<CandidateRequest> {
  const session = await signUp(t, undefined, name);
  const h = bearer(session.accessToken);
  const { transactionId: txnId } = expectCode<{ transactionId: string }>(
    await t.request({
      method: 'POST',
      url: v1(P.transactions),
      headers: h,
      body: { orgId, eKycFormId: formId },
    }),
    0,
    200,
  );
  const at = { orgId, txnId };
  if (consent) await consentTo(t, h, at);
  if (answers)
    expectCode(
      await t.request({
        method: 'PATCH',
        url: v1(P.userResponse),
        headers: h,
        body: { ...at, data: [...DEMO_ANSWERS] },
      }),
      0,
      200,
    );
  const result = (await t.db.orm.execute(sql`select profile_id from transactions where id = ${txnId}`)) as {
    rows: { profile_id: string }[];
  };
  return { h, txnId, at, profileId: result.rows[0]!.profile_id, mobile: session.mobile };
}
