import {
  DIGILOCKER_API_PATHS,
  DIGILOCKER_SANDBOX_PATHS,
  SERVICE_BASES,
  sourceCallbackResponseSchema,
  type SourceCallbackResponse,
} from '@veridocs/shared';
import { expect } from 'vitest';
import { expectCode, type TestApp } from './test-app.js';

const v1 = (path: string) => `${SERVICE_BASES.verificationV1}${path}`;
const D = DIGILOCKER_API_PATHS;
/** Every sandbox DigiLocker account's PIN (README "DigiLocker"). */
export const SANDBOX_DIGILOCKER_PIN = '123456';
type Headers = Record<string, string>;

/**
 * The sandbox DigiLocker's pages as a browser walks them: sign in, then allow (or deny). Answers the
 * redirect's query.
 */
export async function atDigiLocker(
  t: TestApp,
  authorizeUrl: string,
  mobile: string,
  decision: 'allow' | 'deny' = 'allow',
): Promise<{ state: string; code?: string; error?: string }> {
  const url = new URL(authorizeUrl);
  expect(url.pathname).toBe(DIGILOCKER_SANDBOX_PATHS.authorize);
  const page = await t.request({ method: 'GET', url: `${url.pathname}${url.search}` });
  expect(page.statusCode).toBe(200);
  const form = new URLSearchParams(url.search);
  form.set('mobile', mobile);
  form.set('pin', SANDBOX_DIGILOCKER_PIN);
  form.set('action', 'sign-in');
  const signedIn = await t.request({
    method: 'POST',
    url: DIGILOCKER_SANDBOX_PATHS.signIn,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  expect(signedIn.statusCode).toBe(200);
  const ticket = /name="ticket" value="([^"]+)"/.exec(signedIn.body)?.[1];
  expect(ticket).toBeTruthy();
  const decided = await t.request({
    method: 'POST',
    url: DIGILOCKER_SANDBOX_PATHS.consent,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ticket: ticket!.replace(/&amp;/g, '&'), decision }).toString(),
  });
  expect(decided.statusCode).toBe(303);
  const back = new URL(decided.headers.location as string);
  expect(back.pathname).toBe('/digilocker');
  return Object.fromEntries(back.searchParams) as { state: string; code?: string; error?: string };
}

/** The candidate's yes to fetching `name` from DigiLocker: answers the sandbox's authorize URL. */
export async function startFetch(
  t: TestApp,
  h: Headers,
  at: { orgId: string; txnId: string },
  name = 'bgv-tenth',
): Promise<string> {
  const started = expectCode<{ authorizeUrl: string }>(
    await t.request({
      method: 'POST',
      url: v1(D.start),
      headers: h,
      body: { ...at, name, consent: true, language: 'hi' },
    }),
    0,
    200,
  );
  return started.authorizeUrl;
}

/** Start, the sandbox's sign-in and consent, the callback: the candidate's issued documents listed. */
export async function listedAtDigiLocker(
  t: TestApp,
  h: Headers,
  at: { orgId: string; txnId: string },
  mobile: string,
  name = 'bgv-tenth',
): Promise<SourceCallbackResponse> {
  const back = await atDigiLocker(t, await startFetch(t, h, at, name), mobile);
  return sourceCallbackResponseSchema.parse(
    expectCode(
      await t.request({
        method: 'POST',
        url: v1(D.callback),
        headers: h,
        body: { state: back.state, code: back.code },
      }),
      0,
      200,
    ),
  );
}
