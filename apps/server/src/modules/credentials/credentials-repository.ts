import type {
  CredentialAttributes,
  CredentialType,
  State,
  VerificationConfig,
  WalletDocument,
} from '@veridocs/shared';
import { and, count, desc, eq, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { DbScope, Orm } from '../../db/client.js';
import {
  credentialIssuerKeys,
  credentials,
  organisations,
  profiles,
  receivedCredentials,
  transactions,
  verificationConfigs,
  verificationRecords,
} from '../../db/schema/index.js';

export type CredentialRow = typeof credentials.$inferSelect;
/** A credential in someone's wallet: their own (receivedAt null) or one they received (ADR 0037). */
export type HeldCredentialRow = CredentialRow & { receivedAt: Date | null };

/** What a credential is built from: a completed verification and the people and organisation around it. */
export interface CompletedVerification {
  txnId: string;
  verificationName: string;
  state: State;
  category: string;
  subType: string | null;
  data: Record<string, unknown>;
  label: string | null;
  /** The verification type's config: its fields say how a stored value reads (a select's option name). */
  config: VerificationConfig | null;
  profileId: string;
  holderName: string;
  verifiedName: string | null;
  orgName: string;
}

/** The wallet's table (ADR 0031); the only place that queries it. */
/** One of `profileId`'s own issued credentials, locked for the rest of the transaction. */
async function lockOwned(tx: DbScope, profileId: string, id: string): Promise<CredentialRow | undefined> {
  const [row] = await tx
    .select()
    .from(credentials)
    .where(and(eq(credentials.id, id), eq(credentials.profileId, profileId), isNotNull(credentials.jwt)))
    .for('update');
  return row;
}

export function createCredentialsRepository(orm: Orm) {
  return {
    /**
     * The verification as it stands inside `scope` (the state change's database transaction): it reads
     * the journey's rows, which this module never writes.
     */
    async completedVerification(
      scope: DbScope,
      txnId: string,
      verificationName: string,
    ): Promise<CompletedVerification | undefined> {
      const [row] = await scope
        .select({
          txnId: verificationRecords.txnId,
          verificationName: verificationRecords.name,
          state: verificationRecords.state,
          category: verificationRecords.category,
          subType: verificationRecords.subType,
          data: verificationRecords.data,
          label: sql<string | null>`${verificationConfigs.config} -> 'metadata' ->> 'label'`,
          config: verificationConfigs.config,
          profileId: transactions.profileId,
          holderName: profiles.name,
          verifiedName: profiles.verifiedName,
          orgName: organisations.name,
        })
        .from(verificationRecords)
        .innerJoin(transactions, eq(transactions.id, verificationRecords.txnId))
        .innerJoin(profiles, eq(profiles.id, transactions.profileId))
        .innerJoin(organisations, eq(organisations.id, transactions.orgId))
        .leftJoin(
          verificationConfigs,
          eq(verificationConfigs.name, sql`split_part(${verificationRecords.name}, '~', 1)`),
        )
        .where(and(eq(verificationRecords.txnId, txnId), eq(verificationRecords.name, verificationName)));
      return row;
    },

    /**
     * Inserts the credential of a verification unless it has one (the unique index makes a repeat, or
     * a concurrent twin, a no-op): answers the new row, or undefined when it existed.
     */
    async insertOnce(
      scope: DbScope,
      row: {
        profileId: string;
        txnId: string;
        verificationName: string;
        credentialType: CredentialType;
        credentialAttributes: CredentialAttributes;
        shareId: string;
        issuedAt: Date;
        expiresAt: Date | null;
        evidence: Record<string, unknown>[] | null;
      },
    ): Promise<CredentialRow | undefined> {
      const [inserted] = await scope
        .insert(credentials)
        .values(row)
        .onConflictDoNothing({ target: [credentials.txnId, credentials.verificationName] })
        .returning();
      return inserted;
    },

    async setJwt(scope: DbScope, id: string, jwt: string): Promise<void> {
      await scope.update(credentials).set({ jwt }).where(eq(credentials.id, id));
    },

    /** The caller's own credentials and those they received, newest first. */
    async listHeld(profileId: string, seed: number, limit: number) {
      const received = and(
        eq(receivedCredentials.credentialId, credentials.id),
        eq(receivedCredentials.profileId, profileId),
      );
      const where = and(
        isNotNull(credentials.jwt),
        or(eq(credentials.profileId, profileId), isNotNull(receivedCredentials.profileId)),
      );
      const [rows, [total]] = await Promise.all([
        orm
          .select({ credential: credentials, receivedAt: receivedCredentials.receivedAt })
          .from(credentials)
          .leftJoin(receivedCredentials, received)
          .where(where)
          .orderBy(desc(credentials.issuedAt), desc(credentials.statusIndex))
          .offset(seed)
          .limit(limit),
        orm.select({ n: count() }).from(credentials).leftJoin(receivedCredentials, received).where(where),
      ]);
      return {
        rows: rows.map((r): HeldCredentialRow => ({ ...r.credential, receivedAt: r.receivedAt })),
        total: total?.n ?? 0,
      };
    },

    /** One of the caller's own credentials (never one they received). */
    async findOwned(profileId: string, id: string): Promise<CredentialRow | undefined> {
      const [row] = await orm
        .select()
        .from(credentials)
        .where(and(eq(credentials.id, id), eq(credentials.profileId, profileId), isNotNull(credentials.jwt)));
      return row;
    },

    /** A credential in the caller's wallet: their own, or one they received. */
    async findHeld(profileId: string, id: string): Promise<HeldCredentialRow | undefined> {
      const [row] = await orm
        .select({ credential: credentials, receivedAt: receivedCredentials.receivedAt })
        .from(credentials)
        .leftJoin(
          receivedCredentials,
          and(
            eq(receivedCredentials.credentialId, credentials.id),
            eq(receivedCredentials.profileId, profileId),
          ),
        )
        .where(
          and(
            eq(credentials.id, id),
            isNotNull(credentials.jwt),
            or(eq(credentials.profileId, profileId), isNotNull(receivedCredentials.profileId)),
          ),
        );
      return row && { ...row.credential, receivedAt: row.receivedAt };
    },

    /** Records that `profileId` received the credential; a repeat keeps the first time (idempotent). */
    /** Keeps a received credential; `within` runs in the same database transaction when it was new. */
    async receive(
      profileId: string,
      credentialId: string,
      at: Date,
      within?: (scope: DbScope) => Promise<void>,
    ): Promise<void> {
      await orm.transaction(async (tx) => {
        const inserted = await tx
          .insert(receivedCredentials)
          .values({ profileId, credentialId, receivedAt: at })
          .onConflictDoNothing({ target: [receivedCredentials.profileId, receivedCredentials.credentialId] })
          .returning({ credentialId: receivedCredentials.credentialId });
        if (inserted.length > 0 && within) await within(tx);
      });
    },

    /** Runs `fn` in one database transaction. */
    transaction<T>(fn: (scope: DbScope) => Promise<T>): Promise<T> {
      return orm.transaction(fn);
    },

    /** Records the issuer identity this server signs with (kept once per key id). */
    async recordIssuerKey(row: typeof credentialIssuerKeys.$inferInsert): Promise<void> {
      await orm.insert(credentialIssuerKeys).values(row).onConflictDoNothing();
    },
    async issuerKey(keyId: string) {
      const [row] = await orm
        .select()
        .from(credentialIssuerKeys)
        .where(eq(credentialIssuerKeys.keyId, keyId));
      return row;
    },
    async findById(id: string): Promise<CredentialRow | undefined> {
      const [row] = await orm.select().from(credentials).where(eq(credentials.id, id));
      return row;
    },

    async findByShareId(shareId: string): Promise<CredentialRow | undefined> {
      const [row] = await orm
        .select()
        .from(credentials)
        .where(and(eq(credentials.shareId, shareId), isNotNull(credentials.jwt)));
      return row;
    },

    /** Appends a document (a no-op for a file already kept), under a row lock. */
    async addDocument(
      profileId: string,
      id: string,
      document: WalletDocument,
    ): Promise<CredentialRow | undefined> {
      return orm.transaction(async (tx) => {
        const row = await lockOwned(tx, profileId, id);
        if (!row) return undefined;
        if (row.documents.some((d) => d.fileId === document.fileId)) return row;
        const [updated] = await tx
          .update(credentials)
          .set({ documents: [...row.documents, document] })
          .where(eq(credentials.id, id))
          .returning();
        return updated;
      });
    },

    /**
     * Takes a document off the caller's own credential, under a row lock: the row as it is then, and
     * whether the document was there; undefined when the credential is not theirs.
     */
    async removeDocument(
      profileId: string,
      id: string,
      fileId: string,
    ): Promise<{ row: CredentialRow; removed: boolean } | undefined> {
      return orm.transaction(async (tx) => {
        const row = await lockOwned(tx, profileId, id);
        if (!row) return undefined;
        const documents = row.documents.filter((d) => d.fileId !== fileId);
        if (documents.length === row.documents.length) return { row, removed: false };
        const [updated] = await tx
          .update(credentials)
          .set({ documents })
          .where(eq(credentials.id, id))
          .returning();
        return updated && { row: updated, removed: true };
      });
    },

    /** Forgets that `profileId` received the credential; false when they had not. */
    async forgetReceived(profileId: string, credentialId: string): Promise<boolean> {
      const deleted = await orm
        .delete(receivedCredentials)
        .where(
          and(
            eq(receivedCredentials.profileId, profileId),
            eq(receivedCredentials.credentialId, credentialId),
          ),
        )
        .returning({ id: receivedCredentials.credentialId });
      return deleted.length > 0;
    },

    /**
     * The candidate withdrew `wallet` (ADR 0049): each credential of the request still in a wallet is
     * revoked (its status bit stays set: a verifier holding it sees "revoked"), its signed form and kept
     * documents dropped, and it leaves every wallet that received it. Answers how many.
     */
    async removeOfTxn(profileId: string, txnId: string, at: Date, reason: string): Promise<number> {
      return orm.transaction(async (tx) => {
        const removed = await tx
          .update(credentials)
          .set({
            revokedAt: sql`coalesce(${credentials.revokedAt}, ${at.toISOString()}::timestamptz)`,
            revokedReason: sql`coalesce(${credentials.revokedReason}, ${reason})`,
            jwt: null,
            documents: [],
          })
          .where(
            and(
              eq(credentials.profileId, profileId),
              eq(credentials.txnId, txnId),
              isNotNull(credentials.jwt),
            ),
          )
          .returning({ id: credentials.id });
        const ids = removed.map((r) => r.id);
        if (ids.length > 0)
          await tx.delete(receivedCredentials).where(inArray(receivedCredentials.credentialId, ids));
        return ids.length;
      });
    },

    /** Marks it revoked; undefined when it does not exist, the row unchanged when already revoked. */
    async revoke(
      id: string,
      at: Date,
      reason: string,
    ): Promise<{ row: CredentialRow; changed: boolean } | undefined> {
      const [updated] = await orm
        .update(credentials)
        .set({ revokedAt: at, revokedReason: reason })
        .where(and(eq(credentials.id, id), sql`${credentials.revokedAt} is null`))
        .returning();
      if (updated) return { row: updated, changed: true };
      const existing = await this.findById(id);
      return existing ? { row: existing, changed: false } : undefined;
    },

    /** The revoked status indexes in [from, to): the set bits of one status list. */
    async revokedIndexes(from: number, to: number): Promise<number[]> {
      const rows = await orm
        .select({ index: credentials.statusIndex })
        .from(credentials)
        .where(
          and(
            isNotNull(credentials.revokedAt),
            gte(credentials.statusIndex, from),
            lt(credentials.statusIndex, to),
          ),
        );
      return rows.map((r) => r.index);
    },
  };
}
export type CredentialsRepository = ReturnType<typeof createCredentialsRepository>;
