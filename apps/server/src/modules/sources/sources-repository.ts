import { and, asc, count, desc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbScope, Orm } from '../../db/client.js';
import { digilockerSessions, issuerPulls } from '../../db/schema/index.js';

export type DigilockerSession = typeof digilockerSessions.$inferSelect;
export type IssuerPull = typeof issuerPulls.$inferSelect;
type NewSession = typeof digilockerSessions.$inferInsert;
export type NewPull = typeof issuerPulls.$inferInsert;

/** The only door to the issuer-sources tables (ADR 0043): DigiLocker sessions and the pulls' evidence. */
export function createSourcesRepository(orm: Orm) {
  return {
    /** Runs `fn` in one database transaction (a pull and its disclosure commit together). */
    transaction<T>(fn: (scope: DbScope) => Promise<T>): Promise<T> {
      return orm.transaction(fn);
    },

    async insertSession(row: NewSession): Promise<DigilockerSession> {
      const [inserted] = await orm.insert(digilockerSessions).values(row).returning();
      if (!inserted) throw new Error('digilocker session not inserted');
      return inserted;
    },

    /** Sessions the profile started since `since` (the hourly budget). */
    async countStartedSince(profileId: string, since: Date): Promise<number> {
      const [row] = await orm
        .select({ n: count() })
        .from(digilockerSessions)
        .where(and(eq(digilockerSessions.profileId, profileId), gt(digilockerSessions.createdAt, since)));
      return row?.n ?? 0;
    },

    async findByStateHash(stateHash: string): Promise<DigilockerSession | undefined> {
      const [row] = await orm
        .select()
        .from(digilockerSessions)
        .where(eq(digilockerSessions.stateHash, stateHash));
      return row;
    },

    async find(id: string): Promise<DigilockerSession | undefined> {
      const [row] = await orm.select().from(digilockerSessions).where(eq(digilockerSessions.id, id));
      return row;
    },

    /**
     * Uses the callback's code once: only a `started` session whose code was never used moves on, so a
     * replayed callback (or two at once) finds nothing to take. Returns the row as it was, or undefined.
     */
    async takeCode(id: string, at: Date): Promise<DigilockerSession | undefined> {
      const [row] = await orm
        .update(digilockerSessions)
        .set({ codeUsedAt: at })
        .where(
          and(
            eq(digilockerSessions.id, id),
            eq(digilockerSessions.status, 'started'),
            isNull(digilockerSessions.codeUsedAt),
          ),
        )
        .returning();
      return row;
    },

    async update(
      id: string,
      patch: Partial<
        Pick<DigilockerSession, 'status' | 'accessTokenEnc' | 'account' | 'documents' | 'tokenRevokedAt'>
      >,
      within?: DbScope,
    ): Promise<void> {
      await (within ?? orm).update(digilockerSessions).set(patch).where(eq(digilockerSessions.id, id));
    },

    /**
     * Takes an authorised session for its one pull: status `authorised` → `pulled` in one statement, so
     * two pulls at once cannot both use the token. Returns the row as it was, or undefined.
     */
    async takeForPull(id: string): Promise<DigilockerSession | undefined> {
      const [row] = await orm
        .update(digilockerSessions)
        .set({ status: 'pulled' })
        .where(and(eq(digilockerSessions.id, id), eq(digilockerSessions.status, 'authorised')))
        .returning();
      return row;
    },

    /** Sessions still holding a token past their end (a candidate who never pulled): to revoke. */
    async expiredWithToken(at: Date, limit = 50): Promise<DigilockerSession[]> {
      return orm
        .select()
        .from(digilockerSessions)
        .where(
          and(
            isNotNull(digilockerSessions.accessTokenEnc),
            or(lt(digilockerSessions.expiresAt, at), eq(digilockerSessions.status, 'pulled')),
          ),
        )
        .limit(limit);
    },

    async insertPull(row: NewPull, within?: DbScope): Promise<IssuerPull> {
      const [inserted] = await (within ?? orm).insert(issuerPulls).values(row).returning();
      if (!inserted) throw new Error('issuer pull not inserted');
      return inserted;
    },

    async markPullCompleted(id: string, within: DbScope): Promise<void> {
      await within.update(issuerPulls).set({ completed: true }).where(eq(issuerPulls.id, id));
    },

    /**
     * Pulls older than `cutoff` that still hold the document (ADR 0049 "pulled documents"): the XML, the
     * stored file, the issuer's field values. Oldest first, at most `limit`.
     */
    async pullsHoldingDocumentsBefore(
      cutoff: Date,
      limit: number,
    ): Promise<{ id: string; fileId: string | null; comparison: Record<string, unknown>[] }[]> {
      return orm
        .select({ id: issuerPulls.id, fileId: issuerPulls.fileId, comparison: issuerPulls.comparison })
        .from(issuerPulls)
        .where(
          and(
            lt(issuerPulls.pulledAt, cutoff),
            or(
              isNotNull(issuerPulls.xml),
              isNotNull(issuerPulls.fileId),
              sql`${issuerPulls.fields} <> '{}'::jsonb`,
            ),
          ),
        )
        .orderBy(asc(issuerPulls.pulledAt), asc(issuerPulls.id))
        .limit(limit);
    },
    /**
     * The document leaves the pull (its file already removed by the caller): XML, file and field values
     * go; who pulled what, when, for whom and whether each field matched stay as the audit row.
     */
    async clearPulledDocument(id: string, comparison: Record<string, unknown>[]): Promise<void> {
      await orm
        .update(issuerPulls)
        .set({
          xml: null,
          fileId: null,
          fields: {},
          // The values go; each field's verdict stays (a value of null is what the evidence's schema allows).
          comparison: comparison.map((c) => ({
            field: c.field,
            label: c.label,
            expected: null,
            found: null,
            matches: c.matches,
          })),
        })
        .where(eq(issuerPulls.id, id));
    },
    /** The pulls of one verification, newest first (the team's evidence). */
    async pullsOf(txnId: string, verificationName?: string): Promise<IssuerPull[]> {
      return orm
        .select()
        .from(issuerPulls)
        .where(
          verificationName === undefined
            ? eq(issuerPulls.txnId, txnId)
            : and(eq(issuerPulls.txnId, txnId), eq(issuerPulls.verificationName, verificationName)),
        )
        .orderBy(desc(issuerPulls.pulledAt));
    },
  };
}
export type SourcesRepository = ReturnType<typeof createSourcesRepository>;
