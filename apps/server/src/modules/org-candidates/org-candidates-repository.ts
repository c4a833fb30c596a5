import type { OrgBucket } from '@veridocs/shared';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import {
  candidateInvitations,
  ekycForms,
  inviteBatchRows,
  inviteBatches,
  orgBucketCounts,
  organisations,
  profiles,
  stateChanges,
  transactions,
  verificationRecords,
} from '../../db/schema/index.js';

export type InvitationRow = typeof candidateInvitations.$inferSelect;
export type NewInvitation = typeof candidateInvitations.$inferInsert;
export type BatchRow = typeof inviteBatches.$inferSelect;
export type BatchLineRow = typeof inviteBatchRows.$inferSelect;
export type NewBatchLine = Omit<typeof inviteBatchRows.$inferInsert, 'batchId'>;

/** A page's position: the last row's bucket time and id (keyset, newest first). */
export interface ListCursor {
  since: Date;
  id: string;
}

export interface CandidateListFilter {
  orgId: string;
  formId: string;
  bucket?: OrgBucket;
  /** A name's start (lower case, spaces collapsed, as transactions.search_name). */
  namePrefix?: string;
  /** A mobile's last digits (the ones the masked mobile shows), or the whole number. */
  mobileDigits?: string;
  cursor?: ListCursor;
  limit: number;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The organisation portal's candidates (ADR 0047): invitations, bulk files, the dashboard's reads. */
export function createOrgCandidatesRepository(orm: Orm) {
  async function insertInvitation(db: Orm, row: NewInvitation) {
    const [inserted] = await db
      .insert(candidateInvitations)
      .values(row)
      .onConflictDoNothing({ target: candidateInvitations.transactionId })
      .returning();
    if (inserted) return { row: inserted, created: true };
    const [existing] = await db
      .select()
      .from(candidateInvitations)
      .where(eq(candidateInvitations.transactionId, row.transactionId));
    return { row: existing!, created: false };
  }

  return {
    async orgName(orgId: string): Promise<string> {
      const [row] = await orm
        .select({ name: organisations.name })
        .from(organisations)
        .where(eq(organisations.id, orgId));
      return row?.name ?? orgId;
    },
    async formOfOrg(orgId: string, formId: string) {
      const [row] = await orm
        .select({ id: ekycForms.id, name: ekycForms.name, payer: ekycForms.payer })
        .from(ekycForms)
        .where(and(eq(ekycForms.orgId, orgId), eq(ekycForms.id, formId)));
      return row;
    },

    /** The organisation's forms with the count of transactions in each bucket. */
    async formsWithCounts(orgId: string) {
      const forms = await orm
        .select({ id: ekycForms.id, name: ekycForms.name, payer: ekycForms.payer })
        .from(ekycForms)
        .where(eq(ekycForms.orgId, orgId))
        .orderBy(asc(ekycForms.name));
      // Kept by triggers on transactions (migration 0036): a few rows, not a count of every candidate.
      const counts = await orm
        .select({
          formId: orgBucketCounts.formId,
          bucket: orgBucketCounts.bucket,
          n: sql<number>`${orgBucketCounts.n}::int`,
        })
        .from(orgBucketCounts)
        .where(and(eq(orgBucketCounts.orgId, orgId), sql`${orgBucketCounts.n} <> 0`));
      return { forms, counts };
    },

    /** The invitation of a transaction; made once (a second call finds the first). */
    recordInvitation: (row: NewInvitation) => insertInvitation(orm, row),

    async profileName(profileId: string): Promise<string | undefined> {
      const [row] = await orm
        .select({ name: profiles.name })
        .from(profiles)
        .where(eq(profiles.id, profileId));
      return row?.name;
    },

    /** Which of these mobile|form pairs have an open transaction (not verified nor closed) here. */
    async openPairs(orgId: string, mobiles: string[]): Promise<Set<string>> {
      const open = new Set<string>();
      for (let i = 0; i < mobiles.length; i += 1000) {
        const chunk = mobiles.slice(i, i + 1000);
        if (chunk.length === 0) continue;
        const rows = await orm
          .select({ mobile: profiles.mobile, formId: transactions.formId })
          .from(transactions)
          .innerJoin(profiles, eq(profiles.id, transactions.profileId))
          .where(
            and(
              eq(transactions.orgId, orgId),
              inArray(profiles.mobile, chunk),
              sql`${transactions.orgBucket} not in ('verified', 'closed')`,
            ),
          );
        for (const r of rows) open.add(`${r.mobile}|${r.formId}`);
      }
      return open;
    },

    async insertBatch(batch: typeof inviteBatches.$inferInsert, lines: NewBatchLine[]): Promise<BatchRow> {
      return orm.transaction(async (tx) => {
        const [row] = await tx.insert(inviteBatches).values(batch).returning();
        for (let i = 0; i < lines.length; i += 1000)
          await tx
            .insert(inviteBatchRows)
            .values(lines.slice(i, i + 1000).map((l) => ({ ...l, batchId: row!.id })));
        return row!;
      });
    },

    async batch(orgId: string, id: string): Promise<BatchRow | undefined> {
      const [row] = await orm
        .select()
        .from(inviteBatches)
        .where(and(eq(inviteBatches.orgId, orgId), eq(inviteBatches.id, id)));
      return row;
    },
    batches(orgId: string, limit = 50): Promise<BatchRow[]> {
      return orm
        .select()
        .from(inviteBatches)
        .where(eq(inviteBatches.orgId, orgId))
        .orderBy(desc(inviteBatches.createdAt), desc(inviteBatches.id))
        .limit(limit);
    },
    lines(batchId: string, status?: BatchLineRow['status'], limit = 100_000): Promise<BatchLineRow[]> {
      return orm
        .select()
        .from(inviteBatchRows)
        .where(
          status
            ? and(eq(inviteBatchRows.batchId, batchId), eq(inviteBatchRows.status, status))
            : eq(inviteBatchRows.batchId, batchId),
        )
        .orderBy(asc(inviteBatchRows.row))
        .limit(limit);
    },
    /** checked → sending (once); answers whether it moved. */
    async startSending(orgId: string, id: string, at: Date): Promise<boolean> {
      const rows = await orm
        .update(inviteBatches)
        .set({ status: 'sending', startedAt: at })
        .where(
          and(eq(inviteBatches.orgId, orgId), eq(inviteBatches.id, id), eq(inviteBatches.status, 'checked')),
        )
        .returning({ id: inviteBatches.id });
      return rows.length > 0;
    },
    /** A batch being sent, for the job (the oldest first). */
    async sendingBatch(): Promise<BatchRow | undefined> {
      const [row] = await orm
        .select()
        .from(inviteBatches)
        .where(eq(inviteBatches.status, 'sending'))
        .orderBy(asc(inviteBatches.startedAt))
        .limit(1);
      return row;
    },
    /** sending → sent once no valid row is left. */
    async finishIfDone(id: string, at: Date): Promise<void> {
      await orm.execute(sql`update invite_batches set status = 'sent', finished_at = ${at.toISOString()}::timestamptz
        where id = ${id}::uuid and status = 'sending'
        and not exists (select 1 from invite_batch_rows where batch_id = ${id}::uuid and status = 'valid')`);
    },
    /**
     * One row's outcome, in one database transaction with its invitation and the batch's counts: the
     * row is locked and must still be valid, so a resumed or concurrent pass never settles it twice.
     * Answers the invitation when this call sent it (null: settled already, or failed).
     */
    async settleLine(
      line: { batchId: string; row: number },
      outcome: { status: 'sent'; invitation: NewInvitation } | { status: 'failed'; reason: string },
    ): Promise<{ invitation: InvitationRow | null; settled: boolean }> {
      return orm.transaction(async (tx) => {
        const [locked] = await tx
          .select()
          .from(inviteBatchRows)
          .where(and(eq(inviteBatchRows.batchId, line.batchId), eq(inviteBatchRows.row, line.row)))
          .for('update', { skipLocked: true });
        if (!locked || locked.status !== 'valid') return { invitation: null, settled: false };
        let status: 'sent' | 'failed' = outcome.status;
        let reason = outcome.status === 'failed' ? outcome.reason : null;
        let invitation: InvitationRow | null = null;
        if (outcome.status === 'sent') {
          const made = await insertInvitation(tx, outcome.invitation);
          if (made.created) invitation = made.row;
          else {
            status = 'failed';
            reason = 'Already invited to this form';
          }
        }
        await tx
          .update(inviteBatchRows)
          .set({ status, reason, invitationId: invitation?.id ?? null })
          .where(and(eq(inviteBatchRows.batchId, line.batchId), eq(inviteBatchRows.row, line.row)));
        await tx
          .update(inviteBatches)
          .set(
            status === 'sent'
              ? { sent: sql`${inviteBatches.sent} + 1` }
              : { failed: sql`${inviteBatches.failed} + 1` },
          )
          .where(eq(inviteBatches.id, line.batchId));
        return { invitation, settled: true };
      });
    },

    /** Invitations of a form still in bucket 'invited', not sent within `notSince`. */
    async remindable(orgId: string, formId: string, notSince: Date): Promise<InvitationRow[]> {
      const rows = await orm
        .select({ inv: candidateInvitations })
        .from(candidateInvitations)
        .innerJoin(transactions, eq(transactions.id, candidateInvitations.transactionId))
        .where(
          and(
            eq(candidateInvitations.orgId, orgId),
            eq(candidateInvitations.formId, formId),
            eq(transactions.orgBucket, 'invited'),
            sql`(${candidateInvitations.lastSentAt} is null or ${candidateInvitations.lastSentAt} <= ${notSince.toISOString()}::timestamptz)`,
          ),
        );
      return rows.map((r) => r.inv);
    },
    /** Counts a reminder, unless another one was counted since `notSince` (answers whether it was). */
    async countReminder(id: string, at: Date, notSince: Date): Promise<boolean> {
      const rows = await orm
        .update(candidateInvitations)
        .set({ remindersSent: sql`${candidateInvitations.remindersSent} + 1`, lastSentAt: at })
        .where(
          and(
            eq(candidateInvitations.id, id),
            sql`(${candidateInvitations.lastSentAt} is null or ${candidateInvitations.lastSentAt} <= ${notSince.toISOString()}::timestamptz)`,
          ),
        )
        .returning({ id: candidateInvitations.id });
      return rows.length > 0;
    },
    async markSent(id: string, at: Date): Promise<void> {
      await orm.update(candidateInvitations).set({ lastSentAt: at }).where(eq(candidateInvitations.id, id));
    },

    /** One form's candidates, newest bucket change first: one range scan of migration 0031's indexes. */
    async candidates(f: CandidateListFilter) {
      const conditions = [eq(transactions.formId, f.formId), eq(transactions.orgId, f.orgId)];
      if (f.bucket) conditions.push(eq(transactions.orgBucket, f.bucket));
      if (f.cursor)
        conditions.push(
          sql`(${transactions.orgBucketSince}, ${transactions.id}) < (${f.cursor.since.toISOString()}::timestamptz, ${f.cursor.id}::uuid)`,
        );
      // Search: byte-order ranges of migration 0033's indexes (a like pattern with a bound parameter
      // is not one a btree answers; '%digits%' none at all).
      if (f.namePrefix) conditions.push(inRange(sql`(${transactions.searchName} collate "C")`, f.namePrefix));
      if (f.mobileDigits)
        conditions.push(
          inRange(
            sql`(reverse(${transactions.searchMobile}) collate "C")`,
            [...f.mobileDigits].reverse().join(''),
          ),
        );
      return orm
        .select({
          id: transactions.id,
          state: transactions.state,
          bucket: transactions.orgBucket,
          since: transactions.orgBucketSince,
          createdAt: transactions.createdAt,
          submittedAt: transactions.submittedAt,
          expectedMaxDate: transactions.expectedMaxDate,
          name: profiles.name,
          mobile: profiles.mobile,
          invitedAt: candidateInvitations.createdAt,
        })
        .from(transactions)
        .innerJoin(profiles, eq(profiles.id, transactions.profileId))
        .leftJoin(candidateInvitations, eq(candidateInvitations.transactionId, transactions.id))
        .where(and(...conditions))
        .orderBy(desc(transactions.orgBucketSince), desc(transactions.id))
        .limit(f.limit);
    },

    /** A candidate's transaction of this organisation, with what their page shows. */
    async candidate(orgId: string, txnId: string) {
      const [row] = await orm
        .select({
          txn: transactions,
          formName: ekycForms.name,
          orgName: organisations.name,
          name: profiles.name,
          mobile: profiles.mobile,
          invitation: candidateInvitations,
        })
        .from(transactions)
        .innerJoin(profiles, eq(profiles.id, transactions.profileId))
        .innerJoin(ekycForms, eq(ekycForms.id, transactions.formId))
        .innerJoin(organisations, eq(organisations.id, transactions.orgId))
        .leftJoin(candidateInvitations, eq(candidateInvitations.transactionId, transactions.id))
        .where(and(eq(transactions.orgId, orgId), eq(transactions.id, txnId)));
      if (!row) return undefined;
      const records = await orm
        .select()
        .from(verificationRecords)
        .where(eq(verificationRecords.txnId, txnId))
        .orderBy(asc(verificationRecords.position));
      const changes = await orm
        .select()
        .from(stateChanges)
        .where(eq(stateChanges.txnId, txnId))
        .orderBy(asc(stateChanges.at), asc(stateChanges.id));
      const sources = rowsOf<{ name: string; source: string }>(
        await orm.execute(sql`select verification_name as name, case when channel = 'digilocker'
            then 'digilocker' else 'issuer_api' end as source from issuer_pulls where txn_id = ${txnId}::uuid
          union all select verification_name, 'institution' from institution_answers where txn_id = ${txnId}::uuid`),
      );
      const report = rowsOf<{ code: string; issued_at: string | Date | null }>(
        await orm.execute(sql`select code, generated_at as issued_at from verification_reports
          where txn_id = ${txnId}::uuid and generated_at is not null`),
      )[0];
      const creds = rowsOf<{ id: string; type: string; issued_at: string | Date }>(
        await orm.execute(sql`select id, credential_type as type, issued_at from credentials
          where txn_id = ${txnId}::uuid and revoked_at is null order by issued_at`),
      );
      return { ...row, records, changes, sources, report, credentials: creds };
    },

    /** A credential of the transaction (the issued JWT), or undefined. */
    async credential(txnId: string, credentialId: string) {
      return rowsOf<{ id: string; type: string; jwt: string | null; issued_at: string | Date }>(
        await orm.execute(sql`select id, credential_type as type, jwt, issued_at from credentials
          where txn_id = ${txnId}::uuid and id = ${credentialId}::uuid`),
      )[0];
    },
  };
}
export type OrgCandidatesRepository = ReturnType<typeof createOrgCandidatesRepository>;

/** `column` starts with `prefix`: [prefix, prefix'), prefix' its last code point plus one. */
function inRange(column: SQL, prefix: string): SQL {
  const chars = [...prefix];
  // The next code point, past the surrogates (not characters); none after the last one.
  let next = chars.pop()!.codePointAt(0)! + 1;
  if (next >= 0xd800 && next <= 0xdfff) next = 0xe000;
  if (next > 0x10ffff) return sql`(${column} >= ${prefix})`;
  const hi = chars.join('') + String.fromCodePoint(next);
  return sql`(${column} >= ${prefix} and ${column} < ${hi})`;
}
