import { INTEGRATION_API_PATHS as I, type ApiKeyCreated } from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import { strToU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  expectCode,
  outbox,
  staffSignIn,
  uniqueMobile,
  type TestApp,
} from '../../test/test-app.js';
import { DEV_STAFF } from '../ops-auth/dev-staff.js';
import type { OrgCandidatesService } from './org-candidates-service.js';
import { xlsxBook } from './xlsx-test-book.js';

const ORG = 'demo-university';
const FORM = 'demo-form';
const ORG_B = 'org-b';
const FORM_B = 'org-b-form';
const ADMIN = DEV_STAFF.find((s) => s.role === 'admin')!;
const A = { orgId: ORG, userId: null };
const B = { orgId: ORG_B, userId: null };

async function rejects(promise: Promise<unknown>, code: number) {
  await expect(promise).rejects.toMatchObject({ code });
}

/**
 * The portal's candidates service (issue 28, ADR 0047), through the composed app: invitations share
 * the integration API's path, files are checked then sent by the job, the dashboard's reads are scoped.
 * (The routes are tested once the portal's sign-in lands: org-candidates-routes.test.ts.)
 */
describe('organisation portal: candidates', () => {
  let t: TestApp;
  let s: OrgCandidatesService;
  let admin: Record<string, string>;
  const rowsOf = async <T>(query: Parameters<TestApp['db']['orm']['execute']>[0]): Promise<T[]> => {
    const result: unknown = await t.db.orm.execute(query);
    return (result as { rows: T[] }).rows;
  };
  beforeAll(async () => {
    t = await createTestApp({ env: { OCR_WORKER: 'off', PUBLIC_URL: 'https://app.example' } });
    s = t.app.orgCandidateJobs.service;
    admin = await staffSignIn(t, ADMIN);
    await t.db.orm.execute(sql`insert into organisations (id, name) values (${ORG_B}, 'Org B')`);
    await t.db.orm.execute(
      sql`insert into ekyc_forms (id, org_id, name) values (${FORM_B}, ${ORG_B}, 'Org B form')`,
    );
  });
  afterAll(() => t?.close());

  it('invites one candidate: a transaction, an invitation, the link by SMS and e-mail; once', async () => {
    const mobile = uniqueMobile();
    const email = `cand-${mobile}@example.com`;
    const input = { formId: FORM, name: 'Meera Nair', mobile, email, language: 'en' as const };
    const first = await s.invite(A, input);
    expect(first.created).toBe(true);
    expect(first.invitation).toMatchObject({ source: 'portal', name: 'Meera Nair', email, remindersSent: 0 });
    expect(first.invitation.mobile).toBe(`••••••${mobile.slice(-4)}`);
    const [sms] = await outbox(t, mobile);
    expect(sms!.body).toContain('invites you to complete');
    // The form link the integration API answers, with the single-use sso of a wallet this call made.
    expect(sms!.body).toMatch(
      new RegExp(
        `https://app\\.example/\\S+/${FORM}/${first.invitation.transactionId}\\?orgId=${ORG}&sso=\\S+`,
      ),
    );
    const [mail] = await outbox(t, email);
    expect(mail!.body).toContain(first.invitation.transactionId);
    // A second invitation of the same mobile and form finds the first; nothing is sent again.
    const again = await s.invite(A, { ...input, name: 'Meera N' });
    expect(again).toMatchObject({ created: false, invitation: { id: first.invitation.id } });
    expect(await outbox(t, mobile)).toHaveLength(1);
    const [count] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from transactions t join profiles p on p.id = t.profile_id where p.mobile = ${mobile}`,
    );
    expect(count!.n).toBe(1);
    // Hindi, and a form of another organisation: 311.
    const hindi = uniqueMobile();
    await s.invite(A, { ...input, mobile: hindi, email: undefined, language: 'hi' });
    expect((await outbox(t, hindi))[0]!.body).toContain('सत्यापन');
    await rejects(s.invite(A, { ...input, mobile: uniqueMobile(), formId: FORM_B }), 311);
    await rejects(s.invite(B, { ...input, mobile: uniqueMobile() }), 311);
    const fromB = await s.checkFile(
      B,
      'b.csv',
      Buffer.from(`name,mobile,form\nA B,${uniqueMobile()},${FORM}\n`),
    );
    expect(fromB.refusedRows.map((r) => r.reason)).toEqual([
      'This form is not one of your organisation’s forms',
    ]);
  });

  it('the integration API and the portal make the same invitation', async () => {
    const { key } = expectCode<ApiKeyCreated>(
      await t.request({ method: 'POST', url: I.apiKeys(ORG), body: { name: 'ATS' }, headers: admin }),
      0,
      200,
    );
    const mobile = uniqueMobile();
    const viaApi = expectCode<{ transactionId: string }>(
      await t.request({
        method: 'POST',
        url: I.transactions,
        body: { formId: FORM, candidate: { mobile, name: 'Kabir Shah' } },
        headers: bearer(key),
      }),
      0,
      200,
    );
    const [row] = await rowsOf<{ source: string; name: string }>(
      sql`select source, name from candidate_invitations where transaction_id = ${viaApi.transactionId}::uuid`,
    );
    expect(row).toEqual({ source: 'api', name: 'Kabir Shah' });
    const viaPortal = await s.invite(A, { formId: FORM, name: 'Kabir Shah', mobile, language: 'en' });
    expect(viaPortal).toMatchObject({
      created: false,
      invitation: { transactionId: viaApi.transactionId, source: 'api' },
    });
  });

  it('a file of 50 rows with 3 bad: refused with reasons, 47 sent once by concurrent passes', async () => {
    const mobiles = Array.from({ length: 48 }, () => uniqueMobile());
    const lines = ['name,mobile,email,form,language'];
    for (const [i, m] of mobiles.slice(0, 47).entries())
      lines.push(`"Candidate ${String.fromCharCode(65 + (i % 26))}",${m},,${FORM},${i % 2 ? 'hi' : ''}`);
    lines.push(`Bad Mobile,12345,,${FORM},en`);
    lines.push(`Other Form,${mobiles[47]},,${FORM_B},en`);
    lines.push(`Twice,${mobiles[0]},,${FORM},en`);
    const checked = await s.checkFile(A, 'people.csv', Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`));
    expect(checked.batch).toMatchObject({ total: 50, valid: 47, refused: 3, status: 'checked', sent: 0 });
    expect(checked.refusedRows.map((r) => [r.row, r.reason])).toEqual([
      [49, 'The mobile number must be 10 digits starting with 6, 7, 8 or 9'],
      [50, 'This form is not one of your organisation’s forms'],
      [51, 'The same mobile and form appear earlier in the file'],
    ]);
    expect(checked.validPreview[0]).toMatchObject({ row: 2, name: 'Candidate A', language: 'en' });
    // Another organisation sees no such batch.
    await rejects(s.batch(ORG_B, checked.batch.id), 314);
    await rejects(s.sendBatch(ORG_B, checked.batch.id), 314);
    await rejects(s.batchResultCsv(ORG_B, checked.batch.id), 314);

    await s.sendBatch(ORG, checked.batch.id);
    await rejects(s.sendBatch(ORG, checked.batch.id), 315);
    // Passes two at a time (two instances): no row is sent twice.
    expect((await s.batch(ORG, checked.batch.id)).status).toBe('sending');
    while ((await s.batch(ORG, checked.batch.id)).status === 'sending')
      await Promise.all([t.app.orgCandidateJobs.sendOnce(), t.app.orgCandidateJobs.sendOnce()]);
    const done = await s.batch(ORG, checked.batch.id);
    expect(done).toMatchObject({ status: 'sent', sent: 47, failed: 0 });
    for (const m of mobiles.slice(0, 47)) expect(await outbox(t, m)).toHaveLength(1);
    expect((await outbox(t, mobiles[1]!))[0]!.body).toContain('सत्यापन');
    const [invs] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from candidate_invitations where batch_id = ${checked.batch.id}::uuid and source = 'bulk'`,
    );
    expect(invs!.n).toBe(47);
    const csv = await s.batchResultCsv(ORG, checked.batch.id);
    const rows = csv.body.trim().split('\r\n');
    expect(rows).toHaveLength(51);
    expect(rows[1]).toMatch(/^2,Candidate A,\d{10},,demo-form,en,sent,$/);
    expect(rows[48]).toBe(
      '49,Bad Mobile,12345,,demo-form,en,refused,"The mobile number must be 10 digits starting with 6, 7, 8 or 9"',
    );
    expect((await s.batches(ORG)).map((b) => b.id)).toContain(checked.batch.id);
    expect((await s.batches(ORG_B)).map((b) => b.id)).not.toContain(checked.batch.id);

    // The same file again: every row is now an open invitation.
    const second = await s.checkFile(A, 'again.csv', Buffer.from(lines.slice(0, 3).join('\n')));
    expect(second.refusedRows.map((r) => r.reason)).toEqual([
      'This candidate already has an open invitation to this form',
      'This candidate already has an open invitation to this form',
    ]);
  });

  it('a crash between a row’s transaction and its outcome resumes without a duplicate', async () => {
    const mobile = uniqueMobile();
    const checked = await s.checkFile(
      A,
      'one.csv',
      Buffer.from(`name,mobile,form\nAnil Kumar,${mobile},${FORM}\n`),
    );
    // What a pass did before dying: the row's transaction was made (the integration API's path), its
    // outcome and invitation were not written (they commit together).
    const { key } = expectCode<ApiKeyCreated>(
      await t.request({ method: 'POST', url: I.apiKeys(ORG), body: { name: 'crash' }, headers: admin }),
      0,
      200,
    );
    const made = expectCode<{ transactionId: string }>(
      await t.request({
        method: 'POST',
        url: I.transactions,
        body: { formId: FORM, candidate: { mobile, name: 'Anil Kumar' } },
        headers: bearer(key),
      }),
      0,
      200,
    );
    await t.db.orm.execute(
      sql`delete from candidate_invitations where transaction_id = ${made.transactionId}::uuid`,
    );
    const before = await rowsOf<{ n: number }>(sql`select count(*)::int as n from candidate_invitations`);
    await s.sendBatch(ORG, checked.batch.id);
    while ((await s.batch(ORG, checked.batch.id)).status === 'sending')
      await t.app.orgCandidateJobs.sendOnce();
    const after = await rowsOf<{ n: number }>(sql`select count(*)::int as n from candidate_invitations`);
    expect(after[0]!.n - before[0]!.n).toBe(1);
    const [inv] = await rowsOf<{ transaction_id: string; source: string }>(
      sql`select transaction_id, source from candidate_invitations where mobile = ${mobile}`,
    );
    expect(inv).toEqual({ transaction_id: made.transactionId, source: 'bulk' });
    expect(await s.batch(ORG, checked.batch.id)).toMatchObject({ status: 'sent', sent: 1 });
    expect(await outbox(t, mobile)).toHaveLength(1);
    await t.app.orgCandidateJobs.sendOnce();
    expect(await outbox(t, mobile)).toHaveLength(1);
  });

  it('searches a name by its start and a mobile by its last digits (migration 0033 ranges)', async () => {
    const people = [
      { name: 'Zoravar  Quill', mobile: uniqueMobile() },
      { name: 'Zoravar Quillon', mobile: uniqueMobile() },
      { name: 'Zorawar Quill', mobile: uniqueMobile() },
    ];
    const ids: string[] = [];
    for (const p of people)
      ids.push((await s.invite(A, { formId: FORM, ...p, language: 'en' })).invitation.transactionId);
    const names = async (q: string, extra: { bucket?: 'invited' | 'verified' } = {}) =>
      (await s.candidates(ORG, { formId: FORM, q, limit: 50, ...extra })).list.map((r) => r.transactionId);
    // Case and runs of spaces do not matter; the start of the full name does.
    expect((await names('  ZORAVAR   quill')).sort()).toEqual([ids[0], ids[1]].sort());
    expect(await names('zoravar quillo')).toEqual([ids[1]]);
    expect((await names('zora')).sort()).toEqual([...ids].sort());
    expect(await names('quill')).toEqual([]);
    // Like's wildcards are plain characters.
    expect(await names('zora%')).toEqual([]);
    expect(await names('zorav_r')).toEqual([]);
    expect(await names('zora', { bucket: 'verified' })).toEqual([]);
    expect((await names('zora', { bucket: 'invited' })).sort()).toEqual([...ids].sort());
    // A search pages by the list's keyset too.
    const first = await s.candidates(ORG, { formId: FORM, q: 'zora', limit: 2 });
    const rest = await s.candidates(ORG, { formId: FORM, q: 'zora', limit: 2, cursor: first.nextCursor! });
    expect([...first.list, ...rest.list].map((r) => r.transactionId).sort()).toEqual([...ids].sort());
    expect(rest.nextCursor).toBeNull();
    // Digits: the mobile's end (what the masked mobile shows), the whole number, with +91 or not.
    const m = people[2]!.mobile;
    expect(await names(m.slice(-6))).toEqual([ids[2]]);
    expect(await names(m)).toEqual([ids[2]]);
    expect(await names(`+91 ${m.slice(0, 5)} ${m.slice(5)}`)).toEqual([ids[2]]);
    expect(await names(m.slice(-4))).toContain(ids[2]);
    // Not the middle nor the start alone.
    expect(await names(m.slice(2, 8))).not.toContain(ids[2]);
    expect(await names(m.slice(0, 7))).not.toContain(ids[2]);
  });

  it('reads an XLSX file into the same checked rows; refuses a bad row, a bomb, too many rows', async () => {
    const [m1, m2] = [uniqueMobile(), uniqueMobile()];
    const book = xlsxBook([
      ['Name', 'Mobile', 'Email', 'Form', 'Language'],
      ['Kavya Menon', Number(m1), `k-${m1}@example.com`, FORM, 'hi'],
      ['Bad Mobile', 12345, null, FORM, 'en'],
      ['Dev Patel', m2, null, FORM, null],
    ]);
    // The content decides, not the name.
    const checked = await s.checkFile(A, 'people.csv', book);
    expect(checked.batch).toMatchObject({ total: 3, valid: 2, refused: 1, status: 'checked' });
    expect(checked.refusedRows.map((r) => [r.row, r.reason])).toEqual([
      [3, 'The mobile number must be 10 digits starting with 6, 7, 8 or 9'],
    ]);
    expect(checked.validPreview.map((r) => [r.row, r.name, r.language])).toEqual([
      [2, 'Kavya Menon', 'hi'],
      [4, 'Dev Patel', 'en'],
    ]);
    await s.sendBatch(ORG, checked.batch.id);
    while ((await s.batch(ORG, checked.batch.id)).status === 'sending')
      await t.app.orgCandidateJobs.sendOnce();
    expect(await s.batch(ORG, checked.batch.id)).toMatchObject({ status: 'sent', sent: 2 });
    expect(await outbox(t, m1)).toHaveLength(1);

    // A zip bomb: a sheet that inflates to ~44 MB from a few KB is refused, nothing recorded.
    const before = (await s.batches(ORG)).length;
    const huge = strToU8(`<worksheet><sheetData>${'<row/>'.repeat(7 * 1024 * 1024)}</sheetData></worksheet>`);
    const bomb = xlsxBook([], { 'xl/worksheets/sheet1.xml': [huge, { level: 9 }] });
    await expect(s.checkFile(A, 'bomb.xlsx', bomb)).rejects.toMatchObject({
      code: 312,
      message: 'This workbook is too large once unpacked',
    });
    expect(await s.batches(ORG)).toHaveLength(before);
    await rejects(s.checkFile(A, 'x.xlsx', xlsxBook([['mobile', 'form']])), 312);
    const many = [['name', 'mobile', 'form'], ...Array.from({ length: 10_001 }, () => ['A B', m2, FORM])];
    await rejects(s.checkFile(A, 'x.xlsx', xlsxBook(many)), 313);
  });

  it('refuses files that are not CSV, without a header, or too long', async () => {
    await rejects(s.checkFile(A, 'x.csv', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0])), 312);
    await rejects(s.checkFile(A, 'x.csv', Buffer.from('mobile,form\n9876543210,demo-form\n')), 312);
    await rejects(s.checkFile(A, 'x.csv', Buffer.from('name,mobile,form\n"open quote,1,2\n')), 312);
    await rejects(s.checkFile(A, 'x.xlsx', Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01])), 312);
    const many = ['name,mobile,form', ...Array.from({ length: 10_001 }, () => 'A B,9876543210,demo-form')];
    await rejects(s.checkFile(A, 'x.csv', Buffer.from(many.join('\n'))), 313);
  });

  it('reminds those not started, once a day each', async () => {
    const mobile = uniqueMobile();
    await s.invite(A, { formId: FORM, name: 'Ravi Das', mobile, language: 'en' });
    // Just invited: not again within 24 h (the API's invitations, never sent by us, are reminded).
    await s.remindNotStarted(ORG, FORM);
    expect(await outbox(t, mobile)).toHaveLength(1);
    t.clock.advance(25 * 3600);
    const { reminded } = await s.remindNotStarted(ORG, FORM);
    expect(reminded).toBeGreaterThan(0);
    const [latest] = await outbox(t, mobile);
    expect(latest!.body).toMatch(/^Reminder: /);
    expect((await s.remindNotStarted(ORG, FORM)).reminded).toBe(0);
    const [inv] = await rowsOf<{ reminders_sent: number }>(
      sql`select reminders_sent from candidate_invitations where mobile = ${mobile}`,
    );
    expect(inv!.reminders_sent).toBe(1);
    await rejects(s.remindNotStarted(ORG, FORM_B), 311);
  });

  it('lists forms with counts and candidates by keyset pages; org B reaches none of it', async () => {
    const forms = await s.forms(ORG);
    const demo = forms.find((f) => f.formId === FORM)!;
    expect(demo.counts.invited).toBeGreaterThan(50);
    expect(forms.map((f) => f.formId)).not.toContain(FORM_B);
    const seen = new Set<string>();
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await s.candidates(ORG, { formId: FORM, bucket: 'invited', limit: 20, cursor });
      for (const r of page.list) {
        expect(seen.has(r.transactionId)).toBe(false);
        seen.add(r.transactionId);
        expect(r.mobile).toMatch(/^•{6}\d{4}$/);
      }
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(seen.size).toBe(demo.counts.invited);
    expect(pages).toBeGreaterThan(2);
    const byName = await s.candidates(ORG, { formId: FORM, q: 'kabir', limit: 50 });
    expect(byName.list.map((r) => r.name)).toEqual(['Kabir Shah']);
    const [one] = byName.list;
    const byDigits = await s.candidates(ORG, { formId: FORM, q: one!.mobile.slice(-4), limit: 50 });
    expect(byDigits.list.map((r) => r.transactionId)).toContain(one!.transactionId);
    await rejects(s.candidates(ORG_B, { formId: FORM, limit: 10 }), 311);

    const detail = await s.candidate(ORG, one!.transactionId);
    expect(detail).toMatchObject({ name: 'Kabir Shah', bucket: 'invited', report: null, credentials: [] });
    await rejects(s.candidate(ORG_B, one!.transactionId), 310);
    await rejects(s.candidateReport(ORG_B, one!.transactionId), 310);
    await rejects(s.candidateReport(ORG, one!.transactionId), 316);
    await rejects(s.candidateCredential(ORG_B, one!.transactionId, one!.transactionId), 310);

    let csv = '';
    for await (const chunk of s.candidatesCsv(ORG, { formId: FORM, bucket: 'invited' })) csv += chunk;
    expect(csv.trim().split('\r\n')).toHaveLength(demo.counts.invited + 1);
  });
});
