import type { DisclosureRecord } from '@veridocs/shared';
import { and, asc, count, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { DbScope, Orm } from '../../db/client.js';
import {
  consentLedger,
  credentials,
  disclosures,
  ekycForms,
  files,
  notifications,
  organisations,
  paymentOrders,
  privacyNotices,
  profiles,
  supportConversations,
  supportMessages,
  transactions,
  verificationRecords,
} from '../../db/schema/index.js';
import { nextEntry, type LedgerEntry, type LedgerFacts } from './ledger-fns.js';

/** One lock for every append, so the chain stays one line across instances (ADR 0049). */
const LEDGER_LOCK = sql`select pg_advisory_xact_lock(hashtext('veridocs.consent_ledger'))`;

type LedgerRow = typeof consentLedger.$inferSelect;

const toEntry = (row: LedgerRow): LedgerEntry => ({
  seq: Number(row.seq),
  profileId: row.profileId,
  orgId: row.orgId,
  formId: row.formId,
  txnId: row.txnId,
  noticeHash: row.noticeHash,
  action: row.action,
  purposes: row.purposes as LedgerEntry['purposes'],
  channel: row.channel,
  at: row.at,
  prevHash: row.prevHash,
  hash: row.hash,
});

/** The consent ledger and the notices its entries cite (ADR 0049). */
export function createPrivacyRepository(orm: Orm) {
  /** One request's entries in chain order, read with `scope` (the pool or a database transaction). */
  async function txnEntries(scope: DbScope, profileId: string, txnId: string): Promise<LedgerEntry[]> {
    const rows = await scope
      .select()
      .from(consentLedger)
      .where(and(eq(consentLedger.profileId, profileId), eq(consentLedger.txnId, txnId)))
      .orderBy(asc(consentLedger.seq));
    return rows.map(toEntry);
  }

  async function appendIn(tx: DbScope, facts: LedgerFacts): Promise<LedgerEntry> {
    await tx.execute(LEDGER_LOCK);
    return appendLocked(tx, facts);
  }

  /** Appends while the caller holds the ledger's lock (taken once per database transaction). */
  async function appendLocked(tx: DbScope, facts: LedgerFacts): Promise<LedgerEntry> {
    const [head] = await tx
      .select({ seq: consentLedger.seq, hash: consentLedger.hash })
      .from(consentLedger)
      .orderBy(desc(consentLedger.seq))
      .limit(1);
    const entry = nextEntry(head ? { seq: Number(head.seq), hash: head.hash } : null, facts);
    await tx.insert(consentLedger).values({ ...entry, purposes: [...entry.purposes] });
    return entry;
  }

  return {
    /** Appends an entry in its own database transaction. */
    append(facts: LedgerFacts): Promise<LedgerEntry> {
      return orm.transaction((tx) => appendIn(tx, facts));
    },

    /** Appends inside the caller's database transaction (the consent commits with what it allows). */
    appendIn,

    /**
     * Appends unless `unchanged` says the request's entries so far (read under the ledger's lock, so a
     * double click is serialised) already stand as this answer. Answers the entry (null: none) and the
     * request's entries after it, so the caller need not read them again.
     */
    appendUnless(
      facts: LedgerFacts & { txnId: string },
      unchanged: (entries: LedgerEntry[]) => boolean,
    ): Promise<{ entry: LedgerEntry | null; entries: LedgerEntry[] }> {
      return orm.transaction(async (tx) => {
        await tx.execute(LEDGER_LOCK);
        const rows = await tx
          .select()
          .from(consentLedger)
          .where(and(eq(consentLedger.profileId, facts.profileId), eq(consentLedger.txnId, facts.txnId)))
          .orderBy(asc(consentLedger.seq));
        const entries = rows.map(toEntry);
        if (unchanged(entries)) return { entry: null, entries };
        const entry = await appendLocked(tx, facts);
        return { entry, entries: [...entries, entry] };
      });
    },

    /** Up to `limit` entries after `afterSeq`, in chain order. */
    async entriesAfter(afterSeq: number, limit: number): Promise<LedgerEntry[]> {
      const rows = await orm
        .select()
        .from(consentLedger)
        .where(gt(consentLedger.seq, afterSeq))
        .orderBy(asc(consentLedger.seq))
        .limit(limit);
      return rows.map(toEntry);
    },

    /** One candidate's entries about one request, in chain order (the profile index serves it). */
    entriesOfTxn: (profileId: string, txnId: string): Promise<LedgerEntry[]> =>
      txnEntries(orm, profileId, txnId),

    /** The same, read inside the caller's database transaction (a state-change hook's). */
    entriesOfTxnIn: txnEntries,

    /**
     * The same under the ledger's lock, taken in the caller's database transaction: no entry can be
     * appended until it ends, so what it decides from them still stands when it commits.
     */
    async entriesOfTxnLocked(scope: DbScope, profileId: string, txnId: string): Promise<LedgerEntry[]> {
      await scope.execute(LEDGER_LOCK);
      return txnEntries(scope, profileId, txnId);
    },

    /** Every entry of one candidate, in chain order (the profile index serves it). */
    async entriesOfProfile(profileId: string): Promise<LedgerEntry[]> {
      const rows = await orm
        .select()
        .from(consentLedger)
        .where(eq(consentLedger.profileId, profileId))
        .orderBy(asc(consentLedger.seq));
      return rows.map(toEntry);
    },

    /**
     * Appends what `decide` makes of one request's entries as they stand under the ledger's lock (null:
     * nothing), so two concurrent withdrawals cannot both record the same purpose. A throw appends nothing.
     */
    async appendDecided(
      profileId: string,
      txnId: string,
      decide: (entries: LedgerEntry[]) => LedgerFacts | null,
    ): Promise<LedgerEntry | null> {
      return orm.transaction(async (tx) => {
        await tx.execute(LEDGER_LOCK);
        const facts = decide(await txnEntries(tx, profileId, txnId));
        return facts ? appendLocked(tx, facts) : null;
      });
    },

    /** Records a disclosure inside the caller's database transaction: it exists iff the act committed. */
    async insertDisclosure(scope: DbScope, record: DisclosureRecord): Promise<void> {
      await scope.insert(disclosures).values({
        profileId: record.profileId,
        txnId: record.txnId,
        recipientKind: record.recipientKind,
        recipientName: record.recipientName,
        what: record.what,
        detail: record.detail,
        at: record.at,
      });
    },

    /** A candidate's disclosures, newest first, from after (at, id) when given. */
    async disclosuresOf(profileId: string, after: { at: Date; id: string } | null, limit: number) {
      return orm
        .select()
        .from(disclosures)
        .where(
          and(
            eq(disclosures.profileId, profileId),
            after
              ? or(
                  sql`${disclosures.at} < ${after.at.toISOString()}`,
                  and(eq(disclosures.at, after.at), sql`${disclosures.id} < ${after.id}`),
                )
              : undefined,
          ),
        )
        .orderBy(desc(disclosures.at), desc(disclosures.id))
        .limit(limit);
    },

    /** What the product holds about a candidate, read for the access page (declared readers only). */
    async holdingsOf(profileId: string) {
      const [profile] = await orm.select().from(profiles).where(eq(profiles.id, profileId)).limit(1);
      if (!profile) return undefined;
      const txns = await orm
        .select({
          id: transactions.id,
          state: transactions.state,
          createdAt: transactions.createdAt,
          orgName: organisations.name,
          formName: ekycForms.name,
        })
        .from(transactions)
        .innerJoin(organisations, eq(organisations.id, transactions.orgId))
        .innerJoin(ekycForms, eq(ekycForms.id, transactions.formId))
        .where(eq(transactions.profileId, profileId))
        .orderBy(desc(transactions.createdAt));
      const txnIds = txns.map((t) => t.id);
      const records =
        txnIds.length === 0
          ? []
          : await orm
              .select({
                txnId: verificationRecords.txnId,
                name: verificationRecords.name,
                category: verificationRecords.category,
                state: verificationRecords.state,
                position: verificationRecords.position,
              })
              .from(verificationRecords)
              .where(inArray(verificationRecords.txnId, txnIds))
              .orderBy(asc(verificationRecords.position));
      const fileRows = await orm
        .select({ txnId: files.txnId, name: files.originalName })
        .from(files)
        .where(eq(files.ownerProfileId, profileId))
        .orderBy(asc(files.createdAt));
      const counted = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);
      const payments = await counted(
        orm.select({ n: count() }).from(paymentOrders).where(eq(paymentOrders.profileId, profileId)),
      );
      const notices = await counted(
        orm.select({ n: count() }).from(notifications).where(eq(notifications.profileId, profileId)),
      );
      const chat = await counted(
        orm
          .select({ n: count() })
          .from(supportMessages)
          .innerJoin(supportConversations, eq(supportConversations.id, supportMessages.conversationId))
          .where(eq(supportConversations.profileId, profileId)),
      );
      const creds = await counted(
        orm.select({ n: count() }).from(credentials).where(eq(credentials.profileId, profileId)),
      );
      return {
        profile,
        txns,
        records,
        files: fileRows,
        payments,
        notifications: notices,
        chat,
        credentials: creds,
      };
    },

    /** Keeps a notice's text once, by its hash. */
    async saveNotice(notice: {
      hash: string;
      language: string;
      templateVersion: string;
      text: string;
      at: Date;
    }) {
      await orm
        .insert(privacyNotices)
        .values({
          hash: notice.hash,
          language: notice.language,
          templateVersion: notice.templateVersion,
          text: notice.text,
          createdAt: notice.at,
        })
        .onConflictDoNothing();
    },
  };
}

export type PrivacyRepository = ReturnType<typeof createPrivacyRepository>;
