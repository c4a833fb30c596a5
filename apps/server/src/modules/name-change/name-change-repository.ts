import { and, desc, eq } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { nameChangeRequests, transactions, verificationRecords } from '../../db/schema/index.js';
import type { ReadCache } from '../../lib/read-cache.js';

export type NameChangeRow = typeof nameChangeRequests.$inferSelect;

/** Name change requests; `txnCache` is transaction info's cache (its nameChangeRequest flag). */
export function createNameChangeRepository(orm: Orm, txnCache: ReadCache<string, unknown>) {
  return {
    /** Whether the caller's transaction of `orgId` asks for `verificationName`. */
    async ownsVerification(ref: {
      profileId: string;
      orgId: string;
      txnId: string;
      verificationName: string;
    }): Promise<{ txn: boolean; verification: boolean }> {
      const [txn] = await orm
        .select({ id: transactions.id })
        .from(transactions)
        .where(
          and(
            eq(transactions.id, ref.txnId),
            eq(transactions.profileId, ref.profileId),
            eq(transactions.orgId, ref.orgId),
          ),
        );
      if (!txn) return { txn: false, verification: false };
      const [record] = await orm
        .select({ name: verificationRecords.name })
        .from(verificationRecords)
        .where(
          and(eq(verificationRecords.txnId, ref.txnId), eq(verificationRecords.name, ref.verificationName)),
        );
      return { txn: true, verification: Boolean(record) };
    },
    /** The candidate's requests, newest first (a handful at most: one per transaction and verification). */
    listByProfile: (profileId: string): Promise<NameChangeRow[]> =>
      orm
        .select()
        .from(nameChangeRequests)
        .where(eq(nameChangeRequests.profileId, profileId))
        .orderBy(desc(nameChangeRequests.createdAt), desc(nameChangeRequests.id))
        .limit(100),
    /** Files the request once per transaction and verification; a retry gets the stored one. */
    async insertOnce(values: {
      profileId: string;
      orgId: string;
      txnId: string;
      verificationName: string;
      documentList: { label: string; fileId: string }[];
      now: Date;
    }): Promise<{ row: NameChangeRow; created: boolean }> {
      return txnCache.invalidateAfter(values.txnId, async () => {
        const [created] = await orm
          .insert(nameChangeRequests)
          .values({
            profileId: values.profileId,
            orgId: values.orgId,
            txnId: values.txnId,
            verificationName: values.verificationName,
            documentList: values.documentList,
            createdAt: values.now,
          })
          .onConflictDoNothing({ target: [nameChangeRequests.txnId, nameChangeRequests.verificationName] })
          .returning();
        if (created) return { row: created, created: true };
        const [existing] = await orm
          .select()
          .from(nameChangeRequests)
          .where(
            and(
              eq(nameChangeRequests.txnId, values.txnId),
              eq(nameChangeRequests.verificationName, values.verificationName),
            ),
          );
        if (!existing) throw new Error('name change request missing after conflicting insert');
        return { row: existing, created: false };
      });
    },
  };
}
export type NameChangeRepository = ReturnType<typeof createNameChangeRepository>;
