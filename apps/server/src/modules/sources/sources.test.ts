import {
  API_PATHS,
  DIGILOCKER_API_PATHS,
  OPS_API_PATHS,
  SERVICE_BASES,
  askIssuerResponseSchema,
  caseIssuerSourcesSchema,
  opsSessionSchema,
  sourceCallbackResponseSchema,
  sourcePullResponseSchema,
  transactionInfoSchema,
  type TransactionInfo,
} from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aadhaarByCaptcha } from '../../test/aadhaar.js';
import {
  atDigiLocker as walkDigiLocker,
  listedAtDigiLocker,
  startFetch as startDigiLockerFetch,
} from '../../test/digilocker.js';
import { disclosureRows } from '../../test/disclosures.js';
import {
  bearer,
  createTestApp,
  createTestClock,
  expectCode,
  outbox,
  signUp,
  type TestApp,
} from '../../test/test-app.js';
import { uploadDocument } from '../../test/uploads.js';
import { DEV_STAFF } from '../ops-auth/dev-staff.js';
import { consentTo } from '../../test/consent.js';
import { createSandboxApiSetuProvider } from '../../providers/apisetu/sandbox-provider.js';
import type { ApiSetuProvider, ConsentArtifact } from '../../providers/apisetu/index.js';
import {
  DocumentNotFound,
  SourceDown,
  type DigiLockerProvider,
  type IssuedDocument,
} from '../../providers/digilocker/index.js';
import { createPrivacyRepository } from '../privacy/privacy-repository.js';
import { consentIdOf } from '../privacy/ledger-fns.js';

const v1 = (path: string) => `${SERVICE_BASES.verificationV1}${path}`;
const P = API_PATHS.verification;
const D = DIGILOCKER_API_PATHS;
const ORG = 'demo-university';
const FORM = 'demo-form';
type Headers = Record<string, string>;

/** The requests the tests make, on the app `app()` answers when called. */
function helpersOf(app: () => TestApp) {
  const send = (method: 'GET' | 'POST', url: string, body?: unknown, headers?: Headers) =>
    app().request({
      method,
      url,
      ...(body === undefined ? {} : { body: body as object }),
      ...(headers ? { headers } : {}),
    });
  async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    const result = (await app().db.orm.execute(query)) as { rows: unknown[] };
    return result.rows as T[];
  }

  async function candidate(name = 'Asha Verma'): Promise<{ h: Headers; txnId: string }> {
    const h = bearer((await signUp(app(), undefined, name)).accessToken);
    const { transactionId: txnId } = expectCode<{ transactionId: string }>(
      await send('POST', v1(P.transactions), { orgId: ORG, eKycFormId: FORM }, h),
      0,
      200,
    );
    const answers = [
      { questionId: 'demo-q-purpose', answer: 'EMPLOYMENT' },
      { questionId: 'demo-q-source', answer: 'EMPLOYER' },
    ];
    expectCode(
      await app().request({
        method: 'PATCH',
        url: v1(P.userResponse),
        body: { orgId: ORG, txnId, data: answers },
        headers: h,
      }),
      0,
      200,
    );
    await consentTo(app(), h, { orgId: ORG, txnId });
    expectCode(await send('POST', v1(P.process), { orgId: ORG, txnId }, h), 0, 200);
    return { h, txnId };
  }

  const info = async (h: Headers, txnId: string): Promise<TransactionInfo> =>
    transactionInfoSchema.parse(
      expectCode(await send('GET', v1(`${P.info}?orgId=${ORG}&txnId=${txnId}`), undefined, h), 0, 200),
    );

  /**
   * A candidate (Asha Verma) who submitted the Class XII marksheet (CBSE roll 2200451 of 2019), a degree
   * and Aadhaar, the rest skipped; the team (a verifier) started checking the Class XII.
   */
  async function twelfthBeingChecked(
    options: { askedBeforeChecking?: boolean } = {},
  ): Promise<{ h: Headers; txnId: string; staff: Headers }> {
    const { h, txnId } = await candidate();
    const twelfth = {
      board: { value: 'CBSE' },
      rollNumber: '2200451',
      passingYear: '2019',
      state: 'Delhi',
      marksheet: { fileId: (await uploadDocument(app(), h)).fileId },
    };
    expectCode(
      await send('POST', v1(P.bgv), { orgId: ORG, txnId, verificationName: 'bgv-twelfth', data: twelfth }, h),
      0,
      200,
    );
    const degree = {
      institute: { value: 'Other' },
      degreeName: 'B.Tech',
      passingYear: '2023',
      instituteId: 'R-1',
      degreeStatus: 'DEGREE_AND_MARKSHEET',
      marksheet: { fileId: (await uploadDocument(app(), h)).fileId },
    };
    expectCode(
      await send('POST', v1(P.bgv), { orgId: ORG, txnId, verificationName: 'bgv-degree', data: degree }, h),
      0,
      200,
    );
    // Aadhaar of the sandbox's Asha Verma (born 1994-08-15, as her DigiLocker documents say).
    await aadhaarByCaptcha(app(), h, { orgId: ORG, txnId });
    const skipped = [
      'bgv-tenth',
      'passport',
      'dl',
      'employment-check',
      'bgv-employment',
      'bgv-address',
      'bgv-ews',
    ];
    expectCode(
      await send('POST', v1(P.markAsSkip), { orgId: ORG, txnId, verificationNameList: skipped }, h),
      0,
      200,
    );
    expectCode(await send('POST', v1(P.submit), { orgId: ORG, txnId }, h), 0, 200);

    const verifier = DEV_STAFF.find((s) => s.role === 'verifier')!;
    const challenge = expectCode<{ challengeId: string }>(
      await send('POST', OPS_API_PATHS.signIn, { email: verifier.email, password: verifier.password }),
      0,
      200,
    );
    const [mail] = await outbox(app(), verifier.email);
    const session = opsSessionSchema.parse(
      expectCode(
        await send('POST', OPS_API_PATHS.verifyCode, { challengeId: challenge.challengeId, code: mail!.otp }),
        0,
        200,
      ),
    );
    const staff = bearer(session.accessToken);

    if (options.askedBeforeChecking) {
      // Not yet being checked: the team starts it first.
      expectCode(
        await send('POST', OPS_API_PATHS.askIssuer(txnId, 'bgv-twelfth'), undefined, staff),
        123,
        409,
      );
      expect(
        caseIssuerSourcesSchema.parse(
          expectCode(await send('GET', OPS_API_PATHS.issuerSources(txnId), undefined, staff), 0, 200),
        ).askable,
      ).toEqual([]);
    }
    expectCode(
      await send(
        'POST',
        OPS_API_PATHS.decisions(txnId),
        { verificationName: 'bgv-twelfth', state: 'IN_PROGRESS' },
        staff,
      ),
      0,
      200,
    );
    return { h, txnId, staff };
  }

  return { send, rowsOf, candidate, info, twelfthBeingChecked };
}

describe('issuer sources (issue 26): DigiLocker for the candidate, API Setu for the team', () => {
  let t: TestApp;
  /** What the team's asks sent API Setu (the sandbox answers them). */
  const artifacts: ConsentArtifact[] = [];
  /** Runs while API Setu is being asked, once (a withdrawal made meanwhile). */
  let duringPull: (() => Promise<void>) | null = null;
  beforeAll(async () => {
    const clock = createTestClock();
    const sandbox = createSandboxApiSetuProvider(clock.now);
    const apisetu: ApiSetuProvider = {
      name: sandbox.name,
      issuers: () => sandbox.issuers(),
      pullCertificate: async (params) => {
        artifacts.push(params.consent);
        const during = duringPull;
        duringPull = null;
        const answer = await sandbox.pullCertificate(params);
        await during?.();
        return answer;
      },
    };
    t = await createTestApp({ env: { OCR_WORKER: 'off' }, clock, apisetu });
  });
  afterAll(() => t?.close());

  const { send, rowsOf, candidate, info, twelfthBeingChecked } = helpersOf(() => t);

  const atDigiLocker = (authorizeUrl: string, mobile: string, decision: 'allow' | 'deny' = 'allow') =>
    walkDigiLocker(t, authorizeUrl, mobile, decision);
  const startFetch = (h: Headers, txnId: string, name = 'bgv-tenth') =>
    startDigiLockerFetch(t, h, { orgId: ORG, txnId }, name);
  const listed = (h: Headers, txnId: string, mobile: string, name = 'bgv-tenth') =>
    listedAtDigiLocker(t, h, { orgId: ORG, txnId }, mobile, name);

  it('fetches the 10th marksheet of the candidate and completes the verification at once', async () => {
    const { h, txnId } = await candidate();
    const consent = expectCode<{ organisation: string; documents: string[]; retentionDays: number }>(
      await send('GET', v1(`${D.consent}?orgId=${ORG}&txnId=${txnId}&name=bgv-tenth`), undefined, h),
      0,
      200,
    );
    expect(consent.documents).toEqual(['Class X marksheet', 'Class X passing certificate']);
    expect(consent.retentionDays).toBe(180);

    const authorizeUrl = await startFetch(h, txnId);
    const url = new URL(authorizeUrl);
    expect(
      url.searchParams.get('code_challenge_method') ?? url.searchParams.get('Code_challenge_method'),
    ).toBe('S256');
    const back = await atDigiLocker(authorizeUrl, '9000000001');
    const list = sourceCallbackResponseSchema.parse(
      expectCode(await send('POST', v1(D.callback), { state: back.state, code: back.code }, h), 0, 200),
    );
    expect(list.accountName).toMatch(/asha verma/i);
    const preselected = list.documents.find((d) => d.uri === list.preselectedUri);
    expect(preselected).toMatchObject({ doctype: 'SSCER', fits: true });
    expect(list.documents.some((d) => d.doctype === 'HSCER' && !d.fits)).toBe(true);

    // A replayed callback (the same state and code) finds nothing to take.
    expectCode(await send('POST', v1(D.callback), { state: back.state, code: back.code }, h), 280, 400);

    const pulled = sourcePullResponseSchema.parse(
      expectCode(
        await send('POST', v1(D.pull), { sessionId: list.sessionId, uri: list.preselectedUri }, h),
        0,
        200,
      ),
    );
    expect(pulled).toMatchObject({
      matched: true,
      state: 'COMPLETED',
      issuer: 'Central Board of Secondary Education',
    });
    expect(pulled.comparison.every((f) => f.matches)).toBe(true);

    const after = await info(h, txnId);
    const tenth = after.verificationList['bgv-tenth']!;
    expect(tenth.state).toBe('COMPLETED');
    expect(tenth.verifiedAtSource).toMatchObject({
      channel: 'digilocker',
      issuer: 'Central Board of Secondary Education',
      // The marksheet's result line, shown to the candidate read-only.
      result: expect.stringMatching(/^PASS, CGPA \d/),
    });
    expect(after.state).toBe('DATA_SAVED');
    const typeInfo = expectCode<{ data: Record<string, unknown> }>(
      await send('GET', v1(`${P.typeInfo('bgv-tenth')}?orgId=${ORG}&txnId=${txnId}`), undefined, h),
      0,
      200,
    );
    expect(typeInfo.data).toMatchObject({
      rollNumber: '1100040',
      passingYear: '2017',
      candidateName: 'Asha Verma',
    });

    // Pulled once: the session is used, its token revoked and forgotten; the pull is the audit row.
    expectCode(
      await send('POST', v1(D.pull), { sessionId: list.sessionId, uri: list.preselectedUri }, h),
      280,
      400,
    );
    const [session] = await rowsOf<{
      status: string;
      access_token_enc: string | null;
      token_revoked_at: unknown;
      consent: { language: string };
    }>(
      sql`select status, access_token_enc, token_revoked_at, consent from digilocker_sessions where id = ${list.sessionId}`,
    );
    expect(session).toMatchObject({ status: 'pulled', access_token_enc: null });
    expect(session!.token_revoked_at).not.toBeNull();
    expect(session!.consent.language).toBe('hi');
    // The consent screen's agreement is in the consent ledger (ADR 0049): `verify` on the channel
    // `digilocker`, the terms kept as the notice it points at.
    const ledger = await rowsOf<{ channel: string; action: string; purposes: unknown; text: string }>(
      sql`select l.channel, l.action, l.purposes, n.text from consent_ledger l
        join privacy_notices n on n.hash = l.notice_hash
        where l.txn_id = ${txnId} order by l.seq`,
    );
    expect(ledger.at(-1)).toMatchObject({
      channel: 'digilocker',
      action: 'consent',
      purposes: [{ purpose: 'verify', granted: true }],
    });
    expect(JSON.parse(ledger.at(-1)!.text)).toMatchObject({
      screen: 'digilocker-consent/1',
      language: 'hi',
      documents: ['Class X marksheet', 'Class X passing certificate'],
      retentionDays: 180,
    });
    const grants = await rowsOf<{ revoked_at: unknown }>(
      sql`select revoked_at from sandbox_digilocker_grants where token_hash is not null`,
    );
    expect(grants.every((g) => g.revoked_at !== null)).toBe(true);
    const pulls = await rowsOf<{
      channel: string;
      matched: boolean;
      completed: boolean;
      org_id: string;
      file_id: string | null;
    }>(sql`select channel, matched, completed, org_id, file_id from issuer_pulls where txn_id = ${txnId}`);
    expect(pulls).toEqual([
      { channel: 'digilocker', matched: true, completed: true, org_id: ORG, file_id: expect.any(String) },
    ]);
    // The pull is a disclosure to the issuer, written with it (ADR 0049).
    expect(await disclosureRows(t, { txnId })).toEqual([
      expect.objectContaining({
        recipient_kind: 'issuer',
        what: 'issuer_pull',
        detail: expect.stringMatching(/DigiLocker/),
      }),
    ]);

    // Verified: nothing more to fetch for it.
    expectCode(
      await send('POST', v1(D.start), { orgId: ORG, txnId, name: 'bgv-tenth', consent: true }, h),
      123,
      409,
    );
  });

  it('attaches nothing of another person and says which field differs', async () => {
    const { h, txnId } = await candidate();
    const list = await listed(h, txnId, '9000000002'); // Rohan Mehta's DigiLocker
    const pulled = sourcePullResponseSchema.parse(
      expectCode(
        await send('POST', v1(D.pull), { sessionId: list.sessionId, uri: list.preselectedUri }, h),
        0,
        200,
      ),
    );
    expect(pulled).toMatchObject({ matched: false, nameMismatch: true, state: 'NOT_INITIALIZED' });
    expect(pulled.comparison.filter((f) => !f.matches).map((f) => f.field)).toEqual(['name']);
    const after = await info(h, txnId);
    expect(after.verificationList['bgv-tenth']).toMatchObject({
      state: 'NOT_INITIALIZED',
      verifiedAtSource: null,
    });
    const [pull] = await rowsOf<{ matched: boolean; file_id: string | null }>(
      sql`select matched, file_id from issuer_pulls where txn_id = ${txnId}`,
    );
    expect(pull).toEqual({ matched: false, file_id: null });
  });

  it('a typed roll number that differs keeps the verification as it was', async () => {
    const { h, txnId } = await candidate();
    expectCode(
      await t.request({
        method: 'PUT',
        url: v1(P.bgv),
        headers: h,
        body: {
          orgId: ORG,
          txnId,
          verificationName: 'bgv-tenth',
          data: { rollNumber: '1100041', passingYear: '2017' },
        },
      }),
      0,
      200,
    );
    const list = await listed(h, txnId, '9000000001');
    const pulled = sourcePullResponseSchema.parse(
      expectCode(
        await send('POST', v1(D.pull), { sessionId: list.sessionId, uri: list.preselectedUri }, h),
        0,
        200,
      ),
    );
    expect(pulled).toMatchObject({ matched: false, nameMismatch: false, state: 'DATA_SAVED' });
    expect(pulled.comparison.find((f) => f.field === 'rollNumber')).toMatchObject({
      expected: '1100041',
      found: '1100040',
      matches: false,
    });
  });

  it('refuses a cancelled sign-in, a forged state, another candidate’s state and a document not listed', async () => {
    const { h, txnId } = await candidate();
    const denied = await atDigiLocker(await startFetch(h, txnId), '9000000001', 'deny');
    expect(denied.error).toBe('access_denied');
    expectCode(await send('POST', v1(D.callback), { state: denied.state, error: denied.error }, h), 281, 400);
    expectCode(await send('POST', v1(D.callback), { state: 'forged', code: 'x' }, h), 280, 400);

    const back = await atDigiLocker(await startFetch(h, txnId), '9000000001');
    const other = await candidate();
    expectCode(await send('POST', v1(D.callback), { state: back.state, code: back.code }, other.h), 280, 400);
    const list = sourceCallbackResponseSchema.parse(
      expectCode(await send('POST', v1(D.callback), { state: back.state, code: back.code }, h), 0, 200),
    );
    expectCode(
      await send('POST', v1(D.pull), { sessionId: list.sessionId, uri: 'in.gov.cbse-other' }, h),
      100,
      400,
    );
    expectCode(
      await send('POST', v1(D.pull), { sessionId: list.sessionId, uri: list.preselectedUri }, other.h),
      280,
      400,
    );
    // Without the candidate's yes nothing starts; a verification no issuer gives is refused.
    expectCode(
      await send('POST', v1(D.start), { orgId: ORG, txnId, name: 'bgv-tenth', consent: false }, h),
      100,
      400,
    );
    expectCode(
      await send('POST', v1(D.start), { orgId: ORG, txnId, name: 'dl', consent: true }, h),
      283,
      400,
    );
  });

  it('proves the identity with the e-Aadhaar from DigiLocker: the last 4 digits only', async () => {
    const { h, txnId } = await candidate();
    const list = await listed(h, txnId, '9000000001', 'aadhaar');
    expect(list.documents).toEqual([
      expect.objectContaining({ uri: 'eaadhaar', doctype: 'ADHAR', fits: true }),
    ]);
    const pulled = sourcePullResponseSchema.parse(
      expectCode(await send('POST', v1(D.pull), { sessionId: list.sessionId, uri: 'eaadhaar' }, h), 0, 200),
    );
    expect(pulled).toMatchObject({ matched: true, state: 'COMPLETED' });
    expect((await info(h, txnId)).verificationList.aadhaar).toMatchObject({
      state: 'COMPLETED',
      verifiedAtSource: { channel: 'digilocker' },
    });
    const profile = expectCode<{ aadhaarLast4: string; verifiedName: string }>(
      await send('GET', `${SERVICE_BASES.webWallet}${API_PATHS.profile.base}`, undefined, h),
      0,
      200,
    );
    expect(profile).toMatchObject({ aadhaarLast4: '4821', verifiedName: 'Asha Verma' });
    // Nothing holds the number in clear: not the pull (no XML kept), not the profile, not the record.
    const dump = JSON.stringify(
      await rowsOf(sql`select p.*, r.data, pl.fields, pl.xml from profiles p, verification_records r, issuer_pulls pl
        where r.txn_id = ${txnId} and r.name = 'aadhaar' and pl.txn_id = ${txnId} and p.id = pl.profile_id`),
    );
    expect(dump).toContain('4821');
    expect(dump).not.toContain('567812384821');

    // An account without an e-Aadhaar lists nothing to fetch.
    const other = await candidate();
    expect((await listed(other.h, other.txnId, '9000000002', 'aadhaar')).documents).toEqual([]);
  });

  it('the team asks CBSE through API Setu about a Class XII marksheet and completes it', async () => {
    const { h, txnId, staff } = await twelfthBeingChecked({ askedBeforeChecking: true });
    const sources = caseIssuerSourcesSchema.parse(
      expectCode(await send('GET', OPS_API_PATHS.issuerSources(txnId), undefined, staff), 0, 200),
    );
    expect(sources.askable).toEqual([
      { verificationName: 'bgv-twelfth', issuer: 'Central Board of Secondary Education' },
    ]);
    // The candidate cannot ask on the team's behalf.
    expect((await send('POST', OPS_API_PATHS.askIssuer(txnId, 'bgv-twelfth'), undefined, h)).statusCode).toBe(
      401,
    );

    const asked = askIssuerResponseSchema.parse(
      expectCode(await send('POST', OPS_API_PATHS.askIssuer(txnId, 'bgv-twelfth'), undefined, staff), 0, 200),
    );
    expect(asked).toMatchObject({
      matched: true,
      state: 'COMPLETED',
      issuer: 'Central Board of Secondary Education',
    });
    // The consent artifact is the candidate's consent as the ledger has it: the notice's answer that
    // granted `verify`, its id (from its hash) and the time it was given, not one made up at ask time.
    const ledger = await rowsOf<{ hash: string; at: Date | string; action: string; channel: string }>(
      sql`select hash, at, action, channel from consent_ledger where txn_id = ${txnId} order by seq`,
    );
    expect(ledger).toEqual([expect.objectContaining({ action: 'consent', channel: 'web' })]);
    expect(artifacts.at(-1)).toMatchObject({
      consentId: consentIdOf(ledger[0]!),
      timestamp: new Date(ledger[0]!.at).toISOString(),
      consumerId: ORG,
    });
    // The candidate's details went to the issuer: a disclosure, written with the decision (ADR 0049).
    expect(await disclosureRows(t, { txnId })).toContainEqual(
      expect.objectContaining({
        recipient_kind: 'issuer',
        recipient_name: 'Central Board of Secondary Education',
        what: 'issuer_pull',
        detail: expect.stringMatching(/API Setu/),
      }),
    );
    // The team's case shows the issuer's data, not the server's mark of the source as a field.
    const opsCase = expectCode<{ verifications: Array<{ name: string; fields: Array<{ key: string }> }> }>(
      await send('GET', OPS_API_PATHS.case(txnId), undefined, staff),
      0,
      200,
    );
    const fields = opsCase.verifications.find((v) => v.name === 'bgv-twelfth')!.fields.map((f) => f.key);
    expect(fields).toEqual(expect.arrayContaining(['rollNumber', 'passingYear']));
    expect(fields).not.toContain('issuerSource');
    const after = await info(h, txnId);
    expect(after.verificationList['bgv-twelfth']).toMatchObject({
      state: 'COMPLETED',
      verifiedAtSource: { channel: 'apisetu', issuer: 'Central Board of Secondary Education' },
    });
    const [credential] = await rowsOf<{ credential_attributes: Record<string, string>; evidence: unknown[] }>(
      sql`select credential_attributes, evidence from credentials where txn_id = ${txnId} and verification_name = 'bgv-twelfth'`,
    );
    expect(credential!.credential_attributes.source).toMatch(
      /^Issuer: Central Board of Secondary Education, via API Setu, on /,
    );
    expect(credential!.evidence).toEqual([
      expect.objectContaining({ channel: 'API Setu', documentType: 'HSCER' }),
    ]);
    const [audit] = await rowsOf<{ action: string; detail: { source?: { channel: string } } }>(
      sql`select action, detail from ops_audit where target_id = ${`${txnId}/bgv-twelfth`} and action = 'verification.decide' and detail->>'state' = 'COMPLETED'`,
    );
    expect(audit!.detail.source?.channel).toBe('apisetu');
    // Done: asking again is refused and changes nothing.
    expectCode(await send('POST', OPS_API_PATHS.askIssuer(txnId, 'bgv-twelfth'), undefined, staff), 123, 409);
  });

  it('asks the issuer only on a consent to verify that stands: withdrawn, 340 and nothing sent', async () => {
    const { txnId, staff } = await twelfthBeingChecked();
    const [profile] = await rowsOf<{ profile_id: string }>(
      sql`select profile_id from transactions where id = ${txnId}`,
    );
    const ledger = createPrivacyRepository(t.db.orm);
    const [given] = await ledger.entriesOfTxn(profile!.profile_id, txnId);
    const entry = (action: 'withdraw' | 'consent') => ({
      profileId: profile!.profile_id,
      orgId: ORG,
      formId: FORM,
      txnId,
      noticeHash: given!.noticeHash,
      action,
      purposes: [{ purpose: 'verify' as const, granted: action === 'consent' }],
      channel: 'web' as const,
      at: t.clock.now(),
    });
    // The withdrawal is in the ledger (its effects on the request not yet carried out): the ledger decides.
    t.clock.advance(60);
    await ledger.append(entry('withdraw'));
    const sent = artifacts.length;
    expectCode(await send('POST', OPS_API_PATHS.askIssuer(txnId, 'bgv-twelfth'), undefined, staff), 340, 403);
    expect(artifacts).toHaveLength(sent);
    expect(await rowsOf(sql`select id from issuer_pulls where txn_id = ${txnId}`)).toEqual([]);
    const [record] = await rowsOf<{ state: string }>(
      sql`select state from verification_records where txn_id = ${txnId} and name = 'bgv-twelfth'`,
    );
    expect(record!.state).toBe('IN_PROGRESS');

    // Given again: the artifact names that later entry and its time.
    t.clock.advance(60);
    const again = await ledger.append(entry('consent'));
    expect(
      askIssuerResponseSchema.parse(
        expectCode(
          await send('POST', OPS_API_PATHS.askIssuer(txnId, 'bgv-twelfth'), undefined, staff),
          0,
          200,
        ),
      ),
    ).toMatchObject({ matched: true, state: 'COMPLETED' });
    expect(artifacts).toHaveLength(sent + 1);
    expect(artifacts.at(-1)).toMatchObject({
      consentId: consentIdOf(again),
      timestamp: again.at.toISOString(),
    });
    expect(artifacts.at(-1)!.consentId).not.toBe(consentIdOf(given!));
  });

  it('a withdrawal while the issuer is asked leaves the verification as it was: 340, the pull kept', async () => {
    const { txnId, staff } = await twelfthBeingChecked();
    const [profile] = await rowsOf<{ profile_id: string }>(
      sql`select profile_id from transactions where id = ${txnId}`,
    );
    const ledger = createPrivacyRepository(t.db.orm);
    const [given] = await ledger.entriesOfTxn(profile!.profile_id, txnId);
    // Consent stood when the ask began; the candidate withdraws `verify` before the issuer answers.
    duringPull = async () => {
      await ledger.append({
        profileId: profile!.profile_id,
        orgId: ORG,
        formId: FORM,
        txnId,
        noticeHash: given!.noticeHash,
        action: 'withdraw',
        purposes: [{ purpose: 'verify', granted: false }],
        channel: 'web',
        at: t.clock.now(),
      });
    };
    expectCode(await send('POST', OPS_API_PATHS.askIssuer(txnId, 'bgv-twelfth'), undefined, staff), 340, 403);
    expect(duringPull).toBeNull();
    const [record] = await rowsOf<{ state: string }>(
      sql`select state from verification_records where txn_id = ${txnId} and name = 'bgv-twelfth'`,
    );
    expect(record!.state).toBe('IN_PROGRESS');
    // The issuer was asked and answered: that pull is kept (ADR 0045), completing nothing.
    expect(
      await rowsOf<{ matched: boolean; completed: boolean }>(
        sql`select matched, completed from issuer_pulls where txn_id = ${txnId}`,
      ),
    ).toEqual([{ matched: true, completed: false }]);
    expect(
      await rowsOf(
        sql`select id from ops_audit where target_id = ${`${txnId}/bgv-twelfth`} and action = 'verification.decide' and detail->>'state' = 'COMPLETED'`,
      ),
    ).toEqual([]);
  });
});

describe('issuer sources when the source fails: nothing typed is lost, nothing completes', () => {
  /** API Setu that takes every request and never answers (the adapter's time-out must end the wait). */
  let hanging: Server;
  const sockets = new Set<Socket>();
  const hung: { url: string; apiKey: string | undefined }[] = [];
  const TIMEOUT_MS = 600;
  /** A DigiLocker whose sign-in works and whose document download is down. */
  const revoked: string[] = [];
  let tokens = 0;
  const tenth: IssuedDocument = {
    uri: 'in.gov.cbse-SSCER-1100040',
    name: 'Class X Marksheet',
    doctype: 'SSCER',
    description: 'Class X Marksheet',
    issuerId: 'in.gov.cbse',
    issuer: 'Central Board of Secondary Education',
    date: '28-05-2017',
    mime: ['application/pdf', 'application/xml'],
  };
  const down: DigiLockerProvider = {
    name: 'http',
    authorizeUrl: ({ state }) => `https://digilocker.example/authorize?state=${encodeURIComponent(state)}`,
    exchangeCode: async () => ({
      accessToken: `token-${++tokens}`,
      expiresIn: 3600,
      account: {
        digilockerId: 'a'.repeat(36),
        name: 'Asha Verma',
        dateOfBirth: '1994-08-15',
        gender: 'F',
        eaadhaar: false,
      },
    }),
    issuedDocuments: async () => [tenth],
    documentXml: async () => {
      throw new SourceDown('DigiLocker answered HTTP 503');
    },
    documentFile: async () => {
      throw new SourceDown('DigiLocker answered HTTP 503');
    },
    eaadhaarXml: async () => {
      throw new DocumentNotFound('No e-Aadhaar');
    },
    revoke: async (token) => {
      revoked.push(token);
    },
  };

  let t: TestApp;
  beforeAll(async () => {
    hanging = createServer((request) => {
      hung.push({
        url: request.url ?? '',
        apiKey: request.headers['x-apisetu-apikey'] as string | undefined,
      });
      request.resume();
    });
    hanging.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const { port } = hanging.address() as AddressInfo;
    t = await createTestApp({
      env: {
        OCR_WORKER: 'off',
        APISETU_PROVIDER: 'http',
        APISETU_API_URL: `http://127.0.0.1:${port}/{issuer}/v3`,
        APISETU_API_KEY: 'k'.repeat(24),
        APISETU_CLIENT_ID: 'in.veridocs.test',
        APISETU_TIMEOUT_MS: String(TIMEOUT_MS),
      },
      digilocker: down,
    });
  });
  afterAll(async () => {
    await t?.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => hanging?.close(resolve));
  });

  const { send, rowsOf, candidate, info, twelfthBeingChecked } = helpersOf(() => t);

  it('DigiLocker down during the pull: 282, the saved form as it was, the token revoked', async () => {
    const { h, txnId } = await candidate();
    const typed = { rollNumber: '1100040', passingYear: '2017', schoolName: 'Navjyoti Public School' };
    expectCode(
      await t.request({
        method: 'PUT',
        url: v1(P.bgv),
        headers: h,
        body: { orgId: ORG, txnId, verificationName: 'bgv-tenth', data: typed },
      }),
      0,
      200,
    );
    const saved = async () =>
      expectCode<{ data: Record<string, unknown> }>(
        await send('GET', v1(`${P.typeInfo('bgv-tenth')}?orgId=${ORG}&txnId=${txnId}`), undefined, h),
        0,
        200,
      ).data;
    const before = await saved();
    expect(before).toMatchObject(typed);
    const stateBefore = (await info(h, txnId)).verificationList['bgv-tenth']!.state;

    const started = expectCode<{ authorizeUrl: string }>(
      await send('POST', v1(D.start), { orgId: ORG, txnId, name: 'bgv-tenth', consent: true }, h),
      0,
      200,
    );
    const state = new URL(started.authorizeUrl).searchParams.get('state')!;
    const list = sourceCallbackResponseSchema.parse(
      expectCode(await send('POST', v1(D.callback), { state, code: 'code-1' }, h), 0, 200),
    );
    expect(list.preselectedUri).toBe(tenth.uri);
    expectCode(await send('POST', v1(D.pull), { sessionId: list.sessionId, uri: tenth.uri }, h), 282, 503);

    // Nothing typed is lost, nothing attached or completed; the upload path stays open.
    expect(await saved()).toEqual(before);
    expect((await info(h, txnId)).verificationList['bgv-tenth']).toMatchObject({
      state: stateBefore,
      verifiedAtSource: null,
    });
    expect(await rowsOf(sql`select id from issuer_pulls where txn_id = ${txnId}`)).toEqual([]);
    // The token was used once, then revoked at DigiLocker and forgotten here.
    expect(revoked).toEqual([`token-${tokens}`]);
    const [session] = await rowsOf<{
      status: string;
      access_token_enc: string | null;
      token_revoked_at: unknown;
    }>(
      sql`select status, access_token_enc, token_revoked_at from digilocker_sessions where id = ${list.sessionId}`,
    );
    expect(session).toMatchObject({ access_token_enc: null });
    expect(session!.token_revoked_at).not.toBeNull();
    // The session is spent: the pull is not retried on it.
    expectCode(await send('POST', v1(D.pull), { sessionId: list.sessionId, uri: tenth.uri }, h), 280, 400);
  });

  it('API Setu hanging past APISETU_TIMEOUT_MS: 282 within the time-out, the verification still being checked', async () => {
    const { h, txnId, staff } = await twelfthBeingChecked();
    const began = Date.now();
    const answer = await send('POST', OPS_API_PATHS.askIssuer(txnId, 'bgv-twelfth'), undefined, staff);
    const waited = Date.now() - began;
    expectCode(answer, 282, 503);
    // The adapter gave up at the time-out (a little scheduling aside), not after the issuer.
    expect(waited).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(waited).toBeLessThan(TIMEOUT_MS + 2_000);
    // The request did reach the issuer's API, as the official document has it.
    expect(hung.at(-1)).toEqual({ url: '/cbse/v3/hscer/certificate', apiKey: 'k'.repeat(24) });

    const [record] = await rowsOf<{ state: string; data: Record<string, unknown> }>(
      sql`select state, data from verification_records where txn_id = ${txnId} and name = 'bgv-twelfth'`,
    );
    expect(record!.state).toBe('IN_PROGRESS');
    expect(record!.data).not.toHaveProperty('issuerSource');
    expect((await info(h, txnId)).verificationList['bgv-twelfth']).toMatchObject({
      state: 'IN_PROGRESS',
      verifiedAtSource: null,
    });
    expect(await rowsOf(sql`select id from issuer_pulls where txn_id = ${txnId} and completed`)).toEqual([]);
    expect(
      await rowsOf(
        sql`select id from ops_audit where target_id = ${`${txnId}/bgv-twelfth`} and detail->>'state' = 'COMPLETED'`,
      ),
    ).toEqual([]);
  });
});
