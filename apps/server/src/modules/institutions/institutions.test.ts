import {
  INSTITUTION_API_PATHS,
  OPS_API_PATHS,
  institutionListSchema,
  institutionSchema,
  type Institution,
} from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  expectCode,
  outbox,
  signUp,
  staffSignIn,
  type TestApp,
} from '../../test/test-app.js';
import { disclosureRows } from '../../test/disclosures.js';
import { DEV_STAFF } from '../ops-auth/dev-staff.js';
import { institutionsKit, type Headers } from './institutions-test-kit.js';

const ADMIN = DEV_STAFF.find((s) => s.role === 'admin')!;
const VERIFIER = DEV_STAFF.find((s) => s.role === 'verifier')!;
const R = INSTITUTION_API_PATHS;

describe('institutions (issue 27): the directory, requests and the team’s decision', () => {
  let t: TestApp;
  let admin: Headers;
  let verifier: Headers;
  const kit = institutionsKit(() => t);
  const { send } = kit;
  beforeAll(async () => {
    t = await createTestApp({ env: { OCR_WORKER: 'off', OTP_RESEND_AFTER_SECONDS: '1' } });
    admin = await staffSignIn(t, ADMIN);
    verifier = await staffSignIn(t, VERIFIER);
  });
  afterAll(() => t?.close());

  it('admins write the directory, verifiers read it, candidates reach none of it', async () => {
    const board = institutionSchema.parse(
      expectCode(
        await send('POST', OPS_API_PATHS.institutions, { kind: 'board', refValue: 'CBSE' }, admin),
        0,
        200,
      ),
    );
    expect(board).toMatchObject({ kind: 'board', refValue: 'CBSE', method: 'page', contacts: [] });
    expect(board.name).toMatch(/central board of secondary education/i);
    expect(board.turnaround).toEqual({
      sent: 0,
      answered: 0,
      responseRate: null,
      medianDays: null,
      p90Days: null,
      open: 0,
      oldestOpenAt: null,
    });
    // Idempotent on the reference value; an unknown value is refused.
    const again = expectCode<Institution>(
      await send('POST', OPS_API_PATHS.institutions, { kind: 'board', refValue: 'CBSE' }, admin),
      0,
      200,
    );
    expect(again.id).toBe(board.id);
    expectCode(
      await send('POST', OPS_API_PATHS.institutions, { kind: 'board', refValue: 'NOPE-BOARD' }, admin),
      100,
      400,
    );
    const employer = expectCode<Institution>(
      await send('POST', OPS_API_PATHS.institutions, { kind: 'employer', name: '  Acme   Software ' }, admin),
      0,
      200,
    );
    expect(employer).toMatchObject({ kind: 'employer', name: 'Acme Software', refValue: null });
    expect(
      expectCode<Institution>(
        await send('POST', OPS_API_PATHS.institutions, { kind: 'employer', name: 'acme software' }, admin),
        0,
        200,
      ).id,
    ).toBe(employer.id);

    const updated = expectCode<Institution>(
      await send(
        'PUT',
        OPS_API_PATHS.institution(employer.id),
        { method: 'email', feePaise: 50000, notes: 'HR desk' },
        admin,
      ),
      0,
      200,
    );
    expect(updated).toMatchObject({ method: 'email', feePaise: 50000, notes: 'HR desk' });
    expectCode(
      await send(
        'PUT',
        OPS_API_PATHS.institution(employer.id),
        { method: 'fax', feePaise: null, notes: null },
        admin,
      ),
      100,
      400,
    );

    // A verifier reads but does not write; a candidate's token is not a staff token.
    const list = institutionListSchema.parse(
      expectCode(
        await send('GET', `${OPS_API_PATHS.institutions}?kind=employer&q=acme`, undefined, verifier),
        0,
        200,
      ),
    );
    expect(list.items.map((i) => i.id)).toEqual([employer.id]);
    expect(list.total).toBe(1);
    expect(
      (await send('POST', OPS_API_PATHS.institutions, { kind: 'employer', name: 'Other Co' }, verifier))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await send(
          'PUT',
          OPS_API_PATHS.institution(employer.id),
          { method: 'page', feePaise: null, notes: null },
          verifier,
        )
      ).statusCode,
    ).toBe(403);
    const candidate = bearer((await signUp(t)).accessToken);
    expect((await send('GET', OPS_API_PATHS.institutions, undefined, candidate)).statusCode).toBe(401);

    // Contacts: added unconfirmed, confirmed by the e-mailed link once, removed.
    const withContact = expectCode<Institution>(
      await send('POST', OPS_API_PATHS.institutionContacts(employer.id), { email: 'HR@Acme.example' }, admin),
      0,
      200,
    );
    expect(withContact.contacts).toEqual([
      { id: expect.any(String), email: 'hr@acme.example', confirmed: false, batchDaily: false },
    ]);
    const [mail] = await outbox(t, 'hr@acme.example');
    expect(mail!.body).toContain(`${R.confirmPage}?t=`);
    const token = /\?t=([A-Za-z0-9_-]+)/.exec(mail!.body)![1]!;
    expect(expectCode(await send('POST', R.confirmContact, { token }), 0, 200)).toEqual({
      email: 'hr@acme.example',
      institution: 'Acme Software',
    });
    expectCode(await send('POST', R.confirmContact, { token }), 292, 404);
    const contactId = withContact.contacts[0]!.id;
    const removed = expectCode<Institution>(
      await send('DELETE', OPS_API_PATHS.institutionContact(employer.id, contactId), undefined, admin),
      0,
      200,
    );
    expect(removed.contacts).toEqual([]);
    expectCode(
      await send('DELETE', OPS_API_PATHS.institutionContact(employer.id, contactId), undefined, admin),
      290,
      404,
    );

    // Sorted by response rate, the directory answers from its own columns.
    const sorted = institutionListSchema.parse(
      expectCode(
        await send(
          'GET',
          `${OPS_API_PATHS.institutions}?sort=median&order=desc&withOpen=true`,
          undefined,
          verifier,
        ),
        0,
        200,
      ),
    );
    expect(sorted.items).toEqual([]);
  });

  it('sends a request only with consent, to a confirmed contact of the named institution, once', async () => {
    const { txnId } = await kit.submittedCase(verifier);
    const noConsent = await kit.submittedCase(verifier, false);
    const { contactId } = await kit.confirmedContact(admin, 'registrar-a@cbse.example');
    const cbse = await kit.cbseId(verifier);

    const view = await kit.caseRequests(txnId, verifier);
    expect(view.consent?.text).toMatch(/I agree that the verification team contacts/);
    // The degree names "Other": nothing to ask; Class XII names CBSE, which has the contact.
    expect(view.askable).toEqual([
      {
        verificationName: 'bgv-twelfth',
        label: expect.any(String),
        institution: expect.objectContaining({ kind: 'board', refValue: 'CBSE', id: cbse, method: 'page' }),
        openRequestId: null,
      },
    ]);
    expect(view.askable[0]!.institution.contacts.map((c) => c.id)).toContain(contactId);

    const ask = (id: string, body: Record<string, unknown>, who = verifier) =>
      send('POST', OPS_API_PATHS.institutionRequests(id), body, who);
    const body = { institutionId: cbse, contactId, verificationNames: ['bgv-twelfth'] };
    expectCode(await ask(noConsent.txnId, body), 297, 409);
    // An unconfirmed contact, or another institution's.
    const pending = expectCode<Institution>(
      await send('POST', OPS_API_PATHS.institutionContacts(cbse), { email: 'pending@cbse.example' }, admin),
      0,
      200,
    );
    const pendingId = pending.contacts.find((c) => c.email === 'pending@cbse.example')!.id;
    expectCode(await ask(txnId, { ...body, contactId: pendingId }), 291, 409);
    const other = expectCode<Institution>(
      await send('POST', OPS_API_PATHS.institutions, { kind: 'employer', name: 'Beta Corp' }, admin),
      0,
      200,
    );
    expectCode(await ask(txnId, { ...body, institutionId: other.id }), 291, 409);
    expectCode(await ask(txnId, { ...body, verificationNames: ['bgv-degree'] }), 100, 400);
    expectCode(await ask(txnId, { ...body, verificationNames: ['aadhaar'] }), 100, 400);

    const sent = expectCode<{ requests: { id: string; status: string; verificationNames: string[] }[] }>(
      await ask(txnId, body),
      0,
      200,
    );
    expect(sent.requests).toEqual([
      expect.objectContaining({ status: 'open', verificationNames: ['bgv-twelfth'] }),
    ]);
    expectCode(await ask(txnId, body), 295, 409);
    // One disclosure to the institution, with the request; the refused asks wrote none (ADR 0049).
    expect(await disclosureRows(t, { txnId })).toEqual([
      expect.objectContaining({
        recipient_kind: 'institution',
        what: 'request',
        detail: expect.stringMatching(/1 document$/),
      }),
    ]);
    const [request] = await kit.rowsOf<{
      claims: { facts: { key: string; claimed: string }[]; fileIds: string[] }[];
      link_expires_at: string;
    }>(sql`select claims, link_expires_at from institution_requests where txn_id = ${txnId}`);
    expect(request!.claims[0]!.facts.map((f) => [f.key, f.claimed])).toEqual([
      ['name', 'Asha Verma'],
      ['candidateId', '2200451'],
      ['programme', 'Class XII'],
      ['years', '2019'],
    ]);
    expect(request!.claims[0]!.fileIds).toHaveLength(1);
    expect(new Date(request!.link_expires_at).getTime() - t.clock.now().getTime()).toBe(30 * 86_400_000);
    const [message] = await kit.rowsOf<{ kind: string; seq: number }>(
      sql`select m.kind, m.seq from institution_messages m join institution_requests r on r.id = m.request_id where r.txn_id = ${txnId}`,
    );
    expect(message).toEqual({ kind: 'request', seq: 0 });
    const [audit] = await kit.rowsOf<{ action: string }>(
      sql`select action from ops_audit where action = 'institution.request' and target_id = ${txnId}`,
    );
    expect(audit).toBeDefined();
    const after = await kit.caseRequests(txnId, verifier);
    expect(after.askable[0]!.openRequestId).toBe(sent.requests[0]!.id);
    const entry = institutionListSchema
      .parse(
        expectCode(
          await send('GET', `${OPS_API_PATHS.institutions}?withOpen=true&kind=board`, undefined, verifier),
          0,
          200,
        ),
      )
      .items.find((i) => i.id === cbse)!;
    expect(entry.turnaround).toMatchObject({ sent: 1, open: 1 });
    // The team's queue across cases.
    const queue = expectCode<{
      items: { id: string; txnId: string; candidateName: string }[];
      total: number;
    }>(await send('GET', `${OPS_API_PATHS.institutionRequestList}?status=open`, undefined, verifier), 0, 200);
    expect(queue.items).toContainEqual(
      expect.objectContaining({ id: sent.requests[0]!.id, txnId, candidateName: 'Asha Verma' }),
    );
    expect(
      expectCode<{ total: number }>(
        await send('GET', `${OPS_API_PATHS.institutionRequestList}`, undefined, verifier),
        0,
        200,
      ).total,
    ).toBe(0);
  });

  it('asks a former employer about an employment: the employer named in the form, its facts', async () => {
    const employer = expectCode<Institution>(
      await send('POST', OPS_API_PATHS.institutions, { kind: 'employer', name: 'Acme Industries' }, admin),
      0,
      200,
    );
    const withContact = expectCode<Institution>(
      await send('POST', OPS_API_PATHS.institutionContacts(employer.id), { email: 'hr@acme.example' }, admin),
      0,
      200,
    );
    const [mail] = await outbox(t, 'hr@acme.example');
    const token = /\?t=([A-Za-z0-9_-]+)/.exec(mail!.body)![1]!;
    expectCode(await send('POST', R.confirmContact, { token }), 0, 200);
    const contactId = withContact.contacts[0]!.id;

    // The form names the employer as typed: the directory finds it whatever the spacing and case.
    const { txnId } = await kit.submittedCase(verifier, true, 'Ravi Kumar', '  acme  INDUSTRIES ');
    const view = await kit.caseRequests(txnId, verifier);
    expect(view.askable).toContainEqual(
      expect.objectContaining({
        verificationName: 'bgv-employment',
        institution: expect.objectContaining({ id: employer.id, kind: 'employer' }),
        openRequestId: null,
      }),
    );
    const sent = expectCode<{ requests: { id: string; verificationNames: string[] }[] }>(
      await send(
        'POST',
        OPS_API_PATHS.institutionRequests(txnId),
        { institutionId: employer.id, contactId, verificationNames: ['bgv-employment'] },
        verifier,
      ),
      0,
      200,
    );
    expect(sent.requests[0]!.verificationNames).toEqual(['bgv-employment']);
    const [request] = await kit.rowsOf<{
      claims: { facts: { key: string; claimed: string }[]; fileIds: string[] }[];
    }>(sql`select claims from institution_requests where id = ${sent.requests[0]!.id}`);
    expect(request!.claims[0]!.facts.map((f) => [f.key, f.claimed])).toEqual([
      ['name', 'Ravi Kumar'],
      ['employeeId', 'E-1042'],
      ['designation', 'Software Engineer'],
      ['period', '2021-07-01 to 2024-03-31'],
    ]);
    // The letter the candidate uploaded goes with the request.
    expect(request!.claims[0]!.fileIds).toHaveLength(1);
  });
});
