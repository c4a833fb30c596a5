import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage, newStorageKey, type Storage } from '../../storage/index.js';
import { createTestApp, createTestClock, uniqueMobile, type TestApp } from '../../test/test-app.js';
import { createPrivacyRepository } from './privacy-repository.js';

const DAY_MS = 86_400_000;
const ORG = 'demo-university';
const FORM = 'demo-form';
const STAFF_ID = '0ee1a000-0000-4000-8000-000000000001';

/**
 * The purge on a simulated clock (ADR 0049 "Retention schedule"): every class seeded just inside and just
 * outside its period, one run, exactly the old ones gone (rows and stored objects). The clock starts at
 * the real time because the access logs' trigger measures its one-year floor with the database's clock.
 */
describe('the retention purge (ADR 0049)', () => {
  let t: TestApp;
  let storage: Storage;
  let storageDir: string;
  const t0 = new Date(Math.floor(Date.now() / 1000) * 1000);
  const ago = (days: number, base = t0) => new Date(base.getTime() - days * DAY_MS).toISOString();

  async function rows<T>(query: SQL): Promise<T[]> {
    const result = (await t.db.orm.execute(query)) as { rows: unknown[] };
    return result.rows as T[];
  }
  const exec = (query: SQL) => t.db.orm.execute(query);
  const refusal = async (query: SQL) => {
    const error = (await t.db.orm.execute(query).then(
      () => null,
      (e: unknown) => e,
    )) as { message: string; cause?: { message: string } } | null;
    return error?.cause?.message ?? error?.message ?? 'accepted';
  };

  async function profile(): Promise<string> {
    const [row] = await rows<{ id: string }>(
      sql`insert into profiles (mobile, name) values (${uniqueMobile()}, 'Retention Candidate') returning id`,
    );
    return row!.id;
  }

  /** A transaction in `state`, last touched `updatedDaysAgo`, its last transaction-level move `movedDaysAgo`. */
  async function transaction(state: string, updatedDaysAgo: number, movedDaysAgo: number | null) {
    const profileId = await profile();
    const [row] = await rows<{ id: string }>(sql`insert into transactions
      (profile_id, org_id, form_id, state, created_at, updated_at)
      values (${profileId}, ${ORG}, ${FORM}, ${state}, ${ago(900)}::timestamptz, ${ago(updatedDaysAgo)}::timestamptz)
      returning id`);
    const txnId = row!.id;
    if (movedDaysAgo !== null)
      await exec(sql`insert into state_changes (txn_id, entity, from_state, to_state, action, at)
        values (${txnId}, 'transaction', 'IN_PROGRESS', ${state}, 'test', ${ago(movedDaysAgo)}::timestamptz)`);
    return { txnId, profileId };
  }

  /** A stored upload of the transaction: its object on disk and its row. */
  async function upload(owner: { txnId: string; profileId: string }, id?: string) {
    const key = newStorageKey();
    await storage.put(key, Readable.from([Buffer.from(`document of ${owner.txnId}`)]));
    await exec(sql`insert into files (id, owner_profile_id, storage_key, original_name, mime_type, size, sha256, txn_id)
      values (${id ?? crypto.randomUUID()}, ${owner.profileId}, ${key}, 'marksheet.pdf', 'application/pdf', 10, ${'0'.repeat(64)}, ${owner.txnId})`);
    return key;
  }
  const fileRows = async (key: string) =>
    (await rows<{ n: number }>(sql`select count(*)::int as n from files where storage_key = ${key}`))[0]!.n;

  /** A DigiLocker pull `daysAgo` with its XML, field values and stored PDF. */
  async function pull(daysAgo: number) {
    const owner = await transaction('IN_PROGRESS', daysAgo, daysAgo);
    const fileId = crypto.randomUUID();
    const key = await upload(owner, fileId);
    const comparison = [
      { field: 'name', label: 'Name', expected: 'Asha Verma', found: 'ASHA VERMA', matches: true },
    ];
    const [row] = await rows<{ id: string }>(sql`insert into issuer_pulls
      (txn_id, verification_name, org_id, profile_id, channel, issuer_id, issuer_name, doctype, source_ref,
       xml, file_id, fields, comparison, matched, signature, completed, pulled_at)
      values (${owner.txnId}, 'bgv-tenth', ${ORG}, ${owner.profileId}, 'digilocker', 'in.cbse', 'CBSE', 'SSCER',
       'in.cbse-SSCER-1100040', '<Certificate name="ASHA VERMA"/>', ${fileId}, '{"name":"ASHA VERMA","rollNumber":"1100040"}'::jsonb,
       ${JSON.stringify(comparison)}::jsonb, true, '{}'::jsonb, true, ${ago(daysAgo)}::timestamptz)
      returning id`);
    return { id: row!.id, key };
  }

  /** A profile whose Aadhaar e-KYC was verified `daysAgo`, with its photo and address. */
  async function kycProfile(daysAgo: number) {
    const [row] = await rows<{ id: string }>(sql`insert into profiles
      (mobile, name, verified_name, date_of_birth, photo, address, aadhaar_last4, aadhaar_verified_at)
      values (${uniqueMobile()}, 'Kyc Candidate', 'Kyc Candidate', '1990-01-01', 'base64-photo',
        '{"house":"12","street":"2nd Cross Street"}'::jsonb, '1234', ${ago(daysAgo)}::timestamptz)
      returning id`);
    return row!.id;
  }

  async function conversation(messageDaysAgo: number[]) {
    const profileId = await profile();
    const last = Math.min(...messageDaysAgo);
    const [row] = await rows<{ id: string }>(sql`insert into support_conversations
      (profile_id, last_author, created_at, updated_at)
      values (${profileId}, 'candidate', ${ago(Math.max(...messageDaysAgo))}::timestamptz, ${ago(last)}::timestamptz)
      returning id`);
    for (const days of messageDaysAgo)
      await exec(sql`insert into support_messages (conversation_id, author, body, created_at)
        values (${row!.id}, 'candidate', 'Where is my report?', ${ago(days)}::timestamptz)`);
    return row!.id;
  }

  async function notification(createdDaysAgo: number, delivery: 'sent' | 'pending' | null) {
    const profileId = await profile();
    const [row] = await rows<{ id: string }>(sql`insert into notifications
      (profile_id, kind, title, description, created_at)
      values (${profileId}, 'verification', 'Your report is ready', 'Open it with code 123456', ${ago(createdDaysAgo)}::timestamptz)
      returning id`);
    if (delivery)
      await exec(sql`insert into notification_deliveries
        (notification_id, channel, recipient, subject, body, status, next_attempt_at, created_at, sent_at)
        values (${row!.id}, 'sms', '+919000000000', 'Report', 'Code 123456', ${delivery},
          ${ago(delivery === 'pending' ? -3650 : createdDaysAgo)}::timestamptz, ${ago(createdDaysAgo)}::timestamptz,
          ${delivery === 'sent' ? ago(createdDaysAgo) : null}::timestamptz)`);
    return row!.id;
  }

  async function auditRows(table: 'ops_audit' | 'org_audit', action: string, daysAgo: number, base = t0) {
    if (table === 'ops_audit')
      await exec(
        sql`insert into ops_audit (staff_id, action, at) values (${STAFF_ID}, ${action}, ${ago(daysAgo, base)}::timestamptz)`,
      );
    else
      await exec(
        sql`insert into org_audit (org_id, action, at) values (${ORG}, ${action}, ${ago(daysAgo, base)}::timestamptz)`,
      );
  }
  const countWhere = async (table: string, column: string, value: string) =>
    (
      await rows<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${value}`,
      )
    )[0]!.n;

  beforeAll(async () => {
    t = await createTestApp({ clock: createTestClock(t0) });
    if (t.config.storage.kind !== 'local') throw new Error('the test reads the local store');
    storageDir = t.config.storage.dir;
    storage = createStorage(t.config.storage);
    await exec(sql`insert into staff_accounts (id, email, name, role, password_hash)
      values (${STAFF_ID}, 'retention@veridocs.test', 'Retention Tester', 'verifier', 'x')`);
  });
  afterAll(async () => {
    await t?.close();
  });

  // Seeded by the first test, checked by the later ones.
  const seeded = {} as Record<string, string>;

  it('removes exactly what the schedule says and reports it, with the ledger head hash', async () => {
    // Uploaded documents: 180 days from the request's close (the later of its last move and update).
    const oldClosed = await transaction('CLOSED', 181, 181);
    seeded.oldFile = await upload(oldClosed);
    seeded.youngFile = await upload(await transaction('COMPLETED', 179, 179));
    // Closed long ago by its row, but its last move says 179 days: the later one counts.
    seeded.recentlyMovedFile = await upload(await transaction('FAILED', 400, 179));
    // Open requests keep their documents whatever their age.
    seeded.openFile = await upload(await transaction('IN_PROGRESS', 400, 400));
    // Payment records keep their 8 years: an old closed request's order stays.
    await exec(sql`insert into payment_orders
      (txn_id, org_id, profile_id, region, currency, provider, express, quote, amount, status, idempotency_key, created_at, updated_at)
      values (${oldClosed.txnId}, ${ORG}, ${oldClosed.profileId}, 'IN', 'INR', 'sandbox', false, '{}'::jsonb, 50000, 'paid',
        'retention-test', ${ago(200)}::timestamptz, ${ago(200)}::timestamptz)`);
    // Pulled documents: 30 days from the pull (the verification's decision), whatever the request.
    const oldPull = await pull(31);
    const youngPull = await pull(29);
    // Aadhaar-derived photo and address: 30 days from the e-KYC.
    seeded.oldKyc = await kycProfile(31);
    seeded.youngKyc = await kycProfile(29);
    // Support chat: a year from the last message.
    seeded.quietChat = await conversation([400, 366]);
    seeded.liveChat = await conversation([400, 364]);
    // Notifications and their copies: 90 days from sent; a copy still pending keeps its notification.
    seeded.oldNote = await notification(91, 'sent');
    seeded.youngNote = await notification(89, 'sent');
    seeded.pendingNote = await notification(200, 'pending');
    await exec(sql`insert into outbox (channel, "to", body, created_at) values
      ('sms', 'retention-old', 'code 1', ${ago(91)}::timestamptz),
      ('sms', 'retention-young', 'code 2', ${ago(89)}::timestamptz)`);
    // Access logs: 2 years from written.
    for (const table of ['ops_audit', 'org_audit'] as const) {
      await auditRows(table, 'retention.old', 731);
      await auditRows(table, 'retention.young', 729);
    }

    // A consent in the ledger: the report carries its hash as the chain's head.
    const head = await createPrivacyRepository(t.db.orm).append({
      profileId: oldClosed.profileId,
      orgId: ORG,
      formId: FORM,
      txnId: oldClosed.txnId,
      noticeHash: 'a'.repeat(64),
      action: 'consent',
      purposes: [
        { purpose: 'report_organisation', granted: true },
        { purpose: 'verify', granted: true },
      ],
      channel: 'web',
      at: new Date(ago(900)),
    });

    const report = await t.app.retentionJobs.purgeOnce();

    expect(report?.ledgerHeadHash).toBe(head.hash);
    expect(report?.counts).toEqual({
      uploaded_documents: { rows: 1, objects: 1 },
      pulled_documents: { rows: 1, objects: 1 },
      aadhaar_data: { rows: 1, objects: 0 },
      // Nothing here closed 3 years ago (retention-results.test.ts seeds the class).
      results: { rows: 0, objects: 0 },
      support_chat: { rows: 3, objects: 0 },
      messages: { rows: 3, objects: 0 },
      access_logs: { rows: 2, objects: 0 },
    });
    expect(await fileRows(seeded.oldFile)).toBe(0);
    expect(await storage.exists(seeded.oldFile)).toBe(false);
    for (const key of [seeded.youngFile, seeded.recentlyMovedFile, seeded.openFile]) {
      expect(await fileRows(key)).toBe(1);
      expect(await storage.exists(key)).toBe(true);
    }
    // The old pull keeps its audit row (who, what, when, which fields matched) without the document.
    const pulls = await rows<{
      id: string;
      xml: string | null;
      file_id: string | null;
      fields: unknown;
      comparison: unknown;
    }>(
      sql`select id, xml, file_id, fields, comparison from issuer_pulls where id in (${oldPull.id}, ${youngPull.id})`,
    );
    expect(pulls.find((p) => p.id === oldPull.id)).toEqual({
      id: oldPull.id,
      xml: null,
      file_id: null,
      fields: {},
      comparison: [{ field: 'name', label: 'Name', expected: null, found: null, matches: true }],
    });
    expect(pulls.find((p) => p.id === youngPull.id)).toMatchObject({ xml: expect.stringContaining('ASHA') });
    expect(await fileRows(oldPull.key)).toBe(0);
    expect(await storage.exists(oldPull.key)).toBe(false);
    expect(await fileRows(youngPull.key)).toBe(1);
    expect(await storage.exists(youngPull.key)).toBe(true);
    const kyc = await rows<{
      id: string;
      photo: string | null;
      address: unknown;
      date_of_birth: string | null;
      aadhaar_last4: string;
    }>(
      sql`select id, photo, address, date_of_birth::text, aadhaar_last4 from profiles where id in (${seeded.oldKyc}, ${seeded.youngKyc})`,
    );
    expect(kyc.find((k) => k.id === seeded.oldKyc)).toMatchObject({
      photo: null,
      address: null,
      date_of_birth: '1990-01-01',
      aadhaar_last4: '1234',
    });
    expect(kyc.find((k) => k.id === seeded.youngKyc)).toMatchObject({ photo: 'base64-photo' });
    expect(await countWhere('payment_orders', 'idempotency_key', 'retention-test')).toBe(1);
    expect(await countWhere('support_conversations', 'id', seeded.quietChat)).toBe(0);
    expect(await countWhere('support_messages', 'conversation_id', seeded.quietChat)).toBe(0);
    expect(await countWhere('support_messages', 'conversation_id', seeded.liveChat)).toBe(2);
    expect(await countWhere('notifications', 'id', seeded.oldNote)).toBe(0);
    expect(await countWhere('notification_deliveries', 'notification_id', seeded.oldNote)).toBe(0);
    expect(await countWhere('notifications', 'id', seeded.youngNote)).toBe(1);
    expect(await countWhere('notifications', 'id', seeded.pendingNote)).toBe(1);
    expect(await countWhere('outbox', 'to', 'retention-old')).toBe(0);
    expect(await countWhere('outbox', 'to', 'retention-young')).toBe(1);
    for (const table of ['ops_audit', 'org_audit']) {
      expect(await countWhere(table, 'action', 'retention.old')).toBe(0);
      expect(await countWhere(table, 'action', 'retention.young')).toBe(1);
    }

    // The report: a row for the day with the same counts and the ledger's head hash.
    const [run] = await rows<{
      status: string;
      counts: unknown;
      ledger_head_hash: string | null;
      ledger_ok: boolean;
    }>(sql`select status, counts, ledger_head_hash, ledger_ok from purge_runs where day = ${report!.day}`);
    expect(run).toEqual({
      status: 'done',
      counts: report!.counts,
      ledger_head_hash: report!.ledgerHeadHash,
      ledger_ok: true,
    });
    // Once a day: the day's run is done, another pass (any instance) does nothing.
    expect(await t.app.retentionJobs.purgeOnce()).toBeNull();
  });

  it('a staff DELETE of an access log is refused, and so is deleting what the log names', async () => {
    for (const table of ['ops_audit', 'org_audit']) {
      expect(
        await refusal(sql`delete from ${sql.identifier(table)} where action = 'retention.young'`),
      ).toMatch(/access log/);
      expect(await countWhere(table, 'action', 'retention.young')).toBe(1);
    }
    // The logs' foreign keys restrict: no set-null on the staff id, no cascade from the organisation.
    expect(await refusal(sql`delete from staff_accounts where id = ${STAFF_ID}`)).toMatch(
      /foreign key|violates|access log/,
    );
    expect(await countWhere('staff_accounts', 'id', STAFF_ID)).toBe(1);
    expect(await countWhere('ops_audit', 'staff_id', STAFF_ID)).toBe(1);
  });

  it('a crash between an object and its row leaves the row, which the next run finishes', async () => {
    const owner = await transaction('CLOSED', 200, 200);
    const first = await upload(owner, '00000000-0000-4000-8000-00000000000a');
    const second = await upload(owner, '00000000-0000-4000-8000-00000000000b');
    // The second object cannot be removed (a folder where its file was): the batch fails after the first.
    rmSync(join(storageDir, second));
    mkdirSync(join(storageDir, second, 'stuck'), { recursive: true });
    t.clock.advance(86_400);

    await expect(t.app.retentionJobs.purgeOnce()).rejects.toThrow();
    // The first object is gone but both rows stay (the batch rolled back): never an object without its row.
    expect(await storage.exists(first)).toBe(false);
    expect(await fileRows(first)).toBe(1);
    expect(await fileRows(second)).toBe(1);
    const [failed] = await rows<{ status: string; error: string | null }>(
      sql`select status, error from purge_runs order by id desc limit 1`,
    );
    expect(failed?.status).toBe('failed');

    rmSync(join(storageDir, second), { recursive: true });
    const report = await t.app.retentionJobs.purgeOnce();
    expect(report?.counts.uploaded_documents).toEqual({ rows: 2, objects: 2 });
    expect(await fileRows(first)).toBe(0);
    expect(await fileRows(second)).toBe(0);
  });

  it('two years on, access logs younger than a year by the database clock stay, payments stay', async () => {
    // Written 200 days before the real now: the app's cutoff (its clock two years on) passes them, the
    // database's one-year floor does not.
    for (const table of ['ops_audit', 'org_audit'] as const) await auditRows(table, 'retention.recent', 200);
    t.clock.advance(2 * 366 * 86_400);

    const report = await t.app.retentionJobs.purgeOnce();

    // The 729-day rows are now past both; the 200-day rows are kept.
    expect(report?.counts.access_logs).toEqual({ rows: 2, objects: 0 });
    for (const table of ['ops_audit', 'org_audit']) {
      expect(await countWhere(table, 'action', 'retention.young')).toBe(0);
      expect(await countWhere(table, 'action', 'retention.recent')).toBe(1);
    }
    expect(await countWhere('payment_orders', 'idempotency_key', 'retention-test')).toBe(1);
    // Everything else past its period went.
    expect(await fileRows(seeded.youngFile!)).toBe(0);
    expect(await storage.exists(seeded.youngFile!)).toBe(false);
    expect(await fileRows(seeded.openFile!)).toBe(1);
    expect(await countWhere('support_conversations', 'id', seeded.liveChat!)).toBe(0);
    // A copy still waiting to be sent keeps its notification, whatever its age.
    expect(await countWhere('notifications', 'id', seeded.pendingNote!)).toBe(1);
  });
});
