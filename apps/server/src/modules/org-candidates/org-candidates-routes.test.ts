import {
  API_PATHS,
  ORG_API_PATHS as P,
  SERVICE_BASES,
  type InviteBatch,
  type InviteBatchChecked,
} from '@veridocs/shared';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentTo } from '../../test/consent.js';
import { orgSession } from '../../test/org-session.js';
import {
  bearer,
  createTestApp,
  expectCode,
  outbox,
  signUp,
  uniqueMobile,
  type TestApp,
} from '../../test/test-app.js';
import { multipart } from '../files/test-files.js';
import { xlsxBook } from './xlsx-test-book.js';

const ORG = 'demo-university';
const FORM = 'demo-form';
const ORG_B = 'routes-org-b';
type H = Record<string, string>;

/**
 * The portal's candidate routes (issue 28): the signed-in family's guard, the roles (a viewer reads,
 * only owners and managers invite), and another organisation's rows answering 404.
 */
describe('organisation portal: candidate routes', () => {
  let t: TestApp;
  let manager: H;
  let viewer: H;
  let otherOrg: H;
  const send = (method: 'GET' | 'POST', url: string, headers: H, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers,
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const upload = (headers: H, text: string | Buffer, filename = 'people.csv') => {
    const data = typeof text === 'string' ? Buffer.from(text) : text;
    const { payload, headers: h } = multipart([{ name: 'file', filename, data }]);
    return t.app.inject({ method: 'POST', url: P.inviteBatches, headers: { ...headers, ...h }, payload });
  };
  beforeAll(async () => {
    t = await createTestApp({ env: { OCR_WORKER: 'off' } });
    await t.db.orm.execute(sql`insert into organisations (id, name) values (${ORG_B}, 'Org B')`);
    manager = (await orgSession(t, { orgId: ORG, role: 'manager' })).headers;
    viewer = (await orgSession(t, { orgId: ORG, role: 'viewer' })).headers;
    otherOrg = (await orgSession(t, { orgId: ORG_B, role: 'owner' })).headers;
  });
  afterAll(() => t?.close());

  it('invites, reads, lists, exports; viewers read only; org B gets 404', async () => {
    const mobile = uniqueMobile();
    const invite = { formId: FORM, name: 'Sara Iyer', mobile, language: 'en' };
    expectCode(await send('POST', P.invitations, {}, invite), 302, 401);
    expectCode(await send('POST', P.invitations, viewer, invite), 303, 403);
    expectCode(await send('POST', P.invitations, otherOrg, invite), 311, 404);
    const inv = expectCode<{ transactionId: string; source: string }>(
      await send('POST', P.invitations, { ...manager, 'idempotency-key': 'portal-key-0001' }, invite),
      0,
      200,
    );
    expect(inv.source).toBe('portal');
    expect(await outbox(t, mobile)).toHaveLength(1);

    // The same Idempotency-Key again (a retry after a lost answer), twice at once: the same
    // invitation, no second SMS; the key with another body is refused.
    const keyed = { ...manager, 'idempotency-key': 'portal-key-0001' };
    const again = await Promise.all([1, 2].map(() => send('POST', P.invitations, keyed, invite)));
    for (const r of again)
      expect(expectCode<{ transactionId: string }>(r, 0, 200).transactionId).toBe(inv.transactionId);
    expect(await outbox(t, mobile)).toHaveLength(1);
    expect(
      await t.db.orm.execute(
        sql`select count(*)::int as n from candidate_invitations where mobile = ${mobile}`,
      ),
    ).toMatchObject({ rows: [{ n: 1 }] });
    expectCode(await send('POST', P.invitations, keyed, { ...invite, name: 'Other Name' }), 198, 409);
    expectCode(
      await send('POST', P.invitations, { ...manager, 'idempotency-key': 'bad key!' }, invite),
      190,
      400,
    );

    const forms = expectCode<{ list: { formId: string; counts: Record<string, number> }[] }>(
      await send('GET', P.forms, viewer),
      0,
      200,
    );
    expect(forms.list.find((f) => f.formId === FORM)!.counts.invited).toBeGreaterThanOrEqual(1);
    expect(expectCode<{ list: unknown[] }>(await send('GET', P.forms, otherOrg), 0, 200).list).toEqual([]);

    const list = expectCode<{ list: { transactionId: string; mobile: string }[] }>(
      await send('GET', `${P.candidates}?formId=${FORM}&bucket=invited&q=sara`, viewer),
      0,
      200,
    );
    expect(list.list).toEqual([expect.objectContaining({ transactionId: inv.transactionId })]);
    expect(list.list[0]!.mobile).toBe(`••••••${mobile.slice(-4)}`);
    expectCode(await send('GET', `${P.candidates}?formId=${FORM}`, otherOrg), 311, 404);

    const csv = await send('GET', `${P.candidatesCsv}?formId=${FORM}&q=sara`, viewer);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.split('\r\n')[1]).toMatch(/^Sara Iyer,•{6}\d{4},invited,NOT_INITIALIZED,/);
    expectCode(await send('GET', `${P.candidatesCsv}?formId=${FORM}`, otherOrg), 311, 404);

    const detail = expectCode<{ name: string; bucket: string }>(
      await send('GET', P.candidate(inv.transactionId), viewer),
      0,
      200,
    );
    expect(detail).toMatchObject({ name: 'Sara Iyer', bucket: 'invited' });
    expectCode(await send('GET', P.candidate(inv.transactionId), otherOrg), 310, 404);
    expectCode(await send('GET', P.candidateReport(inv.transactionId), viewer), 316, 409);
    expectCode(await send('GET', P.candidateReport(inv.transactionId), otherOrg), 310, 404);
    expectCode(
      await send('GET', P.candidateCredential(inv.transactionId, inv.transactionId), otherOrg),
      310,
      404,
    );
    expectCode(await send('GET', P.candidateCredential(inv.transactionId, 'nope'), viewer), 310, 404);

    expectCode(await send('POST', P.remindNotStarted, viewer, { formId: FORM }), 303, 403);
    expectCode(await send('POST', P.remindNotStarted, otherOrg, { formId: FORM }), 311, 404);
    expectCode(await send('POST', P.remindNotStarted, manager, { formId: FORM }), 0, 200);
  });

  it('uploads a file, sends it, shows progress and the result; org B gets 404', async () => {
    const a = uniqueMobile();
    const text = `name,mobile,email,form,language\nAsha Rao,${a},,${FORM},hi\nBad,1,,${FORM},en\n`;
    expectCode(await upload(viewer, text), 303, 403);
    expectCode(await upload(manager, 'just,some\nwords,here\n'), 312, 400);
    const book = xlsxBook([
      ['name', 'mobile', 'form'],
      ['Xl Row', Number(uniqueMobile()), FORM],
    ]);
    const fromXlsx = expectCode<InviteBatchChecked>(await upload(manager, book, 'people.xlsx'), 0, 200);
    expect(fromXlsx.batch).toMatchObject({ total: 1, valid: 1, refused: 0 });
    const checked = expectCode<InviteBatchChecked>(await upload(manager, text), 0, 200);
    expect(checked.batch).toMatchObject({ total: 2, valid: 1, refused: 1 });
    const id = checked.batch.id;
    expectCode(await send('GET', P.inviteBatch(id), otherOrg), 314, 404);
    expectCode(await send('POST', P.sendInviteBatch(id), otherOrg), 314, 404);
    expectCode(await send('GET', P.inviteBatchResult(id), otherOrg), 314, 404);
    expectCode(await send('POST', P.sendInviteBatch(id), viewer), 303, 403);
    expectCode(await send('POST', P.sendInviteBatch(id), manager), 0, 200);
    let batch: InviteBatch;
    do {
      await t.app.orgCandidateJobs.sendOnce();
      batch = expectCode<InviteBatch>(await send('GET', P.inviteBatch(id), viewer), 0, 200);
    } while (batch.status === 'sending');
    expect(batch).toMatchObject({ status: 'sent', sent: 1, failed: 0 });
    expect((await outbox(t, a))[0]!.body).toContain('सत्यापन');
    const result = await send('GET', P.inviteBatchResult(id), viewer);
    expect(result.body.split('\r\n').slice(1, 3)).toEqual([
      `2,Asha Rao,${a},,demo-form,hi,sent,`,
      expect.stringMatching(/^3,Bad,1,,demo-form,en,refused,"/),
    ]);
    const listed = expectCode<{ list: InviteBatch[] }>(await send('GET', P.inviteBatches, viewer), 0, 200);
    expect(listed.list.map((b) => b.id)).toContain(id);
    const ofB = expectCode<{ list: InviteBatch[] }>(await send('GET', P.inviteBatches, otherOrg), 0, 200);
    expect(ofB.list.map((b) => b.id)).not.toContain(id);
  });

  it('streams a candidate event when one of its candidates changes bucket, not another org’s', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const open = async (headers: H) => {
      const abort = new AbortController();
      const res = await fetch(`${base}${P.events}`, { headers, signal: abort.signal });
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const reader = res.body!.getReader();
      let text = '';
      const until = async (pattern: RegExp) => {
        const deadline = Date.now() + 10_000;
        while (!pattern.test(text) && Date.now() < deadline) {
          const chunk = await Promise.race([
            reader.read(),
            new Promise<{ value: undefined }>((r) => setTimeout(() => r({ value: undefined }), 200)),
          ]);
          if (chunk.value) text += Buffer.from(chunk.value).toString('utf8');
        }
        return text;
      };
      return { until, close: () => abort.abort(), text: () => text };
    };
    expect((await fetch(`${base}${P.events}`)).status).toBe(401);
    const mine = await open(viewer);
    const theirs = await open(otherOrg);
    await mine.until(/connected/);
    await theirs.until(/connected/);
    // The candidate opens the form: invited → started, announced at commit.
    const h = bearer((await signUp(t)).accessToken);
    const v1 = (path: string) => `${SERVICE_BASES.verificationV1}${path}`;
    const V = API_PATHS.verification;
    const { transactionId: txnId } = expectCode<{ transactionId: string }>(
      await t.request({
        method: 'POST',
        url: v1(V.transactions),
        body: { orgId: ORG, eKycFormId: FORM },
        headers: h,
      }),
      0,
      200,
    );
    await consentTo(t, h, { orgId: ORG, txnId });
    const answers = [
      { questionId: 'demo-q-purpose', answer: 'EMPLOYMENT' },
      { questionId: 'demo-q-source', answer: 'EMPLOYER' },
    ];
    expectCode(
      await t.request({
        method: 'PATCH',
        url: v1(V.userResponse),
        body: { orgId: ORG, txnId, data: answers },
        headers: h,
      }),
      0,
      200,
    );
    expectCode(
      await t.request({ method: 'POST', url: v1(V.process), body: { orgId: ORG, txnId }, headers: h }),
      0,
      200,
    );
    const got = await mine.until(new RegExp(txnId));
    expect(got).toContain(
      `event: candidate\ndata: {"transactionId":"${txnId}","formId":"${FORM}","bucket":"started"}`,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(theirs.text()).not.toContain(txnId);
    mine.close();
    theirs.close();
  });

  it('a fresh Idempotency-Key posted twice at once makes one invitation (a double submit)', async () => {
    const invite = { formId: FORM, name: 'Sara Iyer', language: 'en' };
    const m2 = uniqueMobile();
    const both = await Promise.all(
      [1, 2].map(() =>
        send(
          'POST',
          P.invitations,
          { ...manager, 'idempotency-key': `portal-${m2}` },
          { ...invite, mobile: m2 },
        ),
      ),
    );
    const ids = both.map((r) => expectCode<{ transactionId: string }>(r, 0, 200).transactionId);
    expect(ids[1]).toBe(ids[0]);
    expect(await outbox(t, m2)).toHaveLength(1);
  });
});
