import {
  API_PATHS,
  INSTITUTION_API_PATHS,
  OPS_API_PATHS,
  PRIVACY_WITHDRAW_PATHS,
  WITHDRAWN_BY_CANDIDATE_ACTION,
  privacyRequestListSchema,
  withdrawConsentResponseSchema,
  type PrivacyPurpose,
} from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submittedCandidate } from '../../test/submitted-candidate.js';
import { createTestApp, expectCode, staffSignIn, wallet, type TestApp } from '../../test/test-app.js';
import { institutionsKit, type Headers } from '../institutions/institutions-test-kit.js';
import type { DocumentAnalyser } from '../files/analyser.js';
import { DEV_STAFF } from '../ops-auth/dev-staff.js';
import { createPrivacyRepository } from './privacy-repository.js';
import { createPrivacyService, type PrivacyService } from './privacy-service.js';

const ADMIN = DEV_STAFF.find((s) => s.role === 'admin')!;
const VERIFIER = DEV_STAFF.find((s) => s.role === 'verifier')!;
const ALL: PrivacyPurpose[] = [
  'verify',
  'report_organisation',
  'report_partner',
  'contact_institutions',
  'wallet',
];
const EMAIL = 'registrar-withdraw@cbse.example';
/** The document checks are not what this file tests: a stand-in that passes every document. */
const passing: DocumentAnalyser = {
  analyseDocument: async () => ({ state: 'COMPLETED', issues: [], pageCount: 1 }),
  recogniseText: async () => '',
};

// Each case signs up and submits a candidate through the real routes (consenting to every purpose its
// notice asks before it starts); a later consent with refusals is recorded through the privacy service.
describe(
  'withdrawing consent (issue 29, ADR 0049): per purpose, with its effects',
  { timeout: 120_000 },
  () => {
    let t: TestApp;
    let privacy: PrivacyService;
    let admin: Headers;
    let verifier: Headers;
    const kit = institutionsKit(() => t);
    const { send, rowsOf } = kit;

    beforeAll(async () => {
      t = await createTestApp({
        analyser: passing,
        env: { OCR_WORKER: 'off', REPORT_JOBS: 'off', WEBHOOK_JOBS: 'off', OTP_RESEND_AFTER_SECONDS: '5' },
      });
      privacy = createPrivacyService({ repo: createPrivacyRepository(t.db.orm), now: () => t.clock.now() });
      admin = await staffSignIn(t, ADMIN);
      verifier = await staffSignIn(t, VERIFIER);
    }, 120_000);
    afterAll(() => t?.close());

    /** The candidate consents to the request's purposes (granted unless named in `refused`). */
    async function consent(txnId: string, refused: PrivacyPurpose[] = []) {
      const [txn] = await rowsOf<{ profile_id: string; org_id: string; form_id: string }>(
        sql`select profile_id, org_id, form_id from transactions where id = ${txnId}`,
      );
      await privacy.record({
        profileId: txn!.profile_id,
        orgId: txn!.org_id,
        formId: txn!.form_id,
        txnId,
        noticeHash: 'b'.repeat(64),
        action: 'consent',
        purposes: ALL.map((purpose) => ({ purpose, granted: !refused.includes(purpose) })),
        channel: 'web',
      });
      return txn!.profile_id;
    }
    const withdraw = (h: Headers, txnId: string, purposes: string[]) =>
      send('POST', wallet(PRIVACY_WITHDRAW_PATHS.withdraw), { txnId, purposes }, h);
    const withdrawn = async (h: Headers, txnId: string, purposes: PrivacyPurpose[]) =>
      withdrawConsentResponseSchema.parse(expectCode(await withdraw(h, txnId, purposes), 0, 200));
    const ledgerCount = async () =>
      Number((await rowsOf<{ n: string }>(sql`select count(*) as n from consent_ledger`))[0]!.n);
    const stateOf = async (txnId: string) =>
      (await rowsOf<{ state: string }>(sql`select state from transactions where id = ${txnId}`))[0]!.state;

    it('lists the requests the ledger holds, each purpose as it stands', async () => {
      const c = await submittedCandidate(t, { name: 'Meera Iyer' });
      const listOf = async (h: Headers) =>
        privacyRequestListSchema.parse(
          expectCode(await send('GET', wallet(PRIVACY_WITHDRAW_PATHS.consents), undefined, h), 0, 200),
        );
      // Consented before it started (every purpose its notice asks, granted).
      const before = (await listOf(c.h)).requests;
      expect(before.map((r) => r.txnId)).toEqual([c.txnId]);
      expect(before[0]!.purposes.every((p) => p.granted)).toBe(true);
      await consent(c.txnId, ['report_partner']);
      const { requests } = await listOf(c.h);
      expect(requests).toHaveLength(1);
      expect(requests[0]).toMatchObject({
        txnId: c.txnId,
        orgName: expect.stringMatching(/\w/),
        formName: expect.stringMatching(/\w/),
        state: 'SUBMITTED',
        consentedAt: t.clock.now().toISOString(),
      });
      expect(requests[0]!.purposes.map((p) => [p.purpose, p.granted, p.required])).toEqual([
        ['verify', true, true],
        ['report_organisation', true, true],
        ['report_partner', false, false],
        ['contact_institutions', true, false],
        ['wallet', true, false],
      ]);
      // No other candidate sees it: they see their own request only.
      const other = await submittedCandidate(t, { name: 'Kiran Das' });
      expect((await listOf(other.h)).requests.map((r) => r.txnId)).toEqual([other.txnId]);
    });

    it('refuses what is not granted, another candidate’s request and unknown purposes, changing nothing', async () => {
      const c = await submittedCandidate(t, { name: 'Ravi Shah' });
      const other = await submittedCandidate(t, { name: 'Latha Nair' });
      const profileId = await consent(c.txnId, ['report_partner']);
      await consent(other.txnId, ['wallet']);
      const before = await ledgerCount();
      const refused = expectCode(await withdraw(c.h, c.txnId, ['report_partner', 'wallet']), 343, 409);
      // The purpose not granted is named; the granted one is not withdrawn either.
      expect(refused).toEqual({ purposes: ['report_partner'] });
      // Refused by their own consent: nothing to withdraw.
      expectCode(await withdraw(other.h, other.txnId, ['wallet']), 343, 409);
      expectCode(await withdraw(other.h, c.txnId, ['wallet']), 122, 403);
      expectCode(await withdraw(c.h, c.txnId, ['marketing']), 100, 400);
      expectCode(await withdraw(c.h, c.txnId, []), 100, 400);
      expectCode(await withdraw(c.h, c.txnId, ['wallet', 'wallet']), 100, 400);
      expectCode(await withdraw(c.h, 'not-a-uuid', ['wallet']), 100, 400);
      expect(await ledgerCount()).toBe(before);
      expect(await stateOf(c.txnId)).toBe('SUBMITTED');
      expect(await privacy.grantsOf(profileId, c.txnId)).toMatchObject({
        wallet: true,
        report_partner: false,
      });
    });

    it('wallet: revokes and removes the request’s credentials, issues none after; a repeat records nothing', async () => {
      const c = await submittedCandidate(t, { name: 'Asha Rao' });
      const profileId = await consent(c.txnId);
      const walletIds = async () =>
        expectCode<{ list: { id: string }[] }>(
          await send('GET', wallet(`${API_PATHS.credentials.list}?seed=0&count=20`), undefined, c.h),
          0,
          200,
        ).list.map((x) => x.id);
      // Aadhaar verified by OTP: its credential is in the wallet.
      const [credentialId] = await walletIds();
      expect(credentialId).toBeDefined();
      const before = await ledgerCount();
      const result = await withdrawn(c.h, c.txnId, ['wallet']);
      expect(result).toMatchObject({
        withdrawn: ['wallet'],
        alreadyWithdrawn: [],
        effects: { credentialsRemoved: 1, requestClosed: false, verificationsClosed: 0 },
      });
      expect(result.request.purposes.find((p) => p.purpose === 'wallet')).toMatchObject({
        granted: false,
        action: 'withdraw',
      });
      expect(await ledgerCount()).toBe(before + 1);
      const [entry] = await rowsOf<{
        action: string;
        purposes: unknown;
        channel: string;
        notice_hash: string;
      }>(
        sql`select action, purposes, channel, notice_hash from consent_ledger where txn_id = ${c.txnId} order by seq desc limit 1`,
      );
      expect(entry).toEqual({
        action: 'withdraw',
        purposes: [{ purpose: 'wallet', granted: false }],
        channel: 'web',
        notice_hash: 'b'.repeat(64),
      });
      expect(await walletIds()).toEqual([]);
      const [row] = await rowsOf<{ revoked_at: unknown; jwt: unknown }>(
        sql`select revoked_at, jwt from credentials where id = ${credentialId}`,
      );
      expect(row!.revoked_at).not.toBeNull();
      expect(row!.jwt).toBeNull();
      // The request goes on; the degree completed now gets no credential.
      await send(
        'POST',
        OPS_API_PATHS.decisions(c.txnId),
        { verificationName: 'bgv-degree', state: 'IN_PROGRESS' },
        verifier,
      );
      expectCode(
        await send(
          'POST',
          OPS_API_PATHS.decisions(c.txnId),
          { verificationName: 'bgv-degree', state: 'COMPLETED' },
          verifier,
        ),
        0,
        200,
      );
      expect(
        await rowsOf(
          sql`select id from credentials where txn_id = ${c.txnId} and verification_name = 'bgv-degree'`,
        ),
      ).toEqual([]);
      // A repeat: nothing recorded, nothing more to do.
      expect(await withdrawn(c.h, c.txnId, ['wallet'])).toMatchObject({
        withdrawn: [],
        alreadyWithdrawn: ['wallet'],
        effects: { credentialsRemoved: 0 },
      });
      expect(await ledgerCount()).toBe(before + 1);
      expect((await privacy.grantsOf(profileId, c.txnId)).wallet).toBe(false);
    });

    it('contact_institutions, then verify: requests withdrawn, links dead, the request closed, no report', async () => {
      const { h, txnId } = await kit.submittedCase(verifier, true, 'Nisha Verma');
      await consent(txnId);
      const { contactId } = await kit.confirmedContact(admin, EMAIL);
      const institutionId = await kit.cbseId(verifier);
      const ask = () =>
        send(
          'POST',
          OPS_API_PATHS.institutionRequests(txnId),
          { institutionId, contactId, verificationNames: ['bgv-twelfth'] },
          verifier,
        );
      const requestId = expectCode<{ requests: { id: string }[] }>(await ask(), 0, 200).requests[0]!.id;
      const link = await kit.linkOf(requestId, contactId);

      const contact = await withdrawn(h, txnId, ['contact_institutions']);
      expect(contact.effects).toEqual({
        requestClosed: false,
        verificationsClosed: 0,
        institutionRequestsWithdrawn: 1,
        credentialsRemoved: 0,
      });
      const [request] = await rowsOf<{ status: string; next_reminder_at: unknown }>(
        sql`select status, next_reminder_at from institution_requests where id = ${requestId}`,
      );
      expect(request).toEqual({ status: 'cancelled', next_reminder_at: null });
      expectCode(await send('POST', INSTITUTION_API_PATHS.responderCode, { token: link }), 292, 404);
      // The team can no longer ask an institution about this candidate.
      expectCode(await ask(), 297, 409);

      const stopped = await withdrawn(h, txnId, ['verify']);
      expect(stopped.organisation).toMatch(/\w/);
      expect(stopped.effects).toMatchObject({ requestClosed: true, institutionRequestsWithdrawn: 0 });
      expect(stopped.effects.verificationsClosed).toBeGreaterThanOrEqual(2);
      expect(stopped.request.state).toBe('CLOSED');
      expect(await stateOf(txnId)).toBe('CLOSED');
      const open = await rowsOf(
        sql`select name from verification_records where txn_id = ${txnId} and not marked_as_skip
          and state not in ('COMPLETED', 'FAILED', 'CLOSED')`,
      );
      expect(open).toEqual([]);
      const changes = await rowsOf<{ action: string }>(
        sql`select distinct action from state_changes where txn_id = ${txnId} and to_state = 'CLOSED'`,
      );
      expect(changes).toEqual([{ action: WITHDRAWN_BY_CANDIDATE_ACTION }]);
      // Closed from review, yet no report is made: nothing more goes to the organisation.
      expect(await rowsOf(sql`select id from verification_reports where txn_id = ${txnId}`)).toEqual([]);
      // A repeat closes nothing more.
      expect((await withdrawn(h, txnId, ['verify', 'report_organisation'])).effects).toMatchObject({
        requestClosed: false,
        verificationsClosed: 0,
      });
    });

    it('report_partner: the report is made but not sent to the partner', async () => {
      const c = await submittedCandidate(t, { name: 'Farah Khan', partner: true });
      await consent(c.txnId);
      expect((await withdrawn(c.h, c.txnId, ['report_partner'])).effects).toEqual({
        requestClosed: false,
        verificationsClosed: 0,
        institutionRequestsWithdrawn: 0,
        credentialsRemoved: 0,
      });
      const decide = async (state: string) =>
        expectCode(
          await send(
            'POST',
            OPS_API_PATHS.decisions(c.txnId),
            { verificationName: 'bgv-degree', state },
            verifier,
          ),
          0,
          200,
        );
      await decide('IN_PROGRESS');
      await decide('COMPLETED');
      await t.app.reportJobs.runOnce();
      const [report] = await rowsOf<{ status: string; partner_id: string | null }>(
        sql`select status, partner_id from verification_reports where txn_id = ${c.txnId}`,
      );
      expect(report).toEqual({ status: 'no_partner', partner_id: 'WES' });
      expect(
        await rowsOf(sql`select id from report_delivery_attempts where report_id in
      (select id from verification_reports where txn_id = ${c.txnId})`),
      ).toEqual([]);
    });
  },
);
