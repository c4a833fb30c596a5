import {
  API_PATHS,
  DEFAULT_PARTNER_ORG_ID,
  INTEGRATION_API_PATHS as I,
  OPS_API_PATHS,
  SERVICE_BASES,
  opsCaseListSchema,
  opsCaseSchema,
  opsSessionSchema,
  transactionInfoSchema,
  type OpsCaseList,
  type OpsSession,
} from '@veridocs/shared';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_AADHAAR } from '../../providers/aadhaar/sandbox-provider.js';
import { bearer, createTestApp, expectCode, outbox, type TestApp } from '../../test/test-app.js';
import { uploadDocument } from '../../test/uploads.js';
import { submittedCandidate as submitCandidate } from '../../test/submitted-candidate.js';
import { DEV_STAFF } from '../ops-auth/dev-staff.js';

const v1 = (path: string) => `${SERVICE_BASES.verificationV1}${path}`;
const P = API_PATHS.verification;
const O = OPS_API_PATHS;
const ORG = 'demo-university';
const FORM = 'demo-form';
type Headers = Record<string, string>;
const ADMIN = DEV_STAFF.find((s) => s.role === 'admin')!;
const VERIFIER = DEV_STAFF.find((s) => s.role === 'verifier')!;
const ZERO_UUID = '00000000-0000-4000-8000-000000000000';

describe('the console: queues, a case, documents, assignment, locks, expected date (ADR 0026)', () => {
  let t: TestApp;
  let admin: Headers;
  let verifier: Headers;
  let adminSession: OpsSession;
  let verifierSession: OpsSession;
  beforeAll(async () => {
    t = await createTestApp({ env: { OCR_WORKER: 'off' } });
    adminSession = await signIn(ADMIN);
    verifierSession = await signIn(VERIFIER);
    admin = bearer(adminSession.accessToken);
    verifier = bearer(verifierSession.accessToken);
  });
  afterAll(() => t?.close());

  const rowsOf = async (query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> => {
    const result = (await t.db.orm.execute(query)) as { rows: Record<string, unknown>[] };
    return result.rows;
  };
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, headers?: Headers) =>
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

  const submittedCandidate = (name = 'Asha Rao', beforeSubmit?: () => void) =>
    submitCandidate(t, { name, institute: 'indian-institute-of-technology-bombay', beforeSubmit });

  const list = async (query: Record<string, string | number>, h = verifier): Promise<OpsCaseList> => {
    const qs = new URLSearchParams(
      Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    ).toString();
    return opsCaseListSchema.parse(expectCode(await send('GET', `${O.cases}?${qs}`, undefined, h), 0, 200));
  };
  const allPages = async (query: Record<string, string | number>) => {
    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: OpsCaseList = await list(cursor ? { ...query, cursor } : query);
      ids.push(...page.list.map((c) => c.txnId));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 100);
    return { ids, pages };
  };

  describe('a real case', () => {
    let candidate: { h: Headers; txnId: string; mobile: string };
    beforeAll(async () => {
      // Submitted two minutes after the request was made: the queue's "submitted" is the submission's.
      candidate = await submittedCandidate('Zubin Queue-Case', () => t.clock.advance(120));
    });

    it('the role matrix of every new route: no token, candidate, API key, verifier, admin', async () => {
      const { key } = expectCode<{ key: string }>(
        await send('POST', I.apiKeys(ORG), { name: 'matrix' }, admin),
        0,
        200,
      );
      const [file] = await rowsOf(sql`select id from files where txn_id = ${candidate.txnId} limit 1`);
      const fileId = String(file!.id);
      const routes: { name: string; call: (h?: Headers) => ReturnType<typeof send> }[] = [
        { name: 'cases', call: (h) => send('GET', O.cases, undefined, h) },
        { name: 'case', call: (h) => send('GET', O.case(candidate.txnId), undefined, h) },
        { name: 'file', call: (h) => send('GET', O.file(fileId), undefined, h) },
        { name: 'assign', call: (h) => send('POST', O.assign(candidate.txnId), { staffId: null }, h) },
        { name: 'lock', call: (h) => send('POST', O.lock(candidate.txnId, 'bgv-degree'), undefined, h) },
        { name: 'unlock', call: (h) => send('DELETE', O.lock(candidate.txnId, 'bgv-degree'), undefined, h) },
        {
          name: 'expected date',
          call: (h) => send('PUT', O.expectedDate(candidate.txnId), { date: '2031-01-01' }, h),
        },
      ];
      for (const route of routes) {
        for (const [who, h] of [
          ['no token', undefined],
          ['a candidate token', candidate.h],
          ['an API key', bearer(key)],
        ] as const)
          expect((await route.call(h)).statusCode, `${route.name} with ${who}`).toBe(401);
        for (const [who, h] of [
          ['verifier', verifier],
          ['admin', admin],
        ] as const) {
          const res = await route.call(h);
          expect(res.statusCode, `${route.name} as ${who}: ${res.body.slice(0, 200)}`).toBe(200);
          // Each releases the lock it took, so the next role may take it.
          if (route.name === 'lock')
            await send('DELETE', O.lock(candidate.txnId, 'bgv-degree'), undefined, h);
        }
      }
    });

    it('is in the new queue, found by name, mobile digits and transaction id', async () => {
      const { txnId, mobile } = candidate;
      const found = (l: OpsCaseList) => l.list.some((c) => c.txnId === txnId);
      const newQueue = await list({ queue: 'new', limit: 100 });
      const mine = newQueue.list.find((c) => c.txnId === txnId)!;
      expect(mine).toMatchObject({
        candidateName: 'Zubin Queue-Case',
        mobileMasked: `XXXXXX${mobile.slice(-4)}`,
        orgId: ORG,
        formId: FORM,
        state: 'SUBMITTED',
        queue: 'new',
        fastTrack: false,
      });
      expect(mine.deadline).not.toBeNull();
      const [submission] = await rowsOf(sql`select c.at, t.created_at from state_changes c
        join transactions t on t.id = c.txn_id
        where c.txn_id = ${txnId} and c.entity = 'transaction' and c.to_state = 'SUBMITTED'`);
      expect(Date.parse(mine.submittedAt!)).toBe(new Date(submission!.at as string).getTime());
      expect(Date.parse(mine.submittedAt!)).not.toBe(new Date(submission!.created_at as string).getTime());
      expect(mine.verificationCount).toBe(2);
      for (const q of [
        'zubin',
        'Zubin Queue',
        '  ZUBIN   queue-case ',
        mobile,
        mobile.slice(0, 5),
        mobile.slice(-4),
      ])
        expect(found(await list({ q })), `q=${q}`).toBe(true);
      expect(found(await list({ q: txnId }))).toBe(true);
      expect(found(await list({ q: txnId.slice(0, 13).toUpperCase() }))).toBe(true);
      for (const q of ['queue-case', 'zubix', '0000000000'])
        expect(found(await list({ q })), `q=${q}`).toBe(false);
      expect(found(await list({ queue: 'in_progress' }))).toBe(false);
      expect(found(await list({ verificationType: 'education' }))).toBe(true);
      expect(found(await list({ verificationType: 'employment' }))).toBe(false);
      expect(found(await list({ state: 'SUBMITTED' }))).toBe(true);
      expect(found(await list({ state: 'FAILED' }))).toBe(false);
      expect(found(await list({ orgId: ORG, formId: FORM }))).toBe(true);
      expect(found(await list({ formId: 'demo-paid-form' }))).toBe(false);
      const day = t.clock.now().toISOString().slice(0, 10);
      expect(found(await list({ from: day, to: day }))).toBe(true);
      expect(found(await list({ to: '2029-12-31' }))).toBe(false);
    });

    it('the queue list and its searches are audited: filters, count, a mobile only masked and keyed', async () => {
      const { txnId, mobile } = candidate;
      const lastAudit = async () =>
        (
          await rowsOf(
            sql`select staff_id, action, detail from ops_audit where action = 'cases.list' order by id desc limit 1`,
          )
        )[0] as { staff_id: string; action: string; detail: Record<string, unknown> };

      const plain = await list({ queue: 'new', formId: FORM, limit: 100 });
      let row = await lastAudit();
      expect(row.staff_id).toBe(verifierSession.staff.id);
      expect(row.detail).toEqual({
        queue: 'new',
        formId: FORM,
        limit: 100,
        page: 'first',
        count: plain.list.length,
      });

      // A search by mobile tells who owns the number: recorded, but never the number itself.
      const byMobile = await list({ q: mobile }, admin);
      expect(byMobile.list.map((c) => c.txnId)).toContain(txnId);
      row = await lastAudit();
      expect(row.staff_id).toBe(adminSession.staff.id);
      expect(row.detail).toMatchObject({
        queue: 'new',
        page: 'first',
        count: byMobile.list.length,
        txnIds: byMobile.list.map((c) => c.txnId),
        search: {
          kind: 'mobile',
          masked: `XXXXXX${mobile.slice(-4)}`,
          hmac: expect.stringMatching(/^[0-9a-f]{64}$/),
        },
      });
      expect(JSON.stringify(row.detail)).not.toContain(mobile);
      const { hmac } = row.detail.search as { hmac: string };
      // The same number, written another way, is the same key: an investigator can match it.
      await list({ q: `+91 ${mobile}` });
      expect(((await lastAudit()).detail.search as { hmac: string }).hmac).toBe(hmac);
      await list({ q: '0000000000' });
      expect((await lastAudit()).detail).toMatchObject({ count: 0, txnIds: [], search: { kind: 'mobile' } });

      await list({ q: 'Zubin' });
      row = await lastAudit();
      expect(row.detail.search).toMatchObject({ kind: 'name', length: 5 });
      expect(JSON.stringify(row.detail).toLowerCase()).not.toContain('zubin');
      await list({ q: txnId });
      expect((await lastAudit()).detail.search).toEqual({ kind: 'transaction', value: txnId });

      // An admin's read of a candidate's orders is audited too.
      expectCode(await send('GET', `${O.adminOrders}?txnId=${txnId}`, undefined, admin), 0, 200);
      const [orders] = await rowsOf(
        sql`select staff_id, target_type, target_id, detail from ops_audit where action = 'orders.read' order by id desc limit 1`,
      );
      expect(orders).toMatchObject({
        staff_id: adminSession.staff.id,
        target_type: 'transaction',
        target_id: txnId,
        detail: { count: 0 },
      });
    });

    it('the whole case: verifications with labels and documents, identity, timeline; audited', async () => {
      const { txnId } = candidate;
      const view = opsCaseSchema.parse(
        expectCode(await send('GET', O.case(txnId), undefined, verifier), 0, 200),
      );
      expect(view).toMatchObject({ txnId, state: 'SUBMITTED', queue: 'new', organisation: { id: ORG } });
      expect(view.candidate.name).toBe('Zubin Queue-Case');
      const degree = view.verifications.find((v) => v.name === 'bgv-degree')!;
      expect(degree.state).toBe('SUBMITTED');
      expect(degree.label).not.toBe('bgv-degree');
      expect(degree.fields.find((f) => f.key === 'degreeName')).toMatchObject({
        value: 'B.Tech in Computer Science',
      });
      expect(degree.fields.find((f) => f.key === 'degreeName')!.label).not.toBe('degreeName');
      // A list's choice reads as its name, not its id; a select's stored code as the option chosen.
      expect(degree.fields.find((f) => f.key === 'institute')!.value).toMatch(
        /^Indian Institute of Technology,? Bombay/i,
      );
      expect(degree.fields.find((f) => f.key === 'degreeStatus')).toMatchObject({
        value: 'Degree and marksheets available',
      });
      expect(degree.documents).toHaveLength(1);
      expect(degree.documents[0]).toMatchObject({ fieldKey: 'marksheet', mimeType: 'application/pdf' });
      expect(degree.documents[0]!.fileUrl).toBe(O.file(degree.documents[0]!.fileId));
      expect(view.identity).toMatchObject({
        method: 'aadhaar',
        documentNumber: SANDBOX_AADHAAR.direct.slice(-4),
      });
      expect(JSON.stringify(view)).not.toContain(SANDBOX_AADHAAR.direct);
      expect(view.timeline[0]!.toState).toBe('SUBMITTED');
      expect(view.timeline.at(-1)).toMatchObject({ entity: 'transaction', toState: 'NOT_INITIALIZED' });
      const audit = await rowsOf(
        sql`select staff_id from ops_audit where action = 'case.read' and target_id = ${txnId}`,
      );
      expect(audit.map((a) => a.staff_id)).toContain(verifierSession.staff.id);

      expectCode(await send('GET', O.case(ZERO_UUID), undefined, verifier), 121, 404);
      expectCode(await send('GET', O.case('not-a-uuid'), undefined, verifier), 121, 404);

      // The document: inline with its type and nosniff, or as an attachment; only attached files.
      const fileUrl = degree.documents[0]!.fileUrl;
      const inline = await send('GET', fileUrl, undefined, verifier);
      expect(inline.statusCode).toBe(200);
      expect(inline.headers['content-type']).toBe('application/pdf');
      expect(inline.headers['x-content-type-options']).toBe('nosniff');
      expect(String(inline.headers['content-disposition'])).toMatch(/^inline;/);
      expect(inline.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const attachment = await send('GET', `${fileUrl}?download=1`, undefined, verifier);
      expect(String(attachment.headers['content-disposition'])).toMatch(/^attachment;/);
      // A name stored before the rule (ADR 0009) still downloads as what the bytes are: no bidi
      // override, the detected type's extension (issue 23 §5).
      await t.db.orm.execute(
        sql`update files set original_name = ${'mark\u202Efdp.html'} where id = ${degree.documents[0]!.fileId}`,
      );
      const renamed = await send('GET', `${fileUrl}?download=1`, undefined, verifier);
      expect(renamed.headers['content-type']).toBe('application/pdf');
      expect(renamed.headers['content-disposition']).toBe(
        `attachment; filename="markfdp.pdf"; filename*=UTF-8''markfdp.pdf`,
      );
      const loose = await uploadDocument(t, candidate.h);
      expectCode(await send('GET', O.file(loose.fileId), undefined, verifier), 224, 404);
      expectCode(await send('GET', O.file('x'), undefined, verifier), 224, 404);
    });

    it('assigns to oneself, another, nobody; an unknown team member is 222; audited', async () => {
      const { txnId } = candidate;
      const mine = expectCode<{ assignee: { staffId: string; name: string } | null }>(
        await send('POST', O.assign(txnId), {}, verifier),
        0,
        200,
      );
      expect(mine.assignee).toEqual({ staffId: verifierSession.staff.id, name: verifierSession.staff.name });
      const listed = (await list({ q: txnId })).list[0]!;
      expect(listed.assignee?.staffId).toBe(verifierSession.staff.id);
      const other = expectCode<{ assignee: { staffId: string } | null }>(
        await send('POST', O.assign(txnId), { staffId: adminSession.staff.id }, verifier),
        0,
        200,
      );
      expect(other.assignee?.staffId).toBe(adminSession.staff.id);
      expectCode(await send('POST', O.assign(txnId), { staffId: ZERO_UUID }, verifier), 222, 404);
      expectCode(await send('POST', O.assign(ZERO_UUID), {}, verifier), 121, 404);
      const none = expectCode<{ assignee: null }>(
        await send('POST', O.assign(txnId), { staffId: null }, admin),
        0,
        200,
      );
      expect(none.assignee).toBeNull();
      expect((await list({ q: txnId })).list[0]!.assignee).toBeNull();
      const audit =
        await rowsOf(sql`select detail from ops_audit where action = 'case.assign' and target_id = ${txnId}
        order by id`);
      expect(audit.map((a) => (a.detail as { assignee: string | null }).assignee).slice(-3)).toEqual([
        verifierSession.staff.id,
        adminSession.staff.id,
        null,
      ]);
    });

    it('sets the expected date the candidate sees: today or later; refused once terminal (221)', async () => {
      const { txnId, h } = candidate;
      const today = t.clock.now().toISOString().slice(0, 10);
      const yesterday = new Date(t.clock.now().getTime() - 86_400_000).toISOString().slice(0, 10);
      expectCode(await send('PUT', O.expectedDate(txnId), { date: yesterday }, verifier), 100, 400);
      expectCode(await send('PUT', O.expectedDate(txnId), { date: '2031-13-01' }, verifier), 100, 400);
      const set = expectCode<{ deadline: string }>(
        await send('PUT', O.expectedDate(txnId), { date: today }, verifier),
        0,
        200,
      );
      expect(set.deadline).toBe(`${today}T00:00:00.000Z`);
      const info = transactionInfoSchema.parse(
        expectCode(await send('GET', v1(`${P.info}?orgId=${ORG}&txnId=${txnId}`), undefined, h), 0, 200),
      );
      expect(info.expectedCompletionDate?.maxDate.slice(0, 10)).toBe(today);
      expect((await list({ q: txnId })).list[0]!.deadline).toBe(`${today}T00:00:00.000Z`);
      const audit = await rowsOf(sql`select detail from ops_audit where action = 'case.expected-date'
        and target_id = ${txnId}`);
      expect(audit.at(-1)!.detail).toEqual({ date: today });
      expectCode(await send('PUT', O.expectedDate(ZERO_UUID), { date: today }, verifier), 121, 404);
    });
  });

  describe('search follows the profile', () => {
    it("a candidate's new name or mobile is found at once (the trigger of migration 0015)", async () => {
      const { txnId } = await submittedCandidate('Old Name Person');
      const found = async (q: string) => (await list({ q })).list.some((c) => c.txnId === txnId);
      expect(await found('old name person')).toBe(true);
      await t.db.orm.execute(sql`update profiles set name = '  Nova   Renamed ', mobile = '6999999991'
        where id = (select profile_id from transactions where id = ${txnId})`);
      expect(await found('old name')).toBe(false);
      expect(await found('nova renamed')).toBe(true);
      expect(await found('9991')).toBe(true);
      expect((await list({ q: 'nova' })).list.find((c) => c.txnId === txnId)?.candidateName).toBe(
        '  Nova   Renamed ',
      );
    });
  });

  describe('verification locks', () => {
    let txnId: string;
    beforeAll(async () => {
      txnId = (await submittedCandidate('Lena Lock')).txnId;
    });

    it('two verifiers race for one verification: exactly one wins, the other sees who holds it', async () => {
      for (let round = 0; round < 3; round++) {
        const name = 'bgv-degree';
        const [a, b] = await Promise.all([
          send('POST', O.lock(txnId, name), undefined, verifier),
          send('POST', O.lock(txnId, name), undefined, admin),
        ]);
        const codes = [a.json().code, b.json().code].sort();
        expect(codes).toEqual([0, 220]);
        const [won, lost] = a.json().code === 0 ? [a, b] : [b, a];
        const winner = won === a ? verifierSession : adminSession;
        expect(won.json().data.lock).toMatchObject({ staffId: winner.staff.id, name: winner.staff.name });
        expect(lost.statusCode).toBe(409);
        expect(lost.json().data.lock).toMatchObject({ staffId: winner.staff.id, name: winner.staff.name });
        const rows = await rowsOf(sql`select staff_id from verification_locks where txn_id = ${txnId}`);
        expect(rows).toEqual([{ staff_id: winner.staff.id }]);
        const release = expectCode<{ released: boolean }>(
          await send('DELETE', O.lock(txnId, name), undefined, won === a ? verifier : admin),
          0,
          200,
        );
        expect(release.released).toBe(true);
      }
    });

    it('a lease of 5 minutes, renewed by its holder; a decision on it by another is 220', async () => {
      const name = 'bgv-degree';
      const first = expectCode<{ lock: { expiresAt: string } }>(
        await send('POST', O.lock(txnId, name), undefined, verifier),
        0,
        200,
      );
      expect(Date.parse(first.lock.expiresAt) - t.clock.now().getTime()).toBe(300_000);
      t.clock.advance(200);
      const renewed = expectCode<{ lock: { expiresAt: string } }>(
        await send('POST', O.lock(txnId, name), undefined, verifier),
        0,
        200,
      );
      expect(Date.parse(renewed.lock.expiresAt) - t.clock.now().getTime()).toBe(300_000);
      // Another may neither take it nor decide on it; the case view shows the lock.
      expectCode(await send('POST', O.lock(txnId, name), undefined, admin), 220, 409);
      const refused = await send(
        'POST',
        O.decisions(txnId),
        { verificationName: name, state: 'IN_PROGRESS' },
        admin,
      );
      expect(expectCode<{ lock: { staffId: string } }>(refused, 220, 409).lock.staffId).toBe(
        verifierSession.staff.id,
      );
      const view = opsCaseSchema.parse(
        expectCode(await send('GET', O.case(txnId), undefined, admin), 0, 200),
      );
      expect(view.verifications.find((v) => v.name === name)!.lock?.staffId).toBe(verifierSession.staff.id);
      expect(view.verifications.find((v) => v.name === name)!.state).toBe('SUBMITTED');
      // Releasing what one does not hold changes nothing.
      expect(
        expectCode<{ released: boolean }>(await send('DELETE', O.lock(txnId, name), undefined, admin), 0, 200)
          .released,
      ).toBe(false);
      // The holder decides; the case moves to in progress.
      expectCode(
        await send('POST', O.decisions(txnId), { verificationName: name, state: 'IN_PROGRESS' }, verifier),
        0,
        200,
      );
      expect((await list({ queue: 'in_progress', q: txnId })).list.map((c) => c.txnId)).toEqual([txnId]);
      // Lapsed: another takes it over.
      t.clock.advance(301);
      expectCode(await send('POST', O.lock(txnId, name), undefined, admin), 0, 200);
      expectCode(await send('POST', O.lock(txnId, 'nope'), undefined, admin), 126, 400);
      expectCode(await send('POST', O.lock(ZERO_UUID, name), undefined, admin), 121, 404);
      // INSUFFICIENT_DATA: waiting for the candidate.
      expectCode(
        await send(
          'POST',
          O.decisions(txnId),
          {
            verificationName: name,
            state: 'INSUFFICIENT_DATA',
            reason: 'The marksheet is unreadable',
            documents: [{ key: 'marksheet', label: 'Marksheet' }],
          },
          admin,
        ),
        0,
        200,
      );
      expect((await list({ queue: 'action_required', q: txnId })).list.map((c) => c.txnId)).toEqual([txnId]);
      const view2 = opsCaseSchema.parse(
        expectCode(await send('GET', O.case(txnId), undefined, admin), 0, 200),
      );
      expect(view2.verifications.find((v) => v.name === name)!.insufficiencies).toHaveLength(1);
      // Closing it: every verification decided, the transaction terminal, out of every queue; no expected date.
      expectCode(
        await send('POST', O.decisions(txnId), { verificationName: name, state: 'CLOSED' }, admin),
        0,
        200,
      );
      const [row] = await rowsOf(sql`select state, queue from transactions where id = ${txnId}`);
      expect(row!.queue).toBeNull();
      const today = t.clock.now().toISOString().slice(0, 10);
      expectCode(await send('PUT', O.expectedDate(txnId), { date: today }, admin), 221, 409);
    });
  });

  describe('keyset paging over seeded rows', () => {
    const N = 47;
    const seedIds: string[] = [];
    beforeAll(async () => {
      // Profiles and submitted transactions in bulk (ties on deadline and submission time), then the
      // migration's own backfill gives them their queue columns.
      await t.db.orm.execute(sql`insert into profiles (id, mobile, name)
        select md5('p' || i)::uuid, '71' || lpad(i::text, 8, '0'), 'Queue Seed ' || lpad(i::text, 3, '0')
        from generate_series(1, ${N}) as i`);
      await t.db.orm
        .execute(sql`insert into transactions (id, profile_id, org_id, form_id, state, expected_max_date,
          created_at, updated_at)
        select md5('t' || i)::uuid, md5('p' || i)::uuid,
          case when i % 2 = 0 then ${ORG} else ${DEFAULT_PARTNER_ORG_ID} end,
          case when i % 2 = 0 then ${FORM} else 'demo-profile-form' end,
          'SUBMITTED',
          case when i % 3 = 0 then timestamptz '2030-02-01T00:00:00Z' else timestamptz '2030-02-02T00:00:00Z' end,
          timestamptz '2030-01-10T00:00:00Z' + (i % 2) * interval '1 day', now()
        from generate_series(1, ${N}) as i`);
      await t.db.orm
        .execute(sql`insert into verification_records (txn_id, name, position, category, state, updated_at)
        select md5('t' || i)::uuid, 'bgv-degree', 0, 'EDUCATION', case when i % 5 = 0 then 'IN_PROGRESS' else 'SUBMITTED' end, now()
        from generate_series(1, ${N}) as i`);
      // Three of them are on the fast track: an express order paid.
      await t.db.orm
        .execute(sql`insert into payment_orders (txn_id, org_id, profile_id, region, currency, provider,
          express, quote, amount, status, idempotency_key)
        select md5('t' || i)::uuid, ${ORG}, md5('p' || i)::uuid, 'IN', 'INR', 'sandbox', true, '{}'::jsonb, 100,
          'success', 'seed-' || i
        from generate_series(40, 42) as i`);
      const migration = readFileSync(
        new URL('../../db/migrations/0015_ops_queues.sql', import.meta.url),
        'utf8',
      );
      const backfill = migration.split('--> statement-breakpoint').at(-1)!;
      await t.db.orm.execute(sql.raw(backfill));
      for (const r of await rowsOf(sql`select id from transactions where id in
          (select md5('t' || i)::uuid from generate_series(1, ${N}) as i)`))
        seedIds.push(String(r.id));
    });

    /** The expected order, computed here from the seed's rules. */
    const expected = (filter: (i: number) => boolean) =>
      Array.from({ length: N }, (_, k) => k + 1)
        .filter(filter)
        .map((i) => ({
          i,
          rank: i >= 40 && i <= 42 ? 0 : 1,
          deadline: i % 3 === 0 ? 1 : 2,
          since: i % 2,
          id: rowIdOf(i),
        }))
        .sort(
          (a, b) => a.rank - b.rank || a.deadline - b.deadline || a.since - b.since || (a.id < b.id ? -1 : 1),
        )
        .map((r) => r.id);
    const ids = new Map<number, string>();
    const rowIdOf = (i: number) => ids.get(i)!;
    beforeAll(async () => {
      for (const r of await rowsOf(
        sql`select i, md5('t' || i)::uuid::text as id from generate_series(1, ${N}) as i`,
      ))
        ids.set(Number(r.i), String(r.id));
    });

    it('every page in order, none twice, none missed, at several page sizes', async () => {
      const want = expected(() => true);
      expect(want).toHaveLength(N);
      for (const limit of [1, 7, 10, 47, 100]) {
        const { ids: got, pages } = await allPages({ q: 'queue seed', limit });
        expect(got, `limit ${limit}`).toEqual(want);
        expect(pages).toBe(Math.max(1, Math.ceil(N / limit)));
      }
      const first = await list({ q: 'queue seed', limit: 3 });
      expect(first.list.map((c) => c.fastTrack)).toEqual([true, true, true]);
      // The unfiltered queue holds every seeded row once, in the same relative order.
      const { ids: all } = await allPages({ queue: 'new', limit: 9 });
      expect(all.filter((id) => seedIds.includes(id))).toEqual(want);
      expect(new Set(all).size).toBe(all.length);
    });

    it('filters page too: organisation, form, state, dates; a cursor of another query is 223', async () => {
      expect((await allPages({ q: 'queue seed', orgId: ORG, limit: 5 })).ids).toEqual(
        expected((i) => i % 2 === 0),
      );
      expect((await allPages({ q: 'queue seed', formId: 'demo-profile-form', limit: 4 })).ids).toEqual(
        expected((i) => i % 2 === 1),
      );
      expect((await allPages({ q: 'queue seed', state: 'IN_PROGRESS', limit: 2 })).ids).toEqual(
        expected((i) => i % 5 === 0),
      );
      expect(
        (await allPages({ q: 'queue seed', from: '2030-01-11', to: '2030-01-11', limit: 6 })).ids,
      ).toEqual(expected((i) => i % 2 === 1));
      expect((await allPages({ q: 'queue seed 01', limit: 3 })).ids).toEqual(
        expected((i) => i >= 10 && i <= 19),
      );
      expect((await allPages({ q: '710000004', limit: 3 })).ids).toEqual(expected((i) => i >= 40 && i <= 47));
      const page = await list({ q: 'queue seed', limit: 5 });
      expectCode(
        await send(
          'GET',
          `${O.cases}?q=queue+seed&orgId=${ORG}&cursor=${page.nextCursor}`,
          undefined,
          verifier,
        ),
        223,
        400,
      );
      expectCode(await send('GET', `${O.cases}?cursor=bm90LWEtY3Vyc29y`, undefined, verifier), 223, 400);
      expectCode(await send('GET', `${O.cases}?queue=nope`, undefined, verifier), 100, 400);
      expectCode(await send('GET', `${O.cases}?limit=101`, undefined, verifier), 100, 400);
    });
  });
});
