import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { DbScope, Orm } from '../../db/client.js';
import { consentLedger, privacyNotices } from '../../db/schema/index.js';
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
  async function appendIn(tx: DbScope, facts: LedgerFacts): Promise<LedgerEntry> {
    await tx.execute(LEDGER_LOCK);
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
     * double click is serialised) already stand as this answer; answers the entry or null.
     */
    appendUnless(
      facts: LedgerFacts,
      unchanged: (entries: LedgerEntry[]) => boolean,
    ): Promise<LedgerEntry | null> {
      return orm.transaction(async (tx) => {
        await tx.execute(LEDGER_LOCK);
        if (facts.txnId) {
          const rows = await tx
            .select()
            .from(consentLedger)
            .where(and(eq(consentLedger.profileId, facts.profileId), eq(consentLedger.txnId, facts.txnId)))
            .orderBy(asc(consentLedger.seq));
          if (unchanged(rows.map(toEntry))) return null;
        }
        return appendIn(tx, facts);
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
    async entriesOfTxn(profileId: string, txnId: string): Promise<LedgerEntry[]> {
      const rows = await orm
        .select()
        .from(consentLedger)
        .where(and(eq(consentLedger.profileId, profileId), eq(consentLedger.txnId, txnId)))
        .orderBy(asc(consentLedger.seq));
      return rows.map(toEntry);
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
