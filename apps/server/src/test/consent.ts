import {
  PRIVACY_CANDIDATE_PATHS,
  PRIVACY_PURPOSES,
  SERVICE_BASES,
  type ConsentResponse,
  type PrivacyNotice,
  type PrivacyPurpose,
} from '@veridocs/shared';
import { expectCode, type TestApp } from './test-app.js';

/** Anything that injects a request like the test app (some tests wrap it). */
type Requester = Pick<TestApp, 'request'>;

const v1 = (path: string) => `${SERVICE_BASES.verificationV1}${path}`;

/** The candidate's privacy notice of a transaction (ADR 0049). */
export async function readNotice(
  t: Requester,
  headers: Record<string, string>,
  at: { orgId: string; txnId: string },
  lang?: 'en' | 'hi',
): Promise<PrivacyNotice> {
  const query = new URLSearchParams({ ...at, ...(lang ? { lang } : {}) });
  return expectCode<PrivacyNotice>(
    await t.request({ method: 'GET', url: `${v1(PRIVACY_CANDIDATE_PATHS.notice)}?${query}`, headers }),
    0,
    200,
  );
}

/**
 * Reads the notice and answers it as a candidate would (issue 29): by default every purpose it asks is
 * granted, so the form may start. Every test that starts a form consents first.
 */
export async function consentTo(
  t: Requester,
  headers: Record<string, string>,
  at: { orgId: string; txnId: string },
  granted: readonly PrivacyPurpose[] = PRIVACY_PURPOSES,
): Promise<ConsentResponse> {
  const notice = await readNotice(t, headers, at);
  return expectCode<ConsentResponse>(
    await t.request({
      method: 'POST',
      url: v1(PRIVACY_CANDIDATE_PATHS.consent),
      headers,
      body: {
        ...at,
        noticeHash: notice.hash,
        purposes: notice.purposes.map((p) => ({ purpose: p.purpose, granted: granted.includes(p.purpose) })),
      },
    }),
    0,
    200,
  );
}
