import { randomBytes } from 'node:crypto';
import { DIGILOCKER_SANDBOX_PATHS } from '@veridocs/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSandboxDigiLockerProvider, s256, SANDBOX_CLIENT_ID } from './sandbox-provider.js';
import { createDigiLockerSandboxRepository } from './sandbox-repository.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe('the DigiLocker sandbox’s sign-in and consent pages', () => {
  let t: TestApp;
  let redirect = '';
  beforeAll(async () => {
    t = await createTestApp({ env: { OCR_WORKER: 'off' } });
    redirect = `${t.config.publicUrl}/digilocker`;
  });
  afterAll(() => t?.close());

  const verifier = randomBytes(32).toString('base64url');
  const request = () => ({
    client_id: SANDBOX_CLIENT_ID,
    response_type: 'code',
    redirect_uri: redirect,
    state: 'state-abc',
    code_challenge: s256(verifier),
    code_challenge_method: 'S256',
  });
  const authorize = (params: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `${DIGILOCKER_SANDBOX_PATHS.authorize}?${form(params)}` });
  const signIn = (fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: DIGILOCKER_SANDBOX_PATHS.signIn,
      headers: FORM,
      payload: form(fields),
    });
  const consent = (fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: DIGILOCKER_SANDBOX_PATHS.consent,
      headers: FORM,
      payload: form(fields),
    });
  /** The value of a hidden input of the page. */
  const hiddenValue = (html: string, name: string) =>
    new RegExp(`<input type="hidden" name="${name}" value="([^"]*)">`)
      .exec(html)?.[1]
      ?.replace(/&amp;/g, '&');

  it('shows the sign-in step: plain HTML in English, labelled inputs, the sandbox accounts, no script', async () => {
    const page = await authorize(request());
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const html = page.body;
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).not.toMatch(/<script|onclick=|javascript:/i);
    expect(html).toContain('<label for="mobile">Mobile number</label>');
    expect(html).toMatch(/<input id="mobile" name="mobile"/);
    expect(html).toContain('<label for="pin">6-digit PIN</label>');
    expect(html).toMatch(/<input id="pin" name="pin" type="password"/);
    for (const mobile of ['9000000001', '9000000002', '9000000003', '9000000004'])
      expect(html).toContain(`<strong>${mobile}</strong>, PIN <strong>123456</strong>`);
    expect(hiddenValue(html, 'redirect_uri')).toBe(redirect);
    expect(hiddenValue(html, 'state')).toBe('state-abc');
  });

  it('says a wrong PIN is wrong, then asks consent and sends the code back with the state', async () => {
    const wrong = await signIn({ ...request(), action: 'sign-in', mobile: '9000000001', pin: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('role="alert">The PIN is wrong.');
    expect(wrong.body).toMatch(/<input id="pin"[^>]*aria-invalid="true" aria-describedby="sign-in-error">/);
    expect(wrong.body).not.toMatch(/<input id="mobile"[^>]*aria-invalid/);
    expect(wrong.body).toContain('value="9000000001"');
    const unknown = await signIn({ ...request(), action: 'sign-in', mobile: '9000000099', pin: '123456' });
    expect(unknown.body).toContain('No sandbox DigiLocker account has this mobile number');
    expect(unknown.body).toMatch(/<input id="mobile"[^>]*aria-invalid="true"/);

    const step2 = await signIn({ ...request(), action: 'sign-in', mobile: '9000000001', pin: '123456' });
    expect(step2.statusCode).toBe(200);
    expect(step2.body).toContain('<h1>Veridocs asks to read your issued documents</h1>');
    expect(step2.body).toContain('Signed in as <strong>Asha Verma</strong>');
    expect(step2.body).toContain('>Allow</button>');
    expect(step2.body).toContain('>Deny</button>');
    expect(step2.body).not.toMatch(/<script/i);
    const ticket = hiddenValue(step2.body, 'ticket')!;

    const allowed = await consent({ ticket, decision: 'allow' });
    expect(allowed.statusCode).toBe(303);
    const back = new URL(allowed.headers.location as string);
    expect(`${back.origin}${back.pathname}`).toBe(redirect);
    expect(back.searchParams.get('state')).toBe('state-abc');
    const code = back.searchParams.get('code')!;

    // The code is the sandbox's, on this database: the app's DigiLocker exchanges it once.
    const provider = createSandboxDigiLockerProvider({
      repo: createDigiLockerSandboxRepository(t.db.orm),
      publicUrl: t.config.publicUrl,
      redirectUri: redirect,
      key: randomBytes(32),
      now: t.clock.now,
    });
    const { account } = await provider.exchangeCode({ code, codeVerifier: verifier, redirectUri: redirect });
    expect(account.name).toBe('Asha Verma');
    await expect(
      provider.exchangeCode({ code, codeVerifier: verifier, redirectUri: redirect }),
    ).rejects.toThrow('already used');
  });

  it('sends access_denied back on Deny and on Cancel', async () => {
    const step2 = await signIn({ ...request(), action: 'sign-in', mobile: '9000000002', pin: '123456' });
    const denied = await consent({ ticket: hiddenValue(step2.body, 'ticket')!, decision: 'deny' });
    expect(denied.statusCode).toBe(303);
    const back = new URL(denied.headers.location as string);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('error_description')).toBeTruthy();
    expect(back.searchParams.get('state')).toBe('state-abc');
    expect(back.searchParams.has('code')).toBe(false);

    const cancelled = await signIn({ ...request(), action: 'cancel' });
    expect(cancelled.statusCode).toBe(303);
    expect(new URL(cancelled.headers.location as string).searchParams.get('error')).toBe('access_denied');
  });

  it('never redirects anywhere but the registered address', async () => {
    for (const evil of [
      'https://evil.example.com/digilocker',
      `${redirect}/../steal`,
      `${redirect}?x=1`,
      '',
    ]) {
      const page = await authorize({ ...request(), redirect_uri: evil });
      expect(page.statusCode, evil).toBe(400);
      expect(page.headers.location).toBeUndefined();
      expect(page.body).toContain('This sign-in cannot continue');
      const posted = await signIn({ ...request(), redirect_uri: evil, action: 'cancel' });
      expect(posted.statusCode).toBe(400);
      expect(posted.headers.location).toBeUndefined();
    }
    const unknownClient = await authorize({ ...request(), client_id: 'other-app' });
    expect(unknownClient.statusCode).toBe(400);
    expect(unknownClient.headers.location).toBeUndefined();
    // A registered address with a bad request: the error goes back there, as OAuth 2 says.
    const plain = await authorize({ ...request(), code_challenge_method: 'plain' });
    expect(plain.statusCode).toBe(303);
    expect(new URL(plain.headers.location as string).searchParams.get('error')).toBe('invalid_request');
  });

  it('refuses a forged ticket with a page, and what is not its form in the envelope', async () => {
    const forged = await consent({ ticket: 'eyJhIjoiYSJ9.bm90LWEtbWFj', decision: 'allow' });
    expect(forged.statusCode).toBe(400);
    expect(forged.headers.location).toBeUndefined();
    const notTheForm = await consent({ decision: 'maybe' });
    expect(notTheForm.statusCode).toBe(400);
    expect(JSON.parse(notTheForm.body)).toMatchObject({ code: expect.any(Number) as unknown });
    const nul = await signIn({ ...request(), action: 'sign-in', mobile: '9000\u00000001', pin: '123456' });
    expect(nul.statusCode).toBe(400);
    expect(JSON.parse(nul.body)).toMatchObject({ message: expect.stringContaining('NUL') as unknown });
  });
});

describe('with the real DigiLocker configured', () => {
  it('serves no sandbox pages', async () => {
    const t = await createTestApp({
      env: {
        OCR_WORKER: 'off',
        DIGILOCKER_PROVIDER: 'http',
        DIGILOCKER_API_URL: 'https://api.digitallocker.gov.in/public',
        DIGILOCKER_CLIENT_ID: 'client',
        DIGILOCKER_CLIENT_SECRET: 'secret',
      },
    });
    try {
      const page = await t.app.inject({
        method: 'GET',
        url: `${DIGILOCKER_SANDBOX_PATHS.authorize}?client_id=x`,
      });
      expect(page.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
