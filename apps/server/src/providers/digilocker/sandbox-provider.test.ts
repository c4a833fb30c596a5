import { randomBytes } from 'node:crypto';
import { sandboxDigilockerGrants } from '../../db/schema/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { createTestClock } from '../../test/test-app.js';
import { parseCertificateXml } from '../issuer-documents/certificate-xml.js';
import { parseEaadhaarXml } from '../issuer-documents/eaadhaar-xml.js';
import { issuerTrustAnchors } from '../issuer-documents/trust-anchors.js';
import { verifySignedXml } from '../issuer-documents/xml-signature.js';
import { DigiLockerRefused, DocumentNotFound } from './digilocker-provider.js';
import { createSandboxDigiLockerProvider, s256, SANDBOX_CLIENT_ID } from './sandbox-provider.js';
import { createDigiLockerSandboxRepository } from './sandbox-repository.js';

const PUBLIC_URL = 'https://verify.example.com';
const REDIRECT = `${PUBLIC_URL}/digilocker`;

describe('the DigiLocker sandbox: codes, tokens and documents', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.dispose());

  function sandbox() {
    const clock = createTestClock();
    const provider = createSandboxDigiLockerProvider({
      repo: createDigiLockerSandboxRepository(database.db.orm),
      publicUrl: PUBLIC_URL,
      redirectUri: REDIRECT,
      key: randomBytes(32),
      now: clock.now,
    });
    return { provider, clock };
  }

  /** Signs in as `mobile` on the sandbox's pages and allows: the code and state the callback gets. */
  async function authorise(
    provider: ReturnType<typeof sandbox>['provider'],
    mobile = '9000000001',
    verifier = randomBytes(32).toString('base64url'),
  ) {
    const state = randomBytes(16).toString('base64url');
    const url = new URL(
      provider.authorizeUrl({ state, codeChallenge: s256(verifier), redirectUri: REDIRECT }),
    );
    const check = provider.pages.checkAuthorize(Object.fromEntries(url.searchParams));
    if (!check.ok) throw new Error('authorize refused');
    const signIn = provider.pages.signIn(check.request, mobile, '123456');
    if (!signIn.ok) throw new Error('sign-in refused');
    const done = await provider.pages.decide(signIn.ticket, true);
    const callback = new URL(done!.location);
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT);
    expect(callback.searchParams.get('state')).toBe(state);
    return { code: callback.searchParams.get('code')!, verifier, state };
  }

  it('gives its sign-in page’s URL with PKCE, and a code that becomes a token for the account', async () => {
    const { provider } = sandbox();
    const url = new URL(
      provider.authorizeUrl({ state: 's1', codeChallenge: s256('v'.repeat(43)), redirectUri: REDIRECT }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/sandbox/digilocker/oauth2/1/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: SANDBOX_CLIENT_ID,
      redirect_uri: REDIRECT,
      state: 's1',
      code_challenge: s256('v'.repeat(43)),
      code_challenge_method: 'S256',
    });

    const { code, verifier } = await authorise(provider);
    const { accessToken, expiresIn, account } = await provider.exchangeCode({
      code,
      codeVerifier: verifier,
      redirectUri: REDIRECT,
    });
    expect(expiresIn).toBe(3600);
    expect(account).toEqual({
      digilockerId: 'a3c1f0de-5b1e-4c7a-9d2e-000000000001',
      name: 'Asha Verma',
      dateOfBirth: '1994-08-15',
      gender: 'F',
      eaadhaar: true,
    });
    const documents = await provider.issuedDocuments(accessToken);
    expect(documents.map((d) => [d.doctype, d.issuerId, d.date, d.mime])).toEqual([
      ['SSCER', 'in.gov.cbse', '03-06-2017', ['application/pdf', 'application/xml']],
      ['HSCER', 'in.gov.cbse', '02-05-2019', ['application/pdf', 'application/xml']],
      ['DGCER', 'in.ac.bput', '15-09-2023', ['application/pdf', 'application/xml']],
    ]);
    const tenth = documents[0]!;
    const xml = await provider.documentXml(accessToken, tenth.uri);
    const verified = verifySignedXml(xml, issuerTrustAnchors([], 'test'));
    expect(verified.check.valid).toBe(true);
    expect(parseCertificateXml(verified.signedXml!)).toMatchObject({ rollNumber: '1100040', year: '2017' });
    const file = await provider.documentFile(accessToken, tenth.uri);
    expect(file.mimeType).toBe('application/pdf');
    expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(parseEaadhaarXml(await provider.eaadhaarXml(accessToken)).last4).toBe('4821');
    await expect(provider.documentXml(accessToken, 'in.gov.cbse-SSCER-20161100123')).rejects.toBeInstanceOf(
      DocumentNotFound,
    );

    // Codes and tokens are kept only as SHA-256 hashes.
    const rows = await database.db.orm.select().from(sandboxDigilockerGrants);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(code);
    expect(stored).not.toContain(accessToken);

    await provider.revoke(accessToken);
    await expect(provider.issuedDocuments(accessToken)).rejects.toBeInstanceOf(DigiLockerRefused);
    await expect(provider.revoke(accessToken)).resolves.toBeUndefined();
    await expect(provider.revoke('never-issued')).resolves.toBeUndefined();
  });

  it('uses a code once: a replay is refused and revokes the token it gave', async () => {
    const { provider } = sandbox();
    const { code, verifier } = await authorise(provider, '9000000002');
    const { accessToken } = await provider.exchangeCode({
      code,
      codeVerifier: verifier,
      redirectUri: REDIRECT,
    });
    await expect(provider.issuedDocuments(accessToken)).resolves.toHaveLength(2);
    await expect(
      provider.exchangeCode({ code, codeVerifier: verifier, redirectUri: REDIRECT }),
    ).rejects.toBeInstanceOf(DigiLockerRefused);
    await expect(provider.issuedDocuments(accessToken)).rejects.toBeInstanceOf(DigiLockerRefused);
    await expect(
      provider.exchangeCode({ code: 'unknown', codeVerifier: verifier, redirectUri: REDIRECT }),
    ).rejects.toThrow('Unknown authorisation code');
  });

  it('binds a code to the verifier and the redirect URI, and burns it on a wrong try', async () => {
    const { provider } = sandbox();
    const first = await authorise(provider);
    await expect(
      provider.exchangeCode({ code: first.code, codeVerifier: 'x'.repeat(43), redirectUri: REDIRECT }),
    ).rejects.toThrow('code_verifier');
    await expect(
      provider.exchangeCode({ code: first.code, codeVerifier: first.verifier, redirectUri: REDIRECT }),
    ).rejects.toBeInstanceOf(DigiLockerRefused);
    const second = await authorise(provider);
    await expect(
      provider.exchangeCode({
        code: second.code,
        codeVerifier: second.verifier,
        redirectUri: 'https://evil.example.com/digilocker',
      }),
    ).rejects.toThrow('redirect_uri');
  });

  it('lets a code live 10 minutes and a token an hour', async () => {
    const { provider, clock } = sandbox();
    const late = await authorise(provider);
    clock.advance(601);
    await expect(
      provider.exchangeCode({ code: late.code, codeVerifier: late.verifier, redirectUri: REDIRECT }),
    ).rejects.toThrow('expired');
    const fresh = await authorise(provider);
    const { accessToken } = await provider.exchangeCode({
      code: fresh.code,
      codeVerifier: fresh.verifier,
      redirectUri: REDIRECT,
    });
    clock.advance(3599);
    await expect(provider.issuedDocuments(accessToken)).resolves.toHaveLength(3);
    clock.advance(1);
    await expect(provider.issuedDocuments(accessToken)).rejects.toBeInstanceOf(DigiLockerRefused);
  });

  it('keeps each account to its own documents; an account with none has none', async () => {
    const { provider } = sandbox();
    const rohan = await authorise(provider, '9000000002');
    const { accessToken } = await provider.exchangeCode({
      code: rohan.code,
      codeVerifier: rohan.verifier,
      redirectUri: REDIRECT,
    });
    // Asha's Class XII marksheet is not Rohan's to read.
    await expect(provider.documentXml(accessToken, 'in.gov.cbse-HSCER-20192200451')).rejects.toBeInstanceOf(
      DocumentNotFound,
    );
    await expect(provider.eaadhaarXml(accessToken)).rejects.toBeInstanceOf(DocumentNotFound);
    const neha = await authorise(provider, '9000000004');
    const token = (
      await provider.exchangeCode({ code: neha.code, codeVerifier: neha.verifier, redirectUri: REDIRECT })
    ).accessToken;
    await expect(provider.issuedDocuments(token)).resolves.toEqual([]);
    await expect(provider.issuedDocuments('')).rejects.toBeInstanceOf(DigiLockerRefused);
  });

  it('checks the authorisation request: a bad client or return address is a page, anything else goes back', () => {
    const { provider } = sandbox();
    const params = {
      client_id: SANDBOX_CLIENT_ID,
      response_type: 'code',
      redirect_uri: REDIRECT,
      state: 'st',
      code_challenge: s256('v'.repeat(43)),
      code_challenge_method: 'S256',
    };
    expect(provider.pages.checkAuthorize(params)).toMatchObject({ ok: true });
    expect(
      provider.pages.checkAuthorize({ ...params, redirect_uri: 'https://evil.example.com/digilocker' }),
    ).toEqual({
      ok: false,
      page: expect.stringContaining('return address') as unknown,
    });
    expect(provider.pages.checkAuthorize({ ...params, redirect_uri: [REDIRECT, REDIRECT] })).toMatchObject({
      ok: false,
      page: expect.any(String) as unknown,
    });
    expect(provider.pages.checkAuthorize({ ...params, client_id: 'someone-else' })).toMatchObject({
      ok: false,
      page: expect.any(String) as unknown,
    });
    const back = (overrides: Record<string, string | undefined>) => {
      const check = provider.pages.checkAuthorize({ ...params, ...overrides });
      if (check.ok || !('location' in check)) throw new Error('expected a redirect');
      const url = new URL(check.location);
      return [url.origin + url.pathname, url.searchParams.get('error'), url.searchParams.get('state')];
    };
    expect(back({ response_type: 'token' })).toEqual([REDIRECT, 'unsupported_response_type', 'st']);
    expect(back({ code_challenge_method: 'plain' })).toEqual([REDIRECT, 'invalid_request', 'st']);
    expect(back({ code_challenge: undefined })).toEqual([REDIRECT, 'invalid_request', 'st']);
    expect(back({ state: undefined })).toEqual([REDIRECT, 'invalid_request', null]);
  });

  it('says which of mobile and PIN is wrong, and honours only its own unexpired consent tickets', async () => {
    const { provider, clock } = sandbox();
    const request = { redirectUri: REDIRECT, state: 'st', codeChallenge: s256('v'.repeat(43)) };
    expect(provider.pages.signIn(request, '9000000001', '654321')).toEqual({
      ok: false,
      problem: 'wrong-pin',
    });
    expect(provider.pages.signIn(request, '9000000099', '123456')).toEqual({
      ok: false,
      problem: 'unknown-mobile',
    });
    const signIn = provider.pages.signIn(request, '+91 90000 00001', '123456');
    if (!signIn.ok) throw new Error('sign-in refused');
    // Another instance's key, a changed ticket, a stale one: no code.
    expect(await sandbox().provider.pages.decide(signIn.ticket, true)).toBeNull();
    const [payload, mac] = signIn.ticket.split('.');
    const other = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload!, 'base64url').toString()),
        a: 'a3c1f0de-5b1e-4c7a-9d2e-000000000002',
      }),
    ).toString('base64url');
    expect(await provider.pages.decide(`${other}.${mac}`, true)).toBeNull();
    const denied = await provider.pages.decide(signIn.ticket, false);
    expect(Object.fromEntries(new URL(denied!.location).searchParams)).toEqual({
      error: 'access_denied',
      error_description: 'The user did not allow access to their DigiLocker',
      state: 'st',
    });
    clock.advance(601);
    expect(await provider.pages.decide(signIn.ticket, true)).toBeNull();
  });
});
