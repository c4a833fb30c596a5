import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import {
  API_PATHS,
  OPS_API_PATHS,
  SERVICE_BASES,
  credentialListResponseSchema,
  credentialSchema,
  credentialVerificationSchema,
  CREDENTIALS_CONTEXT_V1,
  CREDENTIALS_CONTEXT_V1_URL,
  addWalletDocumentResponseSchema,
  opsSessionSchema,
  type Credential,
  type CredentialVerification,
  type OpsSession,
} from '@veridocs/shared';
import { contexts as statusContexts } from '@digitalbazaar/vc-bitstring-status-list-context';
import { contexts as vcContexts } from 'credentials-context';
import { verifyCredential } from 'did-jwt-vc';
import { decodeJwt } from 'jose';
import jsonld from 'jsonld';
import Fastify from 'fastify';
import { Resolver, type DIDResolutionResult } from 'did-resolver';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_AADHAAR } from '../../providers/aadhaar/sandbox-provider.js';
import { bearer, createTestApp, expectCode, outbox, signUp, type TestApp } from '../../test/test-app.js';
import { disclosureRows } from '../../test/disclosures.js';
import { submittedCandidate as submitCandidate } from '../../test/submitted-candidate.js';
import { createFilesRepository } from '../files/files-repository.js';
import { multipart, pdfOfSize } from '../files/test-files.js';
import { DEV_STAFF } from '../ops-auth/dev-staff.js';
import { createCredentialsRepository } from './credentials-repository.js';
import { createCredentialsService, evidenceOf } from './credentials-service.js';
import { createIssuerKey } from './issuer.js';
import { STATUS_LIST_SIZE } from './status-list.js';

const PUBLIC_URL = 'https://wallet.example';
const DID = 'did:web:wallet.example';
const C = API_PATHS.credentials;
const O = OPS_API_PATHS;
const w = (path: string) => `${SERVICE_BASES.webWallet}${path}`;
const ADMIN = DEV_STAFF.find((s) => s.role === 'admin')!;
const VERIFIER = DEV_STAFF.find((s) => s.role === 'verifier')!;
type Headers = Record<string, string>;

describe('the wallet: credentials issued on COMPLETED, verified, revoked', () => {
  let t: TestApp;
  let admin: Headers;
  let verifier: Headers;
  /** Everything the app logs, at the most verbose level: share ids are capabilities (issue 30 §3). */
  const logLines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    });
    const { log } = Fastify({ logger: { level: 'trace', stream } });
    t = await createTestApp({ env: { OCR_WORKER: 'off', PUBLIC_URL }, logger: log });
    admin = bearer((await signIn(ADMIN)).accessToken);
    verifier = bearer((await signIn(VERIFIER)).accessToken);
  });
  afterAll(() => t?.close());

  const send = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    headers?: Headers,
  ) =>
    t.request({
      method,
      url,
      ...(body === undefined ? {} : { body: body as object }),
      ...(headers ? { headers } : {}),
    });

  async function signIn(account: { email: string; password: string }): Promise<OpsSession> {
    const step = expectCode<{ challengeId: string }>(
      await send('POST', O.signIn, { email: account.email, password: account.password }),
      0,
      200,
    );
    const [mail] = await outbox(t, account.email);
    return opsSessionSchema.parse(
      expectCode(
        await send('POST', O.verifyCode, { challengeId: step.challengeId, code: mail!.otp }),
        0,
        200,
      ),
    );
  }

  // A listed institute: stored by its id, attested by its name.
  const submittedCandidate = (name: string) =>
    submitCandidate(t, { name, institute: 'anna-university', instituteId: '201604200042' });

  const list = async (h: Headers): Promise<Credential[]> =>
    credentialListResponseSchema.parse(
      expectCode(await send('GET', w(`${C.list}?seed=0&count=100`), undefined, h), 0, 200),
    ).list;
  const verifyShare = async (shareId: string): Promise<CredentialVerification> =>
    credentialVerificationSchema.parse(expectCode(await send('GET', w(C.verify(shareId))), 0, 200));
  const verifyJwt = async (jwt: string): Promise<CredentialVerification> =>
    credentialVerificationSchema.parse(expectCode(await send('POST', w(C.verifyJwt), { jwt }), 0, 200));

  /** did:web resolved the way web-did-resolver does (https://{host}/.well-known/did.json), through the app. */
  const resolver = new Resolver({
    web: async (did, parsed): Promise<DIDResolutionResult> => {
      expect(parsed.id).toBe('wallet.example');
      const res = await t.app.inject({ method: 'GET', url: C.didDocument });
      expect(res.headers['content-type']).toContain('application/did+json');
      return {
        didDocument: res.json(),
        didDocumentMetadata: {},
        didResolutionMetadata: { contentType: 'application/did+json', did },
      };
    },
  });
  const clockSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

  /** POST /credentials/documents/{id} with the file itself (multipart field "file"). */
  const addDocument = (id: string, data: Buffer, h: Headers, filename = 'offer-letter.pdf') => {
    const body = multipart([{ name: 'file', filename, contentType: 'application/pdf', data }]);
    return t.request({
      method: 'POST',
      url: w(C.documents(id)),
      headers: { ...body.headers, ...h },
      payload: body.payload,
    });
  };
  /** Every stored object (local storage) and every files row: a refusal must leave both unchanged. */
  /**
   * `stored()` once nothing is still being written in the background: a completed transaction's report
   * PDF is stored by the report job after the decision's answer, and a refused stream's `.part` is
   * removed as its put fails (on a loaded machine, just after the answer).
   */
  async function settledStored(): Promise<{ objects: number; rows: number }> {
    const busy = async () => {
      const generating = (await t.db.orm.execute(
        sql`select count(*)::int as n from verification_reports where status = 'generating'`,
      )) as { rows: { n: number }[] };
      if (t.config.storage.kind !== 'local') throw new Error('local storage expected');
      const parts = readdirSync(t.config.storage.dir, { recursive: true }).filter((name) =>
        String(name).endsWith('.part'),
      ).length;
      return generating.rows[0]!.n + parts;
    };
    await expect.poll(busy, { timeout: 30_000 }).toBe(0);
    return stored();
  }
  async function stored(): Promise<{ objects: number; rows: number }> {
    if (t.config.storage.kind !== 'local') throw new Error('local storage expected');
    const objects = readdirSync(t.config.storage.dir, { recursive: true, withFileTypes: true }).filter(
      (e) => e.isFile() && !join(e.parentPath).endsWith('veridocs-installation'),
    ).length;
    return { objects, rows: await createFilesRepository(t.db.orm).count() };
  }
  let pdf: Buffer;

  let holder: Headers;
  let txnId: string;
  let degree: Credential;
  let identity: Credential;

  // A whole journey (sign-ups, uploads through the document checks, the team's decisions): slow on a
  // busy machine.
  it('issues a credential when a verification is COMPLETED, and only its holder sees it', async () => {
    ({ h: holder, txnId } = await submittedCandidate('Meera Iyer'));
    // The Aadhaar identity was verified by the provider at once: COMPLETED, so already in the wallet.
    let held = await list(holder);
    expect(held.map((c) => c.credentialType)).toEqual(['IdentityVerification']);
    identity = held[0]!;
    expect(identity.credentialAttributes).toMatchObject({
      holderName: expect.any(String),
      requestedBy: expect.any(String),
    });
    // Identity credentials carry no number.
    expect(JSON.stringify(identity)).not.toContain(SANDBOX_AADHAAR.direct);

    // The team completes the degree: its credential is issued in the same transaction.
    for (const state of ['IN_PROGRESS', 'COMPLETED'])
      expectCode(
        await send('POST', O.decisions(txnId), { verificationName: 'bgv-degree', state }, verifier),
        0,
        200,
      );
    held = await list(holder);
    expect(held).toHaveLength(2);
    degree = held.find((c) => c.verificationName === 'bgv-degree')!;
    expect(degree).toMatchObject({
      credentialType: 'EducationVerification',
      txnId,
      status: 'active',
      issuer: DID,
      credentialAttributes: {
        verification: 'Degree',
        category: 'Education',
        degreeName: 'B.Tech in Computer Science',
        // The institute's name, never its id ("anna-university").
        institute: 'Anna University',
        passingYear: '2020',
        verifiedOn: t.clock.now().toISOString().slice(0, 10),
      },
    });
    expect(degree.shareId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // The holder is told of the degree's (the team's decision), not of the identity's (their own OTP).
    const notices = (await t.db.orm.execute(
      sql`select n.params, n.link from notifications n join transactions x on x.profile_id = n.profile_id
        where x.id = ${txnId} and n.message = 'credential.issued' order by n.created_at`,
    )) as { rows: { params: Record<string, string>; link: string }[] };
    expect(notices.rows).toHaveLength(1);
    // Named by the credential's label; its link opens that credential.
    expect(notices.rows[0]).toMatchObject({
      params: { verification: 'bgv-degree', label: 'Degree' },
      link: `/wallet/${degree.id}`,
    });
    expect(degree.jwt.split('.')).toHaveLength(3);
    expect(
      credentialSchema.parse(expectCode(await send('GET', w(C.one(degree.id)), undefined, holder), 0, 200))
        .id,
    ).toBe(degree.id);

    // Another candidate: not in their list, and the id answers as an unknown one.
    const other = bearer((await signUp(t, undefined, 'Ravi Kumar')).accessToken);
    expect(await list(other)).toEqual([]);
    expectCode(await send('GET', w(C.one(degree.id)), undefined, other), 245, 404);
    pdf = await pdfOfSize(60_000);
    const before = await settledStored();
    expectCode(await addDocument(degree.id, pdf, other), 245, 404);
    expect(await settledStored()).toEqual(before);
    // No token: 102.
    expectCode(await send('GET', w(C.list)), 102, 401);
  }, 120_000);

  it('is issued once per verification, however often the change is seen', async () => {
    const service = createCredentialsService({
      repo: createCredentialsRepository(t.db.orm),
      issuer: await createIssuerKey(new Uint8Array(32).fill(7), PUBLIC_URL),
      publicUrl: PUBLIC_URL,
      validityDays: 30,
      now: t.clock.now,
    });
    const change = {
      txnId,
      entity: 'verification' as const,
      verificationName: 'bgv-degree',
      from: 'IN_PROGRESS' as const,
      to: 'COMPLETED' as const,
      action: 'ops-decision',
      profileId: null,
    };
    await t.db.orm.transaction((tx) => service.onStateChanges(tx, [change, change], t.clock.now()));
    await t.db.orm.transaction((tx) => service.onStateChanges(tx, [change], t.clock.now()));
    const rows = (await t.db.orm.execute(
      sql`select id from credentials where txn_id = ${txnId} and verification_name = 'bgv-degree'`,
    )) as { rows: { id: string }[] };
    expect(rows.rows.map((r) => r.id)).toEqual([degree.id]);
    expect(await list(holder)).toHaveLength(2);
  });

  it('verifies: signature, issuer, expiry and status list; a tampered credential is invalid', async () => {
    const shared = async () =>
      (await disclosureRows(t, { txnId })).filter(
        (d) => d.what === 'credential_share' && d.recipient_name === 'Someone with the share link',
      ).length;
    const before = await shared();
    const ok = await verifyShare(degree.shareId);
    // Opening the share link is a disclosure to a verifier (ADR 0049).
    expect(await shared()).toBe(before + 1);
    expect(ok).toMatchObject({
      result: 'valid',
      reason: null,
      checks: { signature: true, issuer: true, expiry: true, status: true },
      credential: { id: degree.id, credentialType: 'EducationVerification', issuer: DID, revokedAt: null },
    });
    expect(ok.credential!.credentialAttributes).toEqual(degree.credentialAttributes);
    expect(await verifyJwt(degree.jwt)).toMatchObject({ result: 'valid' });

    // One character of the payload changed: the signature no longer holds.
    const [head, payload, signature] = degree.jwt.split('.') as [string, string, string];
    const at = Math.floor(payload.length / 2);
    const flipped = payload[at] === 'A' ? 'B' : 'A';
    const tampered = `${head}.${payload.slice(0, at)}${flipped}${payload.slice(at + 1)}.${signature}`;
    expect(await verifyJwt(tampered)).toMatchObject({
      result: 'invalid',
      reason: 'signature',
      credential: null,
    });
    // The same claims signed by another key: not this issuer.
    expect(await verifyJwt(`${head}.${payload}.${'A'.repeat(signature.length)}`)).toMatchObject({
      result: 'invalid',
      reason: 'signature',
    });
    expect(await verifyJwt('not-a-jwt')).toMatchObject({ result: 'invalid', reason: 'malformed' });
    // A stored credential altered in the database verifies no better.
    await t.db.orm.execute(sql`update credentials set jwt = ${tampered} where id = ${identity.id}`);
    expect(await verifyShare(identity.shareId)).toMatchObject({ result: 'invalid', reason: 'signature' });
    await t.db.orm.execute(sql`update credentials set jwt = ${identity.jwt} where id = ${identity.id}`);

    // Unknown share ids: 245.
    expectCode(await send('GET', w(C.verify('A'.repeat(22)))), 245, 404);
    expectCode(await send('GET', w(C.verify('short'))), 245, 404);
  });

  it('verifies with an independent VC library (did-jwt-vc, did:web resolved from the published document)', async () => {
    const verified = await verifyCredential(degree.jwt, resolver, { policies: { now: clockSeconds() } });
    expect(verified.issuer).toBe(DID);
    expect(verified.verifiableCredential.type).toEqual(['VerifiableCredential', 'EducationVerification']);
    expect(verified.verifiableCredential.credentialSubject).toMatchObject({
      credentialType: 'EducationVerification',
      credentialAttributes: { degreeName: 'B.Tech in Computer Science' },
    });
    expect(verified.verifiableCredential.credentialStatus).toMatchObject({
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListCredential: `${PUBLIC_URL}${C.statusList(0)}`,
    });
    const [head, payload, signature] = degree.jwt.split('.') as [string, string, string];
    const at = Math.floor(payload.length / 2);
    const tampered = `${head}.${payload.slice(0, at)}${payload[at] === 'A' ? 'B' : 'A'}${payload.slice(at + 1)}.${signature}`;
    await expect(
      verifyCredential(tampered, resolver, { policies: { now: clockSeconds() } }),
    ).rejects.toThrow();

    // The JWKS publishes the same key as the DID document.
    const jwks = (await t.app.inject({ method: 'GET', url: C.jwks })).json<{
      keys: { kid: string; x: string }[];
    }>();
    const did = (await t.app.inject({ method: 'GET', url: C.didDocument })).json<{
      id: string;
      assertionMethod: string[];
      verificationMethod: { id: string; publicKeyJwk: { x: string } }[];
    }>();
    expect(did.id).toBe(DID);
    expect(jwks.keys[0]!.kid).toBe(did.verificationMethod[0]!.id);
    expect(jwks.keys[0]!.x).toBe(did.verificationMethod[0]!.publicKeyJwk.x);
    expect(did.assertionMethod).toEqual([did.verificationMethod[0]!.id]);
  });

  /** The bit of a credential in the published status list, read as any verifier would. */
  async function publishedBit(credential: Credential): Promise<boolean> {
    const entry = (await verifyCredential(credential.jwt, resolver, { policies: { now: clockSeconds() } }))
      .verifiableCredential.credentialStatus as unknown as {
      statusListCredential: string;
      statusListIndex: string;
    };
    const res = await t.app.inject({ method: 'GET', url: new URL(entry.statusListCredential).pathname });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/jwt');
    const list = await verifyCredential(res.body, resolver, { policies: { now: clockSeconds() } });
    const subject = list.verifiableCredential.credentialSubject as { type: string; encodedList: string };
    expect(subject.type).toBe('BitstringStatusList');
    expect(subject.encodedList.startsWith('u')).toBe(true);
    const bytes = gunzipSync(Buffer.from(subject.encodedList.slice(1), 'base64url'));
    expect(bytes.length * 8).toBe(STATUS_LIST_SIZE);
    const index = Number(entry.statusListIndex);
    return (bytes[index >> 3]! & (0x80 >> (index & 7))) !== 0;
  }

  it('revokes (admin only, audited): the status list bit is set and verification answers revoked', async () => {
    expect(await publishedBit(degree)).toBe(false);
    const body = { reason: 'Issued in error: degree record corrected' };
    expectCode(await send('POST', O.revokeCredential(degree.id), body, verifier), 103, 403);
    expectCode(await send('POST', O.revokeCredential(degree.id), body, holder), 102, 401);
    const revoked = expectCode<{ id: string; statusListIndex: number }>(
      await send('POST', O.revokeCredential(degree.id), body, admin),
      0,
      200,
    );
    expect(revoked.id).toBe(degree.id);
    expectCode(await send('POST', O.revokeCredential(degree.id), body, admin), 246, 409);
    expectCode(
      await send('POST', O.revokeCredential('00000000-0000-4000-8000-000000000000'), body, admin),
      245,
      404,
    );

    expect(await publishedBit(degree)).toBe(true);
    expect(await publishedBit(identity)).toBe(false);
    const result = await verifyShare(degree.shareId);
    expect(result).toMatchObject({
      result: 'revoked',
      reason: 'revoked',
      checks: { signature: true, issuer: true, expiry: true, status: false },
      credential: { id: degree.id, revokedAt: t.clock.now().toISOString() },
    });
    expect((await list(holder)).find((c) => c.id === degree.id)).toMatchObject({ status: 'revoked' });
    expect((await verifyShare(identity.shareId)).result).toBe('valid');

    const audit = expectCode<{
      list: { action: string; targetId: string | null; detail: Record<string, unknown> }[];
    }>(await send('GET', O.audit, undefined, admin), 0, 200);
    expect(audit.list.find((e) => e.action === 'credential.revoke')).toMatchObject({
      targetId: degree.id,
      detail: { reason: body.reason },
    });
  });

  it('adds a document to the wallet as a file (multipart), checked like every upload', async () => {
    // Accepted: stored, listed with the credential, downloadable by its holder only.
    const added = addWalletDocumentResponseSchema.parse(
      expectCode(await addDocument(identity.id, pdf, holder), 0, 200),
    );
    expect(added).toMatchObject({
      credentialId: identity.id,
      name: 'offer-letter.pdf',
      mimeType: 'application/pdf',
      size: pdf.length,
      state: 'COMPLETED',
    });
    const listed = (await list(holder)).find((c) => c.id === identity.id)!;
    expect(listed.documents).toEqual([
      {
        fileId: added.fileId,
        name: 'offer-letter.pdf',
        mimeType: 'application/pdf',
        size: pdf.length,
        addedAt: t.clock.now().toISOString(),
      },
    ]);
    const content = await t.request({
      method: 'GET',
      url: `${SERVICE_BASES.utility}${API_PATHS.files.content(added.fileId)}`,
      headers: holder,
    });
    expect(content.statusCode).toBe(200);
    expect(content.rawPayload.equals(pdf)).toBe(true);
    const stranger = bearer((await signUp(t, undefined, 'Sita Das')).accessToken);
    expectCode(
      await t.request({
        method: 'GET',
        url: `${SERVICE_BASES.utility}${API_PATHS.files.content(added.fileId)}`,
        headers: stranger,
      }),
      133,
      404,
    );
    // The public verification never names the holder's documents: they are not attested.
    expect(JSON.stringify(await verifyShare(identity.shareId))).not.toContain('offer-letter');

    // Refused, and nothing stored: a fake PDF (its magic bytes pass, the document checks do not), a
    // program named .pdf (by its magic bytes), a file under 40 KB, another's credential, an unknown id.
    const before = await settledStored();
    expect(before.objects).toBeGreaterThan(0);
    const fake = Buffer.from('%PDF-not really, just text pretending to be a PDF\n'.repeat(1500));
    expect(
      expectCode<{ state: string }>(await addDocument(identity.id, fake, holder), 134, 422),
    ).toMatchObject({
      state: 'ERROR',
    });
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00', 'latin1'), Buffer.alloc(60_000, 0x41)]);
    expectCode(await addDocument(identity.id, exe, holder), 130, 415);
    expectCode(await addDocument(identity.id, pdf.subarray(0, 20_000), holder), 129, 400);
    expectCode(await addDocument(identity.id, pdf, stranger), 245, 404);
    expectCode(await addDocument('00000000-0000-4000-8000-000000000000', pdf, holder), 245, 404);
    // The old JSON form ({fileId}) is not a way around the checks.
    expectCode(await send('POST', w(C.documents(identity.id)), { fileId: added.fileId }, holder), 114, 415);
    // A refused stream's partial write is removed as its upload fails, which can finish just after the
    // answer (seen on a loaded CI machine): nothing is left once it has.
    await expect.poll(stored, { timeout: 15_000 }).toEqual(before);
    expect((await list(holder)).find((c) => c.id === identity.id)!.documents).toHaveLength(1);
  });

  it('receives a credential shared with the caller, once; never a revoked one or their own', async () => {
    const receiver = bearer((await signUp(t, undefined, 'Arjun Rao')).accessToken);
    // Unknown share ids, and no token.
    expectCode(await send('POST', w(C.receive('A'.repeat(22))), undefined, receiver), 245, 404);
    expectCode(await send('POST', w(C.receive(identity.shareId))), 102, 401);
    // The holder's own: a clear refusal, nothing changes.
    expectCode(await send('POST', w(C.receive(identity.shareId)), undefined, holder), 264, 409);
    // Revoked (the degree, above): refused.
    expectCode(await send('POST', w(C.receive(degree.shareId)), undefined, receiver), 263, 409);
    expect(await list(receiver)).toEqual([]);

    const first = credentialSchema.parse(
      expectCode(await send('POST', w(C.receive(identity.shareId)), undefined, receiver), 0, 200),
    );
    expect(first).toMatchObject({
      id: identity.id,
      received: true,
      receivedAt: t.clock.now().toISOString(),
      status: 'active',
      // The holder's supporting documents stay theirs.
      documents: [],
    });
    t.clock.advance(60);
    const again = credentialSchema.parse(
      expectCode(await send('POST', w(C.receive(identity.shareId)), undefined, receiver), 0, 200),
    );
    expect(again).toEqual(first);
    expect(await list(receiver)).toEqual([first]);
    // Received once into another wallet: one disclosure to a verifier, not one per call (ADR 0049).
    expect(
      (await disclosureRows(t, { txnId })).filter((d) => d.recipient_name === 'Another Veridocs wallet'),
    ).toEqual([expect.objectContaining({ recipient_kind: 'verifier', what: 'credential_share' })]);
    expect(
      credentialSchema.parse(
        expectCode(await send('GET', w(C.one(identity.id)), undefined, receiver), 0, 200),
      ),
    ).toEqual(first);
    // The holder's wallet is unchanged: still theirs, not received.
    expect((await list(holder)).find((c) => c.id === identity.id)).toMatchObject({
      received: false,
      receivedAt: null,
      documents: [expect.objectContaining({ name: 'offer-letter.pdf' })],
    });
    // A received credential takes no documents: it answers as an unknown one, and nothing is stored.
    const before = await settledStored();
    expectCode(await addDocument(identity.id, pdf, receiver), 245, 404);
    expect(await settledStored()).toEqual(before);
  });

  it('removes a document from a credential and a received credential from a wallet, nothing else', async () => {
    const kept = (await list(holder)).find((c) => c.id === identity.id)!;
    const document = kept.documents[0]!;
    const reader = bearer((await signUp(t, undefined, 'Meera Iyer')).accessToken);
    expectCode(await send('POST', w(C.receive(identity.shareId)), undefined, reader), 0, 200);

    // Refused, nothing changed: another's credential, a received one, an unknown id, a document not
    // kept with it, no token.
    expectCode(
      await send('DELETE', w(C.document(identity.id, document.fileId)), undefined, reader),
      245,
      404,
    );
    expectCode(
      await send(
        'DELETE',
        w(C.document('00000000-0000-4000-8000-000000000000', document.fileId)),
        undefined,
        holder,
      ),
      245,
      404,
    );
    expectCode(
      await send('DELETE', w(C.document(identity.id, 'not-a-document')), undefined, holder),
      266,
      404,
    );
    expectCode(await send('DELETE', w(C.document(identity.id, document.fileId))), 102, 401);
    expect((await list(holder)).find((c) => c.id === identity.id)!.documents).toEqual(kept.documents);

    // The holder takes it off: the credential answers without it, the file stays theirs.
    const after = credentialSchema.parse(
      expectCode(
        await send('DELETE', w(C.document(identity.id, document.fileId)), undefined, holder),
        0,
        200,
      ),
    );
    expect(after.documents).toEqual(kept.documents.slice(1));
    expect((await list(holder)).find((c) => c.id === identity.id)!.documents).toEqual(after.documents);
    expectCode(
      await send('DELETE', w(C.document(identity.id, document.fileId)), undefined, holder),
      266,
      404,
    );
    const content = await t.request({
      method: 'GET',
      url: `${SERVICE_BASES.utility}${API_PATHS.files.content(document.fileId)}`,
      headers: holder,
    });
    expect(content.statusCode).toBe(200);

    // A received credential: only its receiver removes it, from their wallet only.
    expectCode(await send('DELETE', w(C.received(identity.id)), undefined, holder), 245, 404);
    expectCode(await send('DELETE', w(C.received('not-a-uuid')), undefined, reader), 245, 404);
    expect((await list(reader)).map((c) => c.id)).toEqual([identity.id]);
    expect(expectCode(await send('DELETE', w(C.received(identity.id)), undefined, reader), 0, 200)).toEqual({
      id: identity.id,
    });
    expect(await list(reader)).toEqual([]);
    expectCode(await send('GET', w(C.one(identity.id)), undefined, reader), 245, 404);
    expectCode(await send('DELETE', w(C.received(identity.id)), undefined, reader), 245, 404);
    // The holder's credential is untouched, and the share link still works for the reader.
    expect((await list(holder)).find((c) => c.id === identity.id)).toMatchObject({ status: 'active' });
    expectCode(await send('POST', w(C.receive(identity.shareId)), undefined, reader), 0, 200);
  });

  it('answers invalid (expired) once a credential is past its expiry', async () => {
    t.clock.advance(5 * 365 * 86_400 + 86_400);
    const result = await verifyShare(identity.shareId);
    expect(result).toMatchObject({
      result: 'invalid',
      reason: 'expired',
      checks: { signature: true, issuer: true, expiry: false, status: true },
    });
    await expect(
      verifyCredential(identity.jwt, resolver, { policies: { now: clockSeconds() } }),
    ).rejects.toThrow(/expired/i);
  });

  it('reads as JSON-LD: safe-mode expansion offline keeps every attribute (the context shipped and served)', async () => {
    const served = await send('GET', C.contextV1);
    expect(served.headers['content-type']).toContain('application/ld+json');
    expect(JSON.parse(served.body)).toEqual(CREDENTIALS_CONTEXT_V1);
    const known = new Map<string, unknown>([
      ...vcContexts,
      ...statusContexts,
      [CREDENTIALS_CONTEXT_V1_URL, CREDENTIALS_CONTEXT_V1],
    ]);
    const documentLoader = (url: string) => {
      const document = known.get(url);
      if (!document) return Promise.reject(new Error(`no network in this test: ${url}`));
      return Promise.resolve({ contextUrl: null, documentUrl: url, document });
    };
    const VD = `${CREDENTIALS_CONTEXT_V1_URL}#`;
    const CRED = 'https://www.w3.org/2018/credentials#';
    const evidence = evidenceOf({
      data: {
        issuerSource: { channel: 'digilocker', issuer: 'CBSE', doctype: 'SSCER', at: '2026-11-29T10:00:00Z' },
      },
    } as never);
    for (const credential of [degree, identity]) {
      const payload = decodeJwt(credential.jwt) as { iss: string; jti: string; nbf: number; vc: object };
      // The W3C form of the JWT's claims (VC Data Model 1.1 §6.3.1), as a JSON-LD verifier reads it.
      const vc = {
        ...payload.vc,
        id: payload.jti,
        issuer: payload.iss,
        issuanceDate: new Date(payload.nbf * 1000).toISOString(),
        evidence,
      };
      const [expanded] = await jsonld.expand(vc, { documentLoader, safe: true });
      expect(expanded!['@type']).toContain(`${VD}${credential.credentialType}`);
      const [subject] = expanded![`${CRED}credentialSubject`] as Record<string, { '@value': unknown }[]>[];
      expect(subject![`${VD}credentialAttributes`]![0]!['@value']).toEqual(credential.credentialAttributes);
      expect(Object.keys(credential.credentialAttributes).length).toBeGreaterThan(1);
      expect(subject![`${VD}credentialType`]![0]!['@value']).toBe(credential.credentialType);
      const [proof] = expanded![`${CRED}evidence`] as Record<string, { '@value': unknown }[]>[];
      expect(proof![`${VD}documentIssuer`]![0]!['@value']).toBe('CBSE');
      expect(proof![`${VD}documentType`]![0]!['@value']).toBe('SSCER');
    }
  });

  it('keeps earlier credentials valid after PUBLIC_URL, or the server secret, changes (past issuers)', async () => {
    // Another server on the same database (and so the same files: ADR 0050).
    const filesDir = t.config.storage.kind === 'local' ? t.config.storage.dir : '';
    const moves: Record<string, string>[] = [
      { PUBLIC_URL: 'https://moved.example' },
      { PUBLIC_URL: 'https://moved.example', JWT_SECRET: 'a-different-server-secret-0123456789abcdef' },
    ];
    for (const env of moves) {
      const moved = await createTestApp({
        env: { OCR_WORKER: 'off', FILES_DIR: filesDir, ...env },
        database: t.db,
        clock: t.clock,
      });
      try {
        const result = credentialVerificationSchema.parse(
          expectCode(
            await moved.request({ method: 'POST', url: w(C.verifyJwt), body: { jwt: degree.jwt } }),
            0,
            200,
          ),
        );
        // Signed by the key and DID of the server before the move, its status list where it said.
        expect(result.checks).toMatchObject({ signature: true, issuer: true });
        expect(result.credential?.issuer).toBe(DID);
        expect(['valid', 'revoked']).toContain(result.result);
        expect(
          (await moved.request({ method: 'GET', url: API_PATHS.credentials.didDocument })).body,
        ).toContain('did:web:moved.example');
        // A past key vouches only for a credential this product holds as it was issued: anything else
        // signed with it (a leaked old secret) is not ours.
        await t.db.orm.execute(sql`update credentials set jwt = 'replaced' where id = ${degree.id}`);
        expect(
          credentialVerificationSchema.parse(
            expectCode(
              await moved.request({ method: 'POST', url: w(C.verifyJwt), body: { jwt: degree.jwt } }),
              0,
              200,
            ),
          ),
        ).toMatchObject({ result: 'invalid', reason: 'issuer' });
        await t.db.orm.execute(sql`update credentials set jwt = ${degree.jwt} where id = ${degree.id}`);
      } finally {
        await moved.close();
      }
    }
    // A key this product never recorded is not its own, whatever DID it claims.
    await t.db.orm.execute(sql`delete from credential_issuer_keys`);
    const moved = await createTestApp({
      env: { OCR_WORKER: 'off', FILES_DIR: filesDir, PUBLIC_URL: 'https://moved.example' },
      database: t.db,
      clock: t.clock,
    });
    try {
      await t.db.orm.execute(sql`delete from credential_issuer_keys where did = ${DID}`);
      const result = credentialVerificationSchema.parse(
        expectCode(
          await moved.request({ method: 'POST', url: w(C.verifyJwt), body: { jwt: degree.jwt } }),
          0,
          200,
        ),
      );
      expect(result).toMatchObject({ result: 'invalid', reason: 'issuer' });
    } finally {
      await moved.close();
    }
  });

  it('writes no share id to any log line, at trace level', async () => {
    const list = credentialListResponseSchema.parse(
      expectCode(await send('GET', w(C.list), undefined, bearer((await signUp(t)).accessToken)), 0, 200),
    );
    expect(list.list).toEqual([]);
    const shareIds = (
      (await t.db.orm.execute(sql`select share_id from credentials`)) as { rows: { share_id: string }[] }
    ).rows.map((r) => r.share_id);
    expect(shareIds.length).toBeGreaterThan(1);
    // Opened (page and API), received, and an unknown one (the not-found answer's log too).
    await send('GET', C.verifyPage(shareIds[0]!));
    await send('GET', w(C.verify('AAAAAAAAAAAAAAAAAAAAAA')));
    const logged = logLines.join('');
    expect(logged).toContain('[redacted]');
    for (const id of [...shareIds, 'AAAAAAAAAAAAAAAAAAAAAA']) expect(logged).not.toContain(id);
  });
});
