import {
  API_PATHS,
  OPS_API_PATHS,
  SERVICE_BASES,
  insufficiencyHistorySchema,
  opsDecisionResponseSchema,
  opsSessionSchema,
  transactionInfoSchema,
  type OpsSession,
  type TransactionInfo,
} from '@veridocs/shared';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, expectCode, outbox, signUp, type TestApp } from '../../test/test-app.js';
import { uploadDocument } from '../../test/uploads.js';
import { submittedCandidate as submitCandidate } from '../../test/submitted-candidate.js';
import { DEV_STAFF } from '../ops-auth/dev-staff.js';

const v1 = (path: string) => `${SERVICE_BASES.verificationV1}${path}`;
const P = API_PATHS.verification;
const O = OPS_API_PATHS;
const ORG = 'demo-university';
type Headers = Record<string, string>;
const ADMIN = DEV_STAFF.find((s) => s.role === 'admin')!;
const VERIFIER = DEV_STAFF.find((s) => s.role === 'verifier')!;
const DOCS = [{ key: 'semester-5', label: 'Marksheet for semester 5' }];

describe('the verification team: ops auth, decisions and the Action Required loop', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { OCR_WORKER: 'off' } });
  });
  afterAll(() => t?.close());

  const rowsOf = async (query: ReturnType<typeof sql>): Promise<unknown[]> => {
    const result = (await t.db.orm.execute(query)) as { rows: unknown[] };
    return result.rows;
  };
  const send = (method: 'GET' | 'POST', url: string, body?: unknown, headers?: Headers) =>
    t.request({
      method,
      url,
      ...(body === undefined ? {} : { body: body as object }),
      ...(headers ? { headers } : {}),
    });

  async function signIn(account: { email: string; password: string }): Promise<OpsSession> {
    const step = expectCode<{ challengeId: string; maskedEmail: string }>(
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

  const submittedCandidate = () => submitCandidate(t);

  const info = async (h: Headers, txnId: string): Promise<TransactionInfo> =>
    transactionInfoSchema.parse(
      expectCode(await send('GET', v1(`${P.info}?orgId=${ORG}&txnId=${txnId}`), undefined, h), 0, 200),
    );
  const decide = (h: Headers, txnId: string, body: object) => send('POST', O.decisions(txnId), body, h);
  const answer = (h: Headers, txnId: string, documents: unknown, verificationName = 'bgv-degree') =>
    send('POST', v1(P.bgvInsufficiency), { orgId: ORG, txnId, verificationName, documents }, h);
  const history = async (h: Headers, txnId: string) =>
    insufficiencyHistorySchema.parse(
      expectCode(await send('GET', O.insufficiencies(txnId), undefined, h), 0, 200),
    );

  describe('sign-in', () => {
    it('e-mail and password, then the e-mailed code; the code is stored hashed and works once', async () => {
      const wrong = await send('POST', O.signIn, { email: ADMIN.email, password: 'not the password' });
      expectCode(wrong, 170, 401);
      const unknown = await send('POST', O.signIn, {
        email: 'nobody@veridocs.test',
        password: ADMIN.password,
      });
      expect(unknown.json()).toEqual(wrong.json());
      expectCode(await send('POST', O.signIn, { email: 'not-an-email', password: 'x' }), 100, 400);

      const step = expectCode<{ challengeId: string; maskedEmail: string; expiresIn: number }>(
        await send('POST', O.signIn, { email: ADMIN.email.toUpperCase(), password: ADMIN.password }),
        0,
        200,
      );
      expect(step).toMatchObject({ maskedEmail: 'a***n@veridocs.test', expiresIn: 600 });
      const [mail] = await outbox(t, ADMIN.email);
      expect(mail!.otp).toMatch(/^\d{6}$/);
      const rows = await rowsOf(
        sql`select code_hash from staff_sign_in_codes where id = ${step.challengeId}`,
      );
      expect(JSON.stringify(rows)).not.toContain(mail!.otp);

      const other = mail!.otp === '000000' ? '111111' : '000000';
      const bad = expectCode<{ attemptsLeft: number }>(
        await send('POST', O.verifyCode, { challengeId: step.challengeId, code: other }),
        106,
        400,
      );
      expect(bad).toEqual({ attemptsLeft: 2 });
      const session = opsSessionSchema.parse(
        expectCode(
          await send('POST', O.verifyCode, { challengeId: step.challengeId, code: mail!.otp }),
          0,
          200,
        ),
      );
      expect(session.staff).toMatchObject({ email: ADMIN.email, role: 'admin' });
      expectCode(
        await send('POST', O.verifyCode, { challengeId: step.challengeId, code: mail!.otp }),
        116,
        400,
      );
    });

    it('an expired code and a code after three wrong ones are refused (107)', async () => {
      const first = expectCode<{ challengeId: string }>(
        await send('POST', O.signIn, { email: VERIFIER.email, password: VERIFIER.password }),
        0,
        200,
      );
      const [mail] = await outbox(t, VERIFIER.email);
      t.clock.advance(601);
      const expired = await send('POST', O.verifyCode, { challengeId: first.challengeId, code: mail!.otp });
      expect(expectCode(expired, 107, 400)).toEqual({ reason: 'expired' });

      const second = expectCode<{ challengeId: string }>(
        await send('POST', O.signIn, { email: VERIFIER.email, password: VERIFIER.password }),
        0,
        200,
      );
      const [latest] = await outbox(t, VERIFIER.email);
      const other = latest!.otp === '000000' ? '111111' : '000000';
      expectCode(
        await send('POST', O.verifyCode, { challengeId: second.challengeId, code: other }),
        106,
        400,
      );
      expectCode(
        await send('POST', O.verifyCode, { challengeId: second.challengeId, code: other }),
        106,
        400,
      );
      const third = await send('POST', O.verifyCode, { challengeId: second.challengeId, code: other });
      expect(expectCode(third, 107, 400)).toEqual({ reason: 'attempts' });
      // Even the right code is dead now.
      expectCode(
        await send('POST', O.verifyCode, { challengeId: second.challengeId, code: latest!.otp }),
        107,
        400,
      );
    });

    it('five wrong passwords lock the account for 15 minutes, right password included', async () => {
      const email = 'locked@veridocs.test';
      const password = 'a-long-enough-password';
      // A fresh account (through the same service the create-admin command uses).
      const { createOpsAuthService } = await import('../ops-auth/ops-auth-service.js');
      const { createOpsAuthRepository } = await import('../ops-auth/ops-auth-repository.js');
      const svc = createOpsAuthService({
        repo: createOpsAuthRepository(t.db.orm),
        mailer: { name: 'none', send: () => Promise.resolve() },
        tokenKey: new Uint8Array(32),
        codeKey: new Uint8Array(32),
        accessTtlSeconds: 60,
        now: t.clock.now,
        log: t.app.log,
      });
      expect((await svc.createStaff({ email, name: 'Locked', role: 'verifier', password })).created).toBe(
        true,
      );
      const stored = await rowsOf(sql`select password_hash from staff_accounts where email = ${email}`);
      expect(JSON.stringify(stored)).toContain('$argon2id$');
      for (let i = 0; i < 5; i++)
        expectCode(await send('POST', O.signIn, { email, password: 'wrong' }), 170, 401);
      // Locked: the same answer as a wrong password (no answer tells which staff e-mails exist).
      expectCode(await send('POST', O.signIn, { email, password }), 170, 401);
      t.clock.advance(15 * 60 + 1);
      expectCode(await send('POST', O.signIn, { email, password }), 0, 200);
    });
  });

  describe('tokens and roles', () => {
    let admin: Headers;
    let verifier: Headers;
    let candidate: Headers;
    let txnId: string;
    beforeAll(async () => {
      admin = bearer((await signIn(ADMIN)).accessToken);
      verifier = bearer((await signIn(VERIFIER)).accessToken);
      const c = await submittedCandidate();
      candidate = c.h;
      txnId = c.txnId;
    });

    it('the role matrix of every ops route: no token, candidate token, verifier, admin', async () => {
      const routes: {
        name: string;
        call: (h?: Headers) => ReturnType<typeof send>;
        admin: number;
        verifier: number;
      }[] = [
        { name: 'me', call: (h) => send('GET', O.me, undefined, h), admin: 0, verifier: 0 },
        { name: 'audit', call: (h) => send('GET', O.audit, undefined, h), admin: 0, verifier: 103 },
        {
          name: 'insufficiencies',
          call: (h) => send('GET', O.insufficiencies(txnId), undefined, h),
          admin: 0,
          verifier: 0,
        },
        {
          // An unknown verification: the guard passes, the decision is refused (126), nothing changes.
          name: 'decisions',
          call: (h) =>
            send('POST', O.decisions(txnId), { verificationName: 'nope', state: 'IN_PROGRESS' }, h),
          admin: 126,
          verifier: 126,
        },
      ];
      for (const route of routes) {
        expect(route.name && (await route.call()).json().code, `${route.name} without a token`).toBe(102);
        expect((await route.call(candidate)).json().code, `${route.name} with a candidate token`).toBe(102);
        expect((await route.call(verifier)).json().code, `${route.name} as verifier`).toBe(route.verifier);
        expect((await route.call(admin)).json().code, `${route.name} as admin`).toBe(route.admin);
      }
      expectCode(await send('POST', O.signOut, undefined, candidate), 102, 401);
    });

    it('an ops token reaches no candidate route', async () => {
      for (const h of [admin, verifier]) {
        expectCode(await send('GET', v1(`${P.info}?orgId=${ORG}&txnId=${txnId}`), undefined, h), 102, 401);
        expectCode(
          await send('GET', `${SERVICE_BASES.webWallet}${API_PATHS.profile.base}`, undefined, h),
          102,
          401,
        );
        expectCode(
          await answer(h, txnId, [{ key: 'x', fileIds: ['00000000-0000-4000-8000-000000000000'] }]),
          102,
          401,
        );
      }
    });

    it('sessions end: sign-out at once, and the token expires', async () => {
      const session = await signIn(VERIFIER);
      const h = bearer(session.accessToken);
      expectCode(await send('GET', O.me, undefined, h), 0, 200);
      expectCode(await send('POST', O.signOut, undefined, h), 0, 200);
      expectCode(await send('GET', O.me, undefined, h), 102, 401);
      const later = bearer((await signIn(VERIFIER)).accessToken);
      t.clock.advance(session.expiresIn + 1);
      expectCode(await send('GET', O.me, undefined, later), 102, 401);
      admin = bearer((await signIn(ADMIN)).accessToken);
      verifier = bearer((await signIn(VERIFIER)).accessToken);
    });
  });

  describe('the Action Required loop', () => {
    let verifier: Headers;
    let admin: Headers;
    beforeAll(async () => {
      verifier = bearer((await signIn(VERIFIER)).accessToken);
      admin = bearer((await signIn(ADMIN)).accessToken);
    });

    it('insufficient → the candidate answers → back with the team; history kept across two rounds', async () => {
      const { h, txnId } = await submittedCandidate();
      // The table refuses INSUFFICIENT_DATA straight from SUBMITTED: nothing changes.
      expectCode(
        await decide(verifier, txnId, {
          verificationName: 'bgv-degree',
          state: 'INSUFFICIENT_DATA',
          reason: 'x',
          documents: DOCS,
        }),
        123,
        409,
      );
      expect((await info(h, txnId)).verificationList['bgv-degree']!.state).toBe('SUBMITTED');
      // Bad input: a request without documents.
      expectCode(
        await decide(verifier, txnId, {
          verificationName: 'bgv-degree',
          state: 'INSUFFICIENT_DATA',
          reason: 'x',
          documents: [],
        }),
        100,
        400,
      );

      const started = opsDecisionResponseSchema.parse(
        expectCode(
          await decide(verifier, txnId, { verificationName: 'bgv-degree', state: 'IN_PROGRESS' }),
          0,
          200,
        ),
      );
      expect(started).toMatchObject({ state: 'IN_PROGRESS', transactionState: 'IN_PROGRESS' });
      const raised = opsDecisionResponseSchema.parse(
        expectCode(
          await decide(verifier, txnId, {
            verificationName: 'bgv-degree',
            state: 'INSUFFICIENT_DATA',
            reason: 'Marksheet for semester 5 is missing',
            documents: DOCS,
          }),
          0,
          200,
        ),
      );
      expect(raised).toMatchObject({ state: 'INSUFFICIENT_DATA', transactionState: 'INSUFFICIENT_DATA' });

      let seen = await info(h, txnId);
      expect(seen.state).toBe('INSUFFICIENT_DATA');
      expect(seen.verificationList['bgv-degree']).toMatchObject({
        state: 'INSUFFICIENT_DATA',
        insufficiency: {
          id: raised.openInsufficiency!.id,
          reason: 'Marksheet for semester 5 is missing',
          raisedAt: t.clock.now().toISOString(),
          documents: DOCS,
        },
      });

      const file = (await uploadDocument(t, h)).fileId;
      const changes = () => rowsOf(sql`select count(*)::int as n from state_changes where txn_id = ${txnId}`);
      const before = await changes();
      // Refused with nothing changed: a missing document, one not asked for, a file that is not the candidate's.
      const missing = await answer(h, txnId, [{ key: 'other', fileIds: [file] }]);
      expect(expectCode<{ path: string; message: string }[]>(missing, 100, 400)).toEqual([
        { path: 'documents.0.key', message: 'This document was not asked for' },
        { path: 'documents', message: 'Upload Marksheet for semester 5' },
      ]);
      const stranger = bearer((await signUp(t, undefined, 'Ravi Kumar')).accessToken);
      const foreign = (await uploadDocument(t, stranger)).fileId;
      const notMine = await answer(h, txnId, [{ key: 'semester-5', fileIds: [foreign] }]);
      expect(expectCode<{ path: string }[]>(notMine, 100, 400)).toEqual([
        { path: 'documents.0.fileIds.0', message: 'This file does not exist' },
      ]);
      // Another verification, not waiting for documents (skipped): 123.
      expectCode(await answer(h, txnId, [{ key: 'semester-5', fileIds: [file] }], 'bgv-twelfth'), 123, 409);
      expect(await changes()).toEqual(before);
      expect((await info(h, txnId)).verificationList['bgv-degree']!.state).toBe('INSUFFICIENT_DATA');

      const answered = transactionInfoSchema.parse(
        expectCode(await answer(h, txnId, [{ key: 'semester-5', fileIds: [file] }]), 0, 200),
      );
      expect(answered.state).toBe('IN_PROGRESS');
      expect(answered.verificationList['bgv-degree']).toMatchObject({
        state: 'SUBMITTED',
        insufficiency: null,
      });
      // A retry of the same answer changes nothing; a different one is refused.
      expectCode(await answer(h, txnId, [{ key: 'semester-5', fileIds: [file] }]), 0, 200);
      const other = (await uploadDocument(t, h)).fileId;
      expectCode(await answer(h, txnId, [{ key: 'semester-5', fileIds: [other] }]), 123, 409);
      let rounds = await history(verifier, txnId);
      expect(rounds.list).toHaveLength(1);
      expect(rounds.list[0]!.answers).toEqual([
        { key: 'semester-5', fileId: file, answeredAt: t.clock.now().toISOString() },
      ]);

      // A second round, with two documents: the first is kept as it was.
      t.clock.advance(120);
      expectCode(
        await decide(admin, txnId, { verificationName: 'bgv-degree', state: 'IN_PROGRESS' }),
        0,
        200,
      );
      const two = [
        { key: 'semester-6', label: 'Marksheet for semester 6' },
        { key: 'id-card', label: 'College ID card' },
      ];
      expectCode(
        await decide(admin, txnId, {
          verificationName: 'bgv-degree',
          state: 'INSUFFICIENT_DATA',
          reason: 'Two more documents',
          documents: two,
        }),
        0,
        200,
      );
      seen = await info(h, txnId);
      expect(seen.verificationList['bgv-degree']!.insufficiency).toMatchObject({
        reason: 'Two more documents',
        documents: two,
      });
      const a = (await uploadDocument(t, h)).fileId;
      const b = (await uploadDocument(t, h, 'png')).fileId;
      expectCode(await answer(h, txnId, [{ key: 'semester-6', fileIds: [a] }]), 100, 400);
      expectCode(
        await answer(h, txnId, [
          { key: 'semester-6', fileIds: [a] },
          { key: 'id-card', fileIds: [b] },
        ]),
        0,
        200,
      );
      rounds = await history(verifier, txnId);
      expect(
        rounds.list.map((r) => [r.reason, r.documents.length, r.answers.length, Boolean(r.answeredAt)]),
      ).toEqual([
        ['Marksheet for semester 5 is missing', 1, 1, true],
        ['Two more documents', 2, 2, true],
      ]);
      const staffIds = await rowsOf(sql`select id, email from staff_accounts order by email`);
      expect(rounds.list[0]!.raisedBy).not.toBe(rounds.list[1]!.raisedBy);
      expect(JSON.stringify(staffIds)).toContain(ADMIN.email);

      // Completing it settles the transaction; the team's decisions are audited with who, what, where.
      expectCode(
        await decide(verifier, txnId, { verificationName: 'bgv-degree', state: 'IN_PROGRESS' }),
        0,
        200,
      );
      const done = opsDecisionResponseSchema.parse(
        expectCode(
          await decide(verifier, txnId, { verificationName: 'bgv-degree', state: 'COMPLETED' }),
          0,
          200,
        ),
      );
      expect(done.transactionState).toBe('COMPLETED');
      expect((await info(h, txnId)).state).toBe('COMPLETED');
      const audit = expectCode<{
        list: {
          action: string;
          targetId: string | null;
          ip: string | null;
          staffId: string | null;
          detail: Record<string, unknown>;
        }[];
      }>(await send('GET', `${O.audit}?count=200`, undefined, admin), 0, 200);
      const decisions = audit.list.filter(
        (e) => e.action === 'verification.decide' && e.targetId === `${txnId}/bgv-degree`,
      );
      expect(decisions.map((e) => e.detail.state)).toEqual([
        'COMPLETED',
        'IN_PROGRESS',
        'INSUFFICIENT_DATA',
        'IN_PROGRESS',
        'INSUFFICIENT_DATA',
        'IN_PROGRESS',
      ]);
      expect(decisions.every((e) => e.ip && e.staffId)).toBe(true);
      expect(audit.list.some((e) => e.action === 'sign-in')).toBe(true);
    });

    it('migration 0011 gives a verification already waiting (legacy {reason, raisedAt}) its round', async () => {
      const { h, txnId } = await submittedCandidate();
      await t.db.orm.execute(sql`update verification_records
           set state = 'INSUFFICIENT_DATA',
               insufficiency = '{"reason": "Marksheet unreadable", "raisedAt": "2030-01-10T10:00:00.000Z"}'::jsonb
         where txn_id = ${txnId} and name = 'bgv-degree'`);
      const migration = readFileSync(
        new URL('../../db/migrations/0011_ops_auth_insufficiency.sql', import.meta.url),
        'utf8',
      );
      const backfill = migration.split('--> statement-breakpoint').slice(-2);
      expect(backfill[0]).toContain('INSERT INTO "insufficiency_requests"');
      for (const statement of backfill) await t.db.orm.execute(sql.raw(statement));
      // What transaction info will show: the round's copy on the record.
      const rows = await rowsOf(
        sql`select insufficiency from verification_records where txn_id = ${txnId} and name = 'bgv-degree'`,
      );
      expect(rows[0]).toMatchObject({
        insufficiency: {
          reason: 'Marksheet unreadable',
          raisedAt: '2030-01-10T10:00:00.000Z',
          documents: [{ key: 'document', label: 'Marksheet unreadable' }],
        },
      });
      const file = (await uploadDocument(t, h)).fileId;
      const answered = await answer(h, txnId, [{ key: 'document', fileIds: [file] }]);
      expect(expectCode<TransactionInfo>(answered, 0, 200).verificationList['bgv-degree']!.state).toBe(
        'SUBMITTED',
      );
      expect((await history(verifier, txnId)).list).toMatchObject([
        { reason: 'Marksheet unreadable', answers: [{ key: 'document' }] },
      ]);
    });

    it('FAILED needs a reason; an unknown transaction is 121; names are opaque keys', async () => {
      const { txnId } = await submittedCandidate();
      expectCode(
        await decide(verifier, txnId, { verificationName: 'bgv-degree', state: 'FAILED' }),
        100,
        400,
      );
      expectCode(
        await decide(verifier, '00000000-0000-4000-8000-000000000000', {
          verificationName: 'bgv-degree',
          state: 'IN_PROGRESS',
        }),
        121,
        404,
      );
      expectCode(
        await decide(verifier, 'not-a-uuid', { verificationName: 'bgv-degree', state: 'IN_PROGRESS' }),
        121,
        404,
      );
      expectCode(
        await decide(verifier, txnId, { verificationName: 'bgv-degree~2', state: 'IN_PROGRESS' }),
        126,
        400,
      );
      expectCode(
        await decide(verifier, txnId, { verificationName: 'bgv-degree', state: 'IN_PROGRESS' }),
        0,
        200,
      );
      const failed = opsDecisionResponseSchema.parse(
        expectCode(
          await decide(verifier, txnId, {
            verificationName: 'bgv-degree',
            state: 'FAILED',
            reason: 'Forged',
          }),
          0,
          200,
        ),
      );
      expect(failed).toMatchObject({ state: 'FAILED', transactionState: 'FAILED' });
    });
  });
});
