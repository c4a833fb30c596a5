import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officialDocument, startPrism, type Prism } from '../../test/prism.js';
import { CertificateXmlError, parseCertificateXml } from '../issuer-documents/certificate-xml.js';
import { EaadhaarXmlError, parseEaadhaarXml } from '../issuer-documents/eaadhaar-xml.js';
import { childAt, parseXmlDocument } from '../issuer-documents/xml-dom.js';
import { issuerTrustAnchors } from '../issuer-documents/trust-anchors.js';
import { verifySignedXml } from '../issuer-documents/xml-signature.js';
import { DigiLockerRefused, DocumentNotFound, SourceDown } from './digilocker-provider.js';
import { createHttpDigiLockerProvider, dobFromToken } from './http-provider.js';

/**
 * The DigiLocker adapter against `prism mock --errors` of DigiLocker's official description
 * (authpartner.json): every request it makes must fit the document (prism answers a misfit with an
 * error and an `sl-violations` header, which fails these tests), and it must read what the document
 * answers. What the mock cannot give (a signed certificate, a real date of birth) comes from recorded
 * fixtures served through `prism proxy` of the same document, which holds them to it too (JSON by
 * prism; XML, which prism does not read, by the structure checks below).
 */
const DOCUMENT = officialDocument('digitallocker.gov.in/authpartner.json');
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const REDIRECT = 'https://verify.example.com/digilocker';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const HSCER_URI = 'in.gov.cbse-HSCER-20192200451';

/** The fixtures' DigiLocker: what a real one would answer for the sandbox's Asha Verma. */
function recordedDigiLocker(): Server {
  return createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const send = (status: number, type: string, body: string) => {
        res.writeHead(status, { 'content-type': type });
        res.end(body);
      };
      const path = req.url ?? '';
      if (req.method === 'POST' && path === '/oauth2/1/token') {
        const body = JSON.parse(raw) as Record<string, string>;
        if (body.code !== 'recorded-code' || body.code_verifier !== VERIFIER)
          return send(400, 'application/json', '{"error":"invalid_grant"}');
        return send(200, 'application/json', fixture('token-response.json'));
      }
      if (path === '/oauth2/2/files/issued')
        return send(200, 'application/json', fixture('issued-documents.json'));
      if (path === `/oauth2/1/xml/${HSCER_URI}`)
        return send(200, 'application/xml', fixture('certificate-HSCER.xml'));
      if (path.startsWith('/oauth2/1/xml/'))
        return send(
          404,
          'application/json',
          '{"error":"invalid_uri","error_description":"No file found for given URI"}',
        );
      if (path === '/oauth2/2/xml/eaadhaar') return send(200, 'application/xml', fixture('eaadhaar.xml'));
      if (path === '/oauth2/1/revoke') return send(200, 'application/json', '{}');
      send(404, 'application/json', '{"error":"not_found"}');
    });
  });
}

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );

describe('the DigiLocker adapter, against the official description', () => {
  let mock: Prism;
  let proxy: Prism;
  const recorded = recordedDigiLocker();
  beforeAll(async () => {
    const upstream = await listen(recorded);
    [mock, proxy] = await Promise.all([
      startPrism(DOCUMENT),
      startPrism(DOCUMENT, { proxyTo: upstream, errors: false }),
    ]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([mock?.stop(), proxy?.stop()]);
    await new Promise<void>((resolve) => recorded.close(() => resolve()));
  });

  const adapter = (prism: Prism, prefer?: (url: string) => string | undefined) =>
    createHttpDigiLockerProvider({
      url: prism.url,
      clientId: 'veridocs-client',
      clientSecret: 'client-secret-1234',
      timeoutMs: 15_000,
      fetch: prism.fetch(prefer),
    });
  /**
   * Runs `action` and fails on any violation prism reported meanwhile, except prism's own blind spot:
   * it checks an XML answer's raw text against the schema's object ("Response body must be object").
   */
  async function fitting<T>(prism: Prism, action: () => Promise<T>): Promise<T> {
    const before = prism.violations.length;
    const result = await action();
    const reported = prism.violations.slice(before).filter((v) => {
      if (!v.contentType.includes('xml')) return true;
      const list = JSON.parse(v.violations) as { location: string[]; code: string }[];
      return !list.every((item) => item.location.join('.') === 'response.body' && item.code === 'type');
    });
    expect(reported).toEqual([]);
    return result;
  }

  it('builds the sign-in URL with every parameter the document requires, and PKCE', async () => {
    const url = new URL(
      adapter(mock).authorizeUrl({ state: 'state-123', codeChallenge: CHALLENGE, redirectUri: REDIRECT }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(`${mock.url}/oauth2/1/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'veridocs-client',
      redirect_uri: REDIRECT,
      state: 'state-123',
      code_challenge: CHALLENGE,
      code_challenge_method: 'S256',
      Code_challenge: CHALLENGE,
      Code_challenge_method: 'S256',
    });
    // The description puts an OAuth 2 security requirement on the sign-in page itself, which a browser
    // opens with no token: the check adds one so that prism gets to check the parameters.
    const response = await fitting(mock, () =>
      mock.fetch()(url.href, { headers: { authorization: 'Bearer browser' } }),
    );
    expect(response.status).toBe(200);
  });

  it('exchanges the code with the JSON body of the document and reads the account', async () => {
    // The document's example `dob` ("31121970") contradicts its own type (integer): prism --errors refuses
    // to send it, so the answer is generated from the schema instead.
    const result = await fitting(mock, () =>
      adapter(mock, () => 'dynamic=true').exchangeCode({
        code: 'code-1',
        codeVerifier: VERIFIER,
        redirectUri: REDIRECT,
      }),
    );
    const exchange = mock.exchanges.at(-1)!;
    expect(exchange.method).toBe('POST');
    expect(exchange.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(exchange.body!)).toEqual({
      grant_type: 'authorization_code',
      code: 'code-1',
      client_id: 'veridocs-client',
      client_secret: 'client-secret-1234',
      redirect_uri: REDIRECT,
      code_verifier: VERIFIER,
    });
    const answer = JSON.parse(exchange.answer) as Record<string, unknown>;
    expect(result.accessToken).toBe(answer.access_token);
    expect(result.account.digilockerId).toBe(answer.digilocker_id);
    expect(result.account.name).toBe(answer.name);
    expect(result.account.gender).toBe(answer.gender);
    expect(result.account.eaadhaar).toBe(answer.eaadhar === 'Y');
    expect(result.expiresIn).toBeGreaterThan(0);
  });

  it('lists the issued documents, sending the bearer token', async () => {
    const documents = await fitting(mock, () => adapter(mock).issuedDocuments('token-abc'));
    const exchange = mock.exchanges.at(-1)!;
    expect(new URL(exchange.url).pathname).toBe('/oauth2/2/files/issued');
    expect(exchange.headers.get('authorization')).toBe('Bearer token-abc');
    const answer = JSON.parse(exchange.answer) as { items: Record<string, unknown>[] };
    expect(documents).toHaveLength(answer.items.length);
    expect(documents[0]).toEqual({
      uri: answer.items[0]!.uri,
      name: answer.items[0]!.name,
      doctype: answer.items[0]!.doctype,
      description: answer.items[0]!.description,
      issuerId: answer.items[0]!.issuerid,
      issuer: answer.items[0]!.issuer,
      date: answer.items[0]!.date,
      // The document types `mime` as an array of anything: prism puts an object there, not a type.
      mime: [],
    });
  });

  it('gets a certificate’s XML, a file and the e-Aadhaar XML by their paths, and revokes', async () => {
    const provider = adapter(mock);
    const xml = await fitting(mock, () =>
      provider.documentXml('token-abc', 'in.gov.cbse-SSCER-2017/1100040'),
    );
    // The URI is one path segment.
    expect(new URL(mock.exchanges.at(-1)!.url).pathname).toBe(
      '/oauth2/1/xml/in.gov.cbse-SSCER-2017%2F1100040',
    );
    expect(xml).toBe(mock.exchanges.at(-1)!.answer);
    expect(xml).toMatch(/^<xml><CertificateData>/);
    // The mock's certificate names no holder: it cannot stand for a real one (the fixtures below do).
    expect(() => parseCertificateXml(xml)).toThrow(CertificateXmlError);

    const file = await fitting(mock, () => provider.documentFile('token-abc', HSCER_URI));
    expect(file.mimeType).toBe('application/pdf');
    expect(file.bytes.toString('utf8')).toBe(mock.exchanges.at(-1)!.answer);

    const eaadhaar = await fitting(mock, () => provider.eaadhaarXml('token-abc'));
    expect(new URL(mock.exchanges.at(-1)!.url).pathname).toBe('/oauth2/2/xml/eaadhaar');
    expect(eaadhaar).toContain('<KycRes>');
    expect(() => parseEaadhaarXml(eaadhaar)).toThrow(EaadhaarXmlError);

    await fitting(mock, () => provider.revoke('token-abc'));
    const revoke = mock.exchanges.at(-1)!;
    expect(new URL(revoke.url).pathname).toBe('/oauth2/1/revoke');
    expect(revoke.headers.get('authorization')).toBe('Bearer token-abc');
    expect(JSON.parse(revoke.body!)).toEqual({ token: 'token-abc', token_type_hint: 'access_token' });
  });

  it('maps the document’s failures: 400/401 refused, 404 not found, 5xx down; revoking twice is fine', async () => {
    const withCode = (code: number) => adapter(mock, () => `code=${code}`);
    const exchange = { code: 'used-code', codeVerifier: VERIFIER, redirectUri: REDIRECT };
    await expect(withCode(400).exchangeCode(exchange)).rejects.toBeInstanceOf(DigiLockerRefused);
    await expect(withCode(401).exchangeCode(exchange)).rejects.toBeInstanceOf(DigiLockerRefused);
    await expect(withCode(401).issuedDocuments('expired')).rejects.toBeInstanceOf(DigiLockerRefused);
    await expect(withCode(500).issuedDocuments('t')).rejects.toBeInstanceOf(SourceDown);
    await expect(withCode(404).documentXml('t', 'in.gov.cbse-SSCER-x')).rejects.toBeInstanceOf(
      DocumentNotFound,
    );
    await expect(withCode(400).documentXml('t', 'in.gov.cbse-SSCER-x')).rejects.toBeInstanceOf(
      DigiLockerRefused,
    );
    await expect(withCode(503).documentFile('t', 'in.gov.cbse-SSCER-x')).rejects.toBeInstanceOf(SourceDown);
    await expect(withCode(404).eaadhaarXml('t')).rejects.toBeInstanceOf(DocumentNotFound);
    await expect(withCode(400).revoke('already-revoked')).resolves.toBeUndefined();
  });

  it('reads the recorded answers (held to the document by prism proxy): signed XML, a real account', async () => {
    const provider = adapter(proxy);
    const { accessToken, expiresIn, account } = await fitting(proxy, () =>
      provider.exchangeCode({ code: 'recorded-code', codeVerifier: VERIFIER, redirectUri: REDIRECT }),
    );
    expect({ accessToken, expiresIn, account }).toEqual({
      accessToken: '5f0e3a9c1b7d4e2f8a6c0b9d3e1f7a2c4b8d6e0f',
      expiresIn: 3600,
      account: {
        digilockerId: 'a3c1f0de-5b1e-4c7a-9d2e-000000000001',
        name: 'Asha Verma',
        dateOfBirth: '2001-04-12',
        gender: 'F',
        eaadhaar: true,
      },
    });
    const documents = await fitting(proxy, () => provider.issuedDocuments(accessToken));
    expect(documents.map((d) => [d.uri, d.doctype, d.issuerId, d.date, d.mime])).toEqual([
      [
        'in.gov.cbse-SSCER-20171100040',
        'SSCER',
        'in.gov.cbse',
        '03-06-2017',
        ['application/pdf', 'application/xml'],
      ],
      [HSCER_URI, 'HSCER', 'in.gov.cbse', '02-05-2019', ['application/pdf', 'application/xml']],
    ]);

    const anchors = issuerTrustAnchors([], 'test');
    const xml = await fitting(proxy, () => provider.documentXml(accessToken, HSCER_URI));
    // What XMLFormatSchema requires (prism does not read XML): CertificateData, and a Signature with KeyInfo.
    const root = parseXmlDocument(xml).documentElement;
    expect(childAt(root, 'CertificateData')).not.toBeNull();
    expect(childAt(root, 'Signature', 'KeyInfo', 'X509Data', 'X509Certificate')).not.toBeNull();
    const verified = verifySignedXml(xml, anchors);
    expect(verified.check).toEqual({ valid: true, signer: 'Veridocs Sandbox Issuer', reason: null });
    expect(parseCertificateXml(verified.signedXml!, { issuerId: 'in.gov.cbse' })).toMatchObject({
      doctype: 'HSCER',
      person: { name: 'ASHA VERMA', dateOfBirth: '2001-04-12' },
      rollNumber: '2200451',
      year: '2019',
    });
    await expect(provider.documentXml(accessToken, 'in.gov.cbse-HSCER-0')).rejects.toBeInstanceOf(
      DocumentNotFound,
    );

    const eaadhaar = await fitting(proxy, () => provider.eaadhaarXml(accessToken));
    const kycRes = parseXmlDocument(eaadhaar).documentElement;
    expect(kycRes.localName).toBe('KycRes');
    for (const name of ['code', 'ret', 'ts', 'ttl', 'txn']) expect(kycRes.getAttribute(name)).not.toBe('');
    for (const path of [
      ['Rar'],
      ['UidData', 'Poi'],
      ['UidData', 'Poa'],
      ['UidData', 'Pht'],
      ['Signature', 'SignedInfo'],
    ])
      expect(childAt(kycRes, ...path), path.join('/')).not.toBeNull();
    const checked = verifySignedXml(eaadhaar, anchors);
    expect(checked.check.valid).toBe(true);
    expect(parseEaadhaarXml(checked.signedXml!)).toMatchObject({ name: 'Asha Verma', last4: '4821' });
    await fitting(proxy, () => provider.revoke(accessToken));
  });
});

describe('the DigiLocker adapter when DigiLocker is slow, unreachable or odd', () => {
  const hanging = createServer(() => undefined);
  let url = '';
  beforeAll(async () => {
    url = await listen(hanging);
  });
  afterAll(async () => {
    hanging.closeAllConnections();
    await new Promise<void>((resolve) => hanging.close(() => resolve()));
  });

  it('is SourceDown after DIGILOCKER_TIMEOUT_MS, and when nothing listens', async () => {
    const slow = createHttpDigiLockerProvider({ url, clientId: 'c', clientSecret: 's', timeoutMs: 200 });
    const started = Date.now();
    await expect(slow.issuedDocuments('t')).rejects.toBeInstanceOf(SourceDown);
    expect(Date.now() - started).toBeLessThan(5_000);
    const nowhere = createHttpDigiLockerProvider({
      url: 'http://127.0.0.1:9',
      clientId: 'c',
      clientSecret: 's',
      timeoutMs: 2_000,
    });
    const error = await nowhere
      .exchangeCode({ code: 'secret-code', codeVerifier: VERIFIER, redirectUri: REDIRECT })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceDown);
    // Codes and tokens never appear in what the adapter reports.
    expect(String((error as Error).message)).not.toContain('secret-code');
  });

  it('reads the token’s dob however the document’s types and example give it', () => {
    expect(dobFromToken(31121970)).toBe('1970-12-31');
    expect(dobFromToken('31121970')).toBe('1970-12-31');
    expect(dobFromToken(1042001)).toBe('2001-04-01');
    expect(dobFromToken('12-04-2001')).toBe('2001-04-12');
    expect(dobFromToken(-90576009)).toBe('');
    expect(dobFromToken('31022001')).toBe('');
    expect(dobFromToken(undefined)).toBe('');
  });
});
