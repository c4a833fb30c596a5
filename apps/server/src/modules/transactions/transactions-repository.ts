import type { State } from '@veridocs/shared';
import { and, asc, count, desc, eq, getTableColumns, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbScope, Orm } from '../../db/client.js';
import {
  contactConsents,
  insufficiencyAnswers,
  insufficiencyRequests,
  nameChangeRequests,
  ekycForms,
  paymentOrders,
  verificationReports,
  organisations,
  prestartQuestions,
  stateChanges,
  transactionAnswers,
  transactions,
  verificationRecords,
} from '../../db/schema/index.js';
import { excluded } from '../../db/sql.js';
import type { CacheNotify, ReadCache } from '../../lib/read-cache.js';
import type { StateChange } from './state-machine.js';

/** A transaction in these states moves no more (state-machine.ts): the request is closed. */
const TERMINAL_TRANSACTION_STATES: State[] = ['COMPLETED', 'FAILED', 'CLOSED'];

/**
 * The retention schedule's "the request closes" (ADR 0049), as a condition on `transactions`: in a
 * terminal state since before `cutoff`. The close is the later of the last transaction-level state
 * change and the row's last update, so a row touched since counts as closed later (kept longer), never
 * earlier.
 */
export function closedBeforeCondition(cutoff: Date): SQL {
  const lastChange = sql`(select max(${stateChanges.at}) from ${stateChanges}
    where ${stateChanges.txnId} = ${transactions.id} and ${stateChanges.entity} = 'transaction')`;
  return and(
    inArray(transactions.state, TERMINAL_TRANSACTION_STATES),
    sql`greatest(${transactions.updatedAt}, ${lastChange}) < ${cutoff.toISOString()}::timestamptz`,
  )!;
}

export type TransactionRow = typeof transactions.$inferSelect;
export type InsufficiencyRequestRow = typeof insufficiencyRequests.$inferSelect;
export type InsufficiencyAnswerRow = typeof insufficiencyAnswers.$inferSelect;
export type RecordRow = typeof verificationRecords.$inferSelect;
export type NewRecord = Omit<typeof verificationRecords.$inferInsert, 'txnId'>;
export type FormRow = typeof ekycForms.$inferSelect;
/** A record as json_build_object returns it (timestamps as text). */
type RawRecord = Omit<RecordRow, 'updatedAt'> & { updatedAt: string };
type OrgRow = typeof organisations.$inferSelect;

/** Everything transaction info is built from; cached by transaction id (ADR 0005), never mutated. */
export interface TransactionSnapshot {
  txn: TransactionRow;
  form: FormRow;
  org: OrgRow;
  records: RecordRow[];
  /** questionId → answer. */
  answers: Record<string, string>;
  /** The form's required pre-start questions. */
  requiredQuestionIds: string[];
  /** A name change request was filed on this transaction (POST /transactions/name-change-request). */
  nameChangeRequested: boolean;
  /** The transaction's successful payment orders (issue 13; at most one, a partial unique index). */
  paidOrders: { express: boolean }[];
  /** Its verification report (ADR 0028; the reports module invalidates this on every change of it). */
  report: { status: string; sentTo: string | null; sentAt: string | null } | null;
}

/**
 * Called with every batch of state changes inside the database transaction that writes them: the
 * integration module enqueues the organisation's webhooks there (ADR 0025), so an event exists iff the
 * change committed.
 */
/** Where the portal's bucket moves are announced at commit (payload {o: orgId, f: formId, t: txnId, b}). */
export const ORG_BUCKETS_CHANNEL = 'veridocs_org_buckets';

export type StateChangeHook = (scope: DbScope, changes: readonly StateChange[], at: Date) => Promise<void>;

/**
 * The console's queue columns of the given transactions (ADR 0026), derived from what is stored now in
 * this database transaction: the queue (schemas/ops-cases.ts), fast track (an express order paid), the
 * deadline (expected_max_date), when it was first submitted, and the candidate's name and mobile for
 * search (a trigger on profiles follows later changes of those). Migration 0015 backfilled by the same rule.
 */
async function refreshQueue(
  tx: Orm,
  txnIds: readonly string[],
  at?: Date,
  changes: (typeof stateChanges.$inferInsert)[] = [],
): Promise<void> {
  if (txnIds.length === 0) return;
  const ids = sql.join(
    txnIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  // The state changes are inserted by the same statement (issue 31 §4: one round trip less per write;
  // getSQL: a builder embedded as such would be wrapped in parentheses, which a CTE does not take).
  // Its other parts read the table as it was before the statement, so the first submission among the
  // new rows is read from what the insert returns.
  const inserted =
    changes.length > 0
      ? sql`inserted as (${tx
          .insert(stateChanges)
          .values(changes)
          .returning({
            txnId: stateChanges.txnId,
            entity: stateChanges.entity,
            toState: stateChanges.toState,
            at: stateChanges.at,
          })
          .getSQL()}),`
      : sql``;
  const submittedNow =
    changes.length > 0
      ? sql`(select min(i.at) from inserted i
            where i.txn_id = t.id and i.entity = 'transaction' and i.to_state = 'SUBMITTED')`
      : sql`null::timestamptz`;
  // The organisation portal's bucket (ADR 0047) follows from the queue; its `since` moves only when
  // the bucket does (the ageing). Migrations 0015 and 0031 backfilled by the same rules. Each move is
  // announced at commit on ORG_BUCKETS_CHANNEL (the portal's live dashboard) and recorded in
  // org_bucket_moves, in this database transaction, for the organisation's e-mails (issue 28). One
  // statement (issue 31 §4: it was two).
  const since = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  await tx.execute(sql`with ${inserted} q as (
      select t.id, t.state, t.org_bucket as old_bucket,
        case
          when t.state not in ('SUBMITTED', 'IN_PROGRESS', 'INSUFFICIENT_DATA') then null
          when t.state = 'INSUFFICIENT_DATA' or exists (select 1 from verification_records r
            where r.txn_id = t.id and not r.marked_as_skip and r.state = 'INSUFFICIENT_DATA') then 'action_required'
          when not exists (select 1 from verification_records r where r.txn_id = t.id and not r.marked_as_skip
            and r.state not in ('COMPLETED', 'FAILED', 'CLOSED', 'SKIPPED')) then 'ready_to_close'
          when t.state = 'SUBMITTED' then 'new'
          else 'in_progress'
        end as queue,
        case when exists (select 1 from payment_orders p
          where p.txn_id = t.id and p.status = 'success' and p.express) then 0 else 1 end as queue_rank,
        coalesce(t.expected_max_date, 'infinity') as queue_deadline,
        coalesce(t.submitted_at,
          least((select min(c.at) from state_changes c
            where c.txn_id = t.id and c.entity = 'transaction' and c.to_state = 'SUBMITTED'), ${submittedNow}),
          case when t.state in ('SUBMITTED', 'IN_PROGRESS', 'INSUFFICIENT_DATA') then t.created_at end)
          as submitted_at,
        lower(regexp_replace(btrim(p.name), '\\s+', ' ', 'g')) as search_name,
        p.mobile as search_mobile
      from transactions t join profiles p on p.id = t.profile_id
      where t.id in (${ids})),
    b as (
      select q.*, case
        when state = 'NOT_INITIALIZED' then 'invited'
        when state = 'DATA_SAVED' then 'started'
        when queue = 'action_required' then 'action_required'
        when state = 'SUBMITTED' then 'submitted'
        when state in ('IN_PROGRESS', 'INSUFFICIENT_DATA') then 'in_progress'
        when state = 'COMPLETED' then 'verified'
        else 'closed'
      end as bucket
      from q),
    written as (update transactions t set queue = b.queue, queue_rank = b.queue_rank,
        queue_deadline = b.queue_deadline, submitted_at = b.submitted_at, search_name = b.search_name,
        search_mobile = b.search_mobile, org_bucket = b.bucket,
        org_bucket_since = case when t.org_bucket <> b.bucket then ${since} else t.org_bucket_since end
      from b where t.id = b.id
      returning t.id, t.org_id, t.form_id, t.org_bucket, b.old_bucket),
    moved as (select * from written where org_bucket <> old_bucket),
    recorded as (insert into org_bucket_moves (org_id, form_id, txn_id, from_bucket, to_bucket, at)
      select org_id, form_id, id, old_bucket, org_bucket, ${since} from moved)
    select pg_notify(${ORG_BUCKETS_CHANNEL},
      json_build_object('o', org_id, 'f', form_id, 't', id, 'b', org_bucket)::text) from moved`);
}

/** What the lock of a write may do besides locking (issue 31 §4: each saves a round trip). */
export interface LockOptions {
  /** Touches the row's updated_at (the lock is then an UPDATE); a later update of only that is skipped. */
  touchAt?: Date;
  /** Tells whether an order of these statuses is open (`openOrder`); none: not asked. */
  openOrderStatuses?: readonly string[];
}

/** A pg_notify the write sends (the cache's message), at most once; `sent` once a statement carried it. */
type WriteNotify = CacheNotify & { sent: boolean };

function writeOps(tx: Orm, onChanges?: StateChangeHook, notify?: WriteNotify | null) {
  const pending: { changes: readonly StateChange[]; at: Date }[] = [];
  const touched = new Set<string>();
  return {
    /** This database transaction, for another module's repository to write in (files.attach). */
    scope: tx satisfies DbScope,
    /**
     * The transaction row, locked until the end of the database transaction, in one statement with
     * the cache's message to the other instances (sent at the commit only) and what `options` asks.
     */
    async lockTransaction(
      id: string,
      options: LockOptions = {},
    ): Promise<(TransactionRow & { openOrder: boolean }) | undefined> {
      const statuses = options.openOrderStatuses ?? [];
      const extra = {
        openOrder:
          statuses.length === 0
            ? sql<boolean>`false`
            : sql<boolean>`exists (select 1 from ${paymentOrders} where ${paymentOrders.txnId} = ${id}
                and ${paymentOrders.status} in (${sql.join(
                  statuses.map((v) => sql`${v}`),
                  sql`, `,
                )}))`,
        ...(notify && !notify.sent
          ? { notified: sql`pg_notify(${notify.channel}, ${notify.payload})::text` }
          : {}),
      };
      const where = eq(transactions.id, id);
      const [row] = options.touchAt
        ? await tx
            .update(transactions)
            .set({ updatedAt: options.touchAt })
            .where(where)
            .returning({ ...getTableColumns(transactions), ...extra })
        : await tx
            .select({ ...getTableColumns(transactions), ...extra })
            .from(transactions)
            .where(where)
            .for('update');
      if (!row) return undefined;
      if (notify) notify.sent = true;
      if (options.touchAt) touched.add(id);
      const { notified: _notified, ...txn } = row as typeof row & { notified?: unknown };
      return { ...txn, openOrder: Boolean(txn.openOrder) };
    },
    records(txnId: string): Promise<RecordRow[]> {
      return tx
        .select()
        .from(verificationRecords)
        .where(eq(verificationRecords.txnId, txnId))
        .orderBy(asc(verificationRecords.position));
    },
    async updateTransaction(
      id: string,
      patch: Partial<Pick<TransactionRow, 'state' | 'expectedMaxDate'>> & { updatedAt: Date },
    ): Promise<void> {
      // Touched by its lock in this write already (the same moment, give or take the request's work).
      if (touched.has(id) && Object.keys(patch).length === 1) return;
      await tx.update(transactions).set(patch).where(eq(transactions.id, id));
    },
    /** The validated evaluation partner (eval-info). */
    async setEvaluation(
      id: string,
      patch: Pick<
        TransactionRow,
        'evalProvider' | 'evalReference' | 'evalEmailMasked' | 'evalValidatedAt'
      > & {
        updatedAt: Date;
      },
    ): Promise<void> {
      await tx.update(transactions).set(patch).where(eq(transactions.id, id));
    },
    async updateRecord(
      txnId: string,
      name: string,
      patch: Partial<Pick<RecordRow, 'state' | 'markedAsSkip' | 'data' | 'subType' | 'insufficiency'>> & {
        updatedAt: Date;
      },
    ): Promise<void> {
      await tx
        .update(verificationRecords)
        .set(patch)
        .where(and(eq(verificationRecords.txnId, txnId), eq(verificationRecords.name, name)));
    },
    /** Marks several records skipped in one statement ("Skip pending" names up to every optional one). */
    async markSkipped(txnId: string, names: readonly string[], updatedAt: Date): Promise<void> {
      if (names.length === 0) return;
      await tx
        .update(verificationRecords)
        .set({ markedAsSkip: true, updatedAt })
        .where(and(eq(verificationRecords.txnId, txnId), inArray(verificationRecords.name, [...names])));
    },
    /** Adds a record (an added instance of a type) at `position`, moving the later ones down by one. */
    async insertRecord(txnId: string, record: NewRecord & { updatedAt: Date }): Promise<void> {
      await tx
        .update(verificationRecords)
        .set({ position: sql`${verificationRecords.position} + 1` })
        .where(and(eq(verificationRecords.txnId, txnId), gte(verificationRecords.position, record.position)));
      await tx.insert(verificationRecords).values({ ...record, txnId });
    },
    /** Deletes one record (an added instance). */
    async deleteRecord(txnId: string, name: string): Promise<void> {
      await tx
        .delete(verificationRecords)
        .where(and(eq(verificationRecords.txnId, txnId), eq(verificationRecords.name, name)));
    },
    /**
     * Records state changes. They are written when the database transaction's work is done (`flush`,
     * which `write` calls before the commit): one insert, one refresh of the queue and one call of
     * the hooks for every change of the write, not one each (issue 31 §4: skipping eight verifications
     * was 65 statements). Nothing in a write reads the audit rows or the queue columns before then.
     */
    async insertChanges(changes: readonly StateChange[], at: Date): Promise<void> {
      if (changes.length > 0) pending.push({ changes, at });
    },
    /** Writes the state changes recorded so far (see insertChanges). */
    async flush(): Promise<void> {
      const batches = pending.splice(0);
      if (batches.length === 0) return;
      const rows = batches.flatMap(({ changes, at }) =>
        changes.map((c) => ({
          txnId: c.txnId,
          entity: c.entity,
          verificationName: c.verificationName,
          fromState: c.from,
          toState: c.to,
          action: c.action,
          profileId: c.profileId,
          at,
        })),
      );
      const last = batches[batches.length - 1]!.at;
      // The changes are written and the queue follows them in one statement, in the same database
      // transaction (ADR 0026).
      await refreshQueue(tx, [...new Set(rows.map((r) => r.txnId))], last, rows);
      // The hooks see each moment's changes together (a write's changes share one moment, as a rule),
      // in the order they were made: only neighbours are merged, so the webhooks' sequence keeps it.
      const runs: { at: Date; changes: StateChange[] }[] = [];
      for (const { changes, at } of batches) {
        const previous = runs[runs.length - 1];
        if (previous && previous.at.getTime() === at.getTime()) previous.changes.push(...changes);
        else runs.push({ at, changes: [...changes] });
      }
      for (const { at, changes } of runs) await onChanges?.(tx, changes, at);
    },
    /** Recomputes the queue columns (a change without a state change: a payment, the expected date). */
    async refreshQueue(txnId: string): Promise<void> {
      await this.flush();
      await refreshQueue(tx, [txnId]);
    },
    /** The team member the case is assigned to (null: nobody). */
    async setAssignee(id: string, staffId: string | null, at: Date): Promise<void> {
      await tx
        .update(transactions)
        .set({ assigneeStaffId: staffId, updatedAt: at })
        .where(eq(transactions.id, id));
    },
    /** A new insufficiency round (ADR 0020); the partial unique index allows one open round per record. */
    async insertInsufficiencyRequest(row: typeof insufficiencyRequests.$inferInsert): Promise<void> {
      await tx.insert(insufficiencyRequests).values(row);
    },
    /** The record's open (unanswered) round, if any. */
    async openInsufficiencyRequest(
      txnId: string,
      name: string,
    ): Promise<InsufficiencyRequestRow | undefined> {
      const [row] = await tx
        .select()
        .from(insufficiencyRequests)
        .where(
          and(
            eq(insufficiencyRequests.txnId, txnId),
            eq(insufficiencyRequests.verificationName, name),
            isNull(insufficiencyRequests.answeredAt),
          ),
        );
      return row;
    },
    /** The record's latest round, answered or not. */
    async latestInsufficiencyRequest(
      txnId: string,
      name: string,
    ): Promise<InsufficiencyRequestRow | undefined> {
      const [row] = await tx
        .select()
        .from(insufficiencyRequests)
        .where(and(eq(insufficiencyRequests.txnId, txnId), eq(insufficiencyRequests.verificationName, name)))
        .orderBy(desc(insufficiencyRequests.raisedAt), desc(insufficiencyRequests.id))
        .limit(1);
      return row;
    },
    insufficiencyAnswersOf(requestId: string): Promise<InsufficiencyAnswerRow[]> {
      return tx.select().from(insufficiencyAnswers).where(eq(insufficiencyAnswers.requestId, requestId));
    },
    /** The candidate's files for a round; a file already recorded for the same document is not added twice. */
    async answerInsufficiency(
      requestId: string,
      answers: readonly { documentKey: string; fileId: string }[],
      at: Date,
    ): Promise<void> {
      if (answers.length > 0) {
        await tx
          .insert(insufficiencyAnswers)
          .values(answers.map((a) => ({ requestId, ...a, answeredAt: at })))
          .onConflictDoNothing();
      }
      await tx
        .update(insufficiencyRequests)
        .set({ answeredAt: at })
        .where(and(eq(insufficiencyRequests.id, requestId), isNull(insufficiencyRequests.answeredAt)));
    },
    /** The candidate's consent to contact institutions (issue 27): the first one given is kept. */
    async insertContactConsent(txnId: string, text: string, language: string, at: Date): Promise<void> {
      await tx.insert(contactConsents).values({ txnId, text, language, givenAt: at }).onConflictDoNothing();
    },
    async upsertAnswers(txnId: string, answers: readonly { questionId: string; answer: string }[], at: Date) {
      if (answers.length === 0) return;
      await tx
        .insert(transactionAnswers)
        .values(answers.map((a) => ({ txnId, questionId: a.questionId, answer: a.answer, updatedAt: at })))
        .onConflictDoUpdate({
          target: [transactionAnswers.txnId, transactionAnswers.questionId],
          set: { answer: excluded('answer'), updatedAt: at },
        });
    },
  };
}
export type TransactionWriteOps = ReturnType<typeof writeOps>;

/** A record as one JSON object (the snapshot's records, an autosave's answer). */
const RECORD_JSON = sql`json_build_object(
  'txnId', ${verificationRecords.txnId}, 'name', ${verificationRecords.name},
  'position', ${verificationRecords.position}, 'category', ${verificationRecords.category},
  'subType', ${verificationRecords.subType}, 'state', ${verificationRecords.state},
  'markedAsSkip', ${verificationRecords.markedAsSkip}, 'skipAllowed', ${verificationRecords.skipAllowed},
  'marksheetRequired', ${verificationRecords.marksheetRequired},
  'insufficiency', ${verificationRecords.insufficiency}, 'data', ${verificationRecords.data},
  'updatedAt', ${verificationRecords.updatedAt})`;

const fromRawRecord = (rec: RawRecord): RecordRow => ({ ...rec, updatedAt: new Date(rec.updatedAt) });

/** What a steady autosave writes (see `autosave`). */
export interface AutosaveInput {
  txnId: string;
  profileId: string;
  name: string;
  data: Record<string, unknown>;
  subType: string | null;
  /** The files the data uses: the stored record must use them already (they are linked). */
  fileIds: readonly string[];
  /** The transaction states the candidate may save in without a change of state. */
  txnStates: readonly State[];
  /** Payment order statuses that make a write the payments module's business (none: no check). */
  openOrderStatuses: readonly string[];
  at: Date;
}

/**
 * Transactions, their verification records, answers and the state-change audit. `snapshots` caches
 * what transaction info reads, by transaction id; every write here goes through `write`, which
 * invalidates the entry once the database transaction is over.
 */
export function createTransactionsRepository(
  orm: Orm,
  snapshots: ReadCache<string, TransactionSnapshot>,
  onChanges?: StateChangeHook,
) {
  /**
   * One prepared query (the hot path on PostgreSQL, where the cache is off; planning it each time
   * cost three times its execution): the rows plus their aggregated children.
   */
  const r = verificationRecords;
  const snapshotQuery = orm
    .select({
      txn: transactions,
      form: ekycForms,
      org: organisations,
      records: sql<RawRecord[]>`coalesce((select json_agg(${RECORD_JSON} order by ${r.position})
          from ${r} where ${r.txnId} = ${transactions.id}), '[]'::json)`,
      answers: sql<
        Record<string, string>
      >`coalesce((select json_object_agg(${transactionAnswers.questionId}, ${transactionAnswers.answer})
          from ${transactionAnswers} where ${transactionAnswers.txnId} = ${transactions.id}), '{}'::json)`,
      required: sql<string[]>`coalesce((select json_agg(${prestartQuestions.id}) from ${prestartQuestions}
          where ${prestartQuestions.formId} = ${transactions.formId} and ${prestartQuestions.required}
            and ${prestartQuestions.retiredAt} is null), '[]'::json)`,
      nameChangeRequested: sql<boolean>`exists (select 1 from ${nameChangeRequests}
          where ${nameChangeRequests.txnId} = ${transactions.id})`,
      // A payment's success is written through `write` (payments settle inside it), which invalidates this.
      paidOrders: sql<{ express: boolean }[]>`coalesce((select json_agg(json_build_object(
            'express', ${paymentOrders.express}) order by ${paymentOrders.createdAt}) from ${paymentOrders}
          where ${paymentOrders.txnId} = ${transactions.id} and ${paymentOrders.status} = 'success'), '[]'::json)`,
      report: sql<
        TransactionSnapshot['report']
      >`(select json_build_object('status', ${verificationReports.status},
            'sentTo', ${verificationReports.facts}->'partner'->>'name', 'sentAt', ${verificationReports.sentAt})
          from ${verificationReports} where ${verificationReports.txnId} = ${transactions.id})`,
    })
    .from(transactions)
    .innerJoin(ekycForms, eq(ekycForms.id, transactions.formId))
    .innerJoin(organisations, eq(organisations.id, transactions.orgId))
    .where(eq(transactions.id, sql.placeholder('id')))
    .prepare('transaction_snapshot');

  async function loadSnapshot(id: string): Promise<TransactionSnapshot | undefined> {
    const [row] = await snapshotQuery.execute({ id });
    if (!row) return undefined;
    return {
      txn: row.txn,
      form: row.form,
      org: row.org,
      records: row.records.map(fromRawRecord),
      answers: row.answers,
      requiredQuestionIds: row.required,
      nameChangeRequested: Boolean(row.nameChangeRequested),
      paidOrders: row.paidOrders,
      report: row.report ?? null,
    };
  }

  return {
    snapshot(id: string): Promise<TransactionSnapshot | undefined> {
      return snapshots.get(id, () => loadSnapshot(id));
    },

    /** The cached snapshot, when there is one to answer from memory (`snapshot` otherwise). */
    snapshotKnown(id: string): TransactionSnapshot | undefined {
      return snapshots.peek(id);
    },

    /**
     * The snapshot as stored now, past the cache (which may be a few milliseconds behind another
     * instance's write): what a refusal is judged on. Not cached, and nothing published: a refusal
     * must not make every instance drop and reload the request.
     */
    freshSnapshot(id: string): Promise<TransactionSnapshot | undefined> {
      return loadSnapshot(id);
    },

    /**
     * Ids after `afterId` (in id order, up to `limit`) of transactions closed before `cutoff`
     * (closedBeforeCondition: the retention schedule's "the request closes").
     */
    async closedBefore(cutoff: Date, afterId: string | null, limit: number): Promise<string[]> {
      const rows = await orm
        .select({ id: transactions.id })
        .from(transactions)
        .where(and(closedBeforeCondition(cutoff), afterId ? sql`${transactions.id} > ${afterId}` : undefined))
        .orderBy(asc(transactions.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** A transaction's records as stored now, past the snapshot cache (the final submit judges them). */
    records(txnId: string): Promise<RecordRow[]> {
      return writeOps(orm, onChanges).records(txnId);
    },

    async findByProfileAndForm(profileId: string, formId: string): Promise<TransactionRow | undefined> {
      const [row] = await orm
        .select()
        .from(transactions)
        .where(and(eq(transactions.profileId, profileId), eq(transactions.formId, formId)));
      return row;
    },

    /**
     * One transaction per candidate and form: the unique (profile_id, form_id) pair plus ON CONFLICT
     * DO NOTHING, so concurrent calls create one; the records and the audit row go in the same
     * database transaction. Returns the stored transaction and whether this call created it.
     */
    async createOnce(input: {
      profileId: string;
      orgId: string;
      formId: string;
      records: NewRecord[];
      now: Date;
    }): Promise<{ row: TransactionRow; created: boolean }> {
      const created = await orm.transaction(async (tx) => {
        const [row] = await tx
          .insert(transactions)
          .values({
            profileId: input.profileId,
            orgId: input.orgId,
            formId: input.formId,
            state: 'NOT_INITIALIZED',
            createdAt: input.now,
            updatedAt: input.now,
            orgBucketSince: input.now,
          })
          .onConflictDoNothing({ target: [transactions.profileId, transactions.formId] })
          .returning();
        if (!row) return undefined;
        if (input.records.length > 0) {
          await tx
            .insert(verificationRecords)
            .values(input.records.map((r) => ({ ...r, txnId: row.id, updatedAt: input.now })));
        }
        const ops = writeOps(tx, onChanges);
        await ops.insertChanges(
          [
            {
              txnId: row.id,
              entity: 'transaction',
              verificationName: null,
              from: null,
              to: 'NOT_INITIALIZED',
              action: 'create',
              profileId: input.profileId,
            },
          ],
          input.now,
        );
        await ops.flush();
        return row;
      });
      if (created) return { row: created, created: true };
      const existing = await this.findByProfileAndForm(input.profileId, input.formId);
      if (!existing) throw new Error('transaction missing after a conflicting insert');
      return { row: existing, created: false };
    },

    /**
     * A steady autosave in one statement (issue 31 §4: it was 9 round trips), when nothing but the
     * record's data changes: the transaction row is locked by touching its updated_at (open, the
     * caller's, and no open payment order), then the record is written if it is still DATA_SAVED and its
     * stored data already uses every file of the new data (linked when first saved), and the cache's
     * message to the other instances is sent by the same statement. Each condition on a row is checked
     * on the row as it is once locked (PostgreSQL re-reads a row another transaction changed meanwhile),
     * not on the snapshot read before. Answers the record as written, or undefined when a condition
     * does not hold and nothing was written: the caller then takes the general path, which refuses or
     * writes with every check.
     */
    async autosave(input: AutosaveInput): Promise<RecordRow | undefined> {
      const { txnId, at } = input;
      const list = (values: readonly string[]) =>
        sql.join(
          values.map((v) => sql`${v}`),
          sql`, `,
        );
      const noOpenOrder =
        input.openOrderStatuses.length === 0
          ? sql`true`
          : sql`not exists (select 1 from ${paymentOrders} where ${paymentOrders.txnId} = ${txnId}
              and ${paymentOrders.status} in (${list(input.openOrderStatuses)}))`;
      return snapshots.invalidateWithin(txnId, async (notify: CacheNotify | null) => {
        const notified = notify
          ? sql`, notified as (select pg_notify(${notify.channel}, ${notify.payload}) from saved)`
          : sql``;
        // The record's conditions are read before the touch too: a save that will not be written must
        // not move the transaction's updated_at (no other instance would hear of it).
        const result = (await orm.execute(sql`with touched as (
            update ${transactions} set updated_at = ${at.toISOString()}::timestamptz
            where ${transactions.id} = ${txnId} and ${transactions.profileId} = ${input.profileId}
              and ${transactions.state} in (${list(input.txnStates)}) and ${noOpenOrder}
              and exists (select 1 from ${verificationRecords} r where r.txn_id = ${txnId}
                and r.name = ${input.name} and r.state = 'DATA_SAVED'
                and jsonb_path_query_array(r.data, 'lax $.**.fileId') @> ${JSON.stringify(input.fileIds)}::jsonb)
            returning ${transactions.id}),
          saved as (
            update ${verificationRecords} set data = ${JSON.stringify(input.data)}::jsonb,
              sub_type = ${input.subType}, marked_as_skip = false, updated_at = ${at.toISOString()}::timestamptz
            where ${verificationRecords.txnId} = (select id from touched)
              and ${verificationRecords.name} = ${input.name} and ${verificationRecords.state} = 'DATA_SAVED'
              and jsonb_path_query_array(${verificationRecords.data}, 'lax $.**.fileId')
                @> ${JSON.stringify(input.fileIds)}::jsonb
            returning ${RECORD_JSON} as record)${notified}
          select record${notify ? sql`, (select count(*) from notified) as sent` : sql``} from saved`)) as {
          rows: { record: RawRecord }[];
        };
        const [row] = result.rows;
        return row ? fromRawRecord(row.record) : undefined;
      });
    },

    /** Runs `fn` in one database transaction with the write operations; then the snapshot is invalidated. */
    async write<T>(txnId: string, fn: (ops: TransactionWriteOps) => Promise<T>): Promise<T> {
      return snapshots.invalidateWithin(txnId, (notify) => {
        // The lock statement carries the cache's message (issue 31 §4); a write that locks nothing
        // has it published after the commit.
        const carried = notify ? { ...notify, sent: false } : null;
        return orm
          .transaction(async (tx) => {
            const ops = writeOps(tx, onChanges, carried);
            const result = await fn(ops);
            await ops.flush();
            return result;
          })
          .finally(() => {
            if (carried && !carried.sent) snapshots.invalidate(txnId);
          });
      });
    },

    async listForCandidate(
      profileId: string,
      states: readonly State[] | undefined,
      seed: number,
      limit: number,
    ) {
      const where = states
        ? and(eq(transactions.profileId, profileId), inArray(transactions.state, [...states]))
        : eq(transactions.profileId, profileId);
      const rows = await orm
        .select({
          txn: transactions,
          formName: ekycForms.name,
          orgName: organisations.name,
          orgImage: organisations.imageUrl,
        })
        .from(transactions)
        .innerJoin(ekycForms, eq(ekycForms.id, transactions.formId))
        .innerJoin(organisations, eq(organisations.id, transactions.orgId))
        .where(where)
        .orderBy(desc(transactions.createdAt), desc(transactions.id))
        .offset(seed)
        .limit(limit);
      const [total] = await orm.select({ n: count() }).from(transactions).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    /** The audited changes of the candidate's transaction(s) of a form, oldest first. */
    history(profileId: string, formId: string, orgId: string, limit: number) {
      return orm
        .select({ change: stateChanges })
        .from(stateChanges)
        .innerJoin(transactions, eq(transactions.id, stateChanges.txnId))
        .where(
          and(
            eq(transactions.profileId, profileId),
            eq(transactions.formId, formId),
            eq(transactions.orgId, orgId),
          ),
        )
        .orderBy(asc(stateChanges.id))
        .limit(limit)
        .then((rows) => rows.map((r) => r.change));
    },

    /** Every insufficiency round of a transaction with its answers, oldest first (ADR 0020). */
    async insufficiencyHistory(
      txnId: string,
    ): Promise<{ requests: InsufficiencyRequestRow[]; answers: InsufficiencyAnswerRow[] }> {
      const requests = await orm
        .select()
        .from(insufficiencyRequests)
        .where(eq(insufficiencyRequests.txnId, txnId))
        .orderBy(asc(insufficiencyRequests.raisedAt), asc(insufficiencyRequests.id));
      const answers =
        requests.length === 0
          ? []
          : await orm
              .select()
              .from(insufficiencyAnswers)
              .where(
                inArray(
                  insufficiencyAnswers.requestId,
                  requests.map((r) => r.id),
                ),
              )
              .orderBy(asc(insufficiencyAnswers.answeredAt), asc(insufficiencyAnswers.documentKey));
      return { requests, answers };
    },

    /** The candidate's consent to contact the institutions their documents name (issue 27), if given. */
    async contactConsent(txnId: string) {
      const [row] = await orm.select().from(contactConsents).where(eq(contactConsents.txnId, txnId));
      return row;
    },

    /** Whether a transaction exists (ops reads). */
    async exists(txnId: string): Promise<boolean> {
      const [row] = await orm
        .select({ id: transactions.id })
        .from(transactions)
        .where(eq(transactions.id, txnId));
      return Boolean(row);
    },

    /** For tests and ops tooling: the audit rows of one transaction, oldest first. */
    changesOf(txnId: string) {
      return orm
        .select()
        .from(stateChanges)
        .where(eq(stateChanges.txnId, txnId))
        .orderBy(asc(stateChanges.id));
    },
  };
}
export type TransactionsRepository = ReturnType<typeof createTransactionsRepository>;
