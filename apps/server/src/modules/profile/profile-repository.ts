import { and, asc, eq, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { KycAddress } from '@veridocs/shared';
import type { DbScope, Orm } from '../../db/client.js';
import { profiles, type StoredBasicDetails, type StoredContactDetails } from '../../db/schema/index.js';
import type { ReadCache } from '../../lib/read-cache.js';

export type ProfileRow = typeof profiles.$inferSelect;

/** What an Aadhaar verification writes into the profile (the number only as its HMAC and last 4). */
export interface KycPatch {
  name: string;
  dateOfBirth: string;
  gender: string;
  address: KycAddress;
  photo: string | null;
  /** Null when the source gave the number masked (a DigiLocker e-Aadhaar may): no repeat is findable then. */
  aadhaarHash: string | null;
  aadhaarLast4: string;
  verifiedAt: Date;
}

/** `byId` caches rows by id (GET profile runs on every screen); every write here invalidates it after it. */
export function createProfileRepository(orm: Orm, byId: ReadCache<string, ProfileRow>) {
  return {
    /** Drops the cached row (after a database transaction that wrote it has committed). */
    forget(id: string): void {
      byId.invalidate(id);
    },
    /**
     * The e-KYC photo and address of identities verified before `cutoff` (ADR 0049 "Aadhaar-derived
     * data": 30 days; the name, date of birth and last 4 digits stay as the result). At most `limit`
     * profiles a call; answers how many were cleared.
     */
    async purgeKycPhotoAddressBefore(cutoff: Date, limit: number): Promise<number> {
      const due = await orm
        .select({ id: profiles.id })
        .from(profiles)
        .where(
          and(
            lt(profiles.aadhaarVerifiedAt, cutoff),
            or(isNotNull(profiles.photo), isNotNull(profiles.address)),
          ),
        )
        .orderBy(asc(profiles.aadhaarVerifiedAt))
        .limit(limit);
      if (due.length === 0) return 0;
      const ids = due.map((d) => d.id);
      const cleared = await orm
        .update(profiles)
        .set({ photo: null, address: null })
        .where(and(inArray(profiles.id, ids), lt(profiles.aadhaarVerifiedAt, cutoff)))
        .returning({ id: profiles.id });
      for (const row of cleared) byId.invalidate(row.id);
      return cleared.length;
    },
    findById(id: string): Promise<ProfileRow | undefined> {
      return byId.get(id, async () => {
        const [row] = await orm.select().from(profiles).where(eq(profiles.id, id));
        return row;
      });
    },
    /** The cached row, when there is one to answer from memory (`findById` otherwise). */
    findKnown(id: string): ProfileRow | undefined {
      return byId.peek(id);
    },
    async findByMobile(mobile: string): Promise<ProfileRow | undefined> {
      const [row] = await orm.select().from(profiles).where(eq(profiles.mobile, mobile));
      return row;
    },
    /** Creates the wallet of `mobile` unless it exists (unique mobile); returns the stored one. */
    async insertIfAbsent(values: {
      mobile: string;
      name: string;
      now: Date;
      createdByOrgId?: string;
    }): Promise<ProfileRow> {
      const [created] = await orm
        .insert(profiles)
        .values({
          mobile: values.mobile,
          name: values.name,
          createdByOrgId: values.createdByOrgId ?? null,
          createdAt: values.now,
          updatedAt: values.now,
        })
        .onConflictDoNothing({ target: profiles.mobile })
        .returning();
      if (created) return created;
      const existing = await this.findByMobile(values.mobile);
      if (!existing) throw new Error('profile missing after conflicting insert');
      return existing;
    },
    /** True when another profile holds this Aadhaar HMAC. */
    async aadhaarHeldByOther(id: string, aadhaarHash: string, within: DbScope = orm): Promise<boolean> {
      const [row] = await within
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(eq(profiles.aadhaarHash, aadhaarHash), ne(profiles.id, id)));
      return row !== undefined;
    },
    /** Fills the profile from a verified Aadhaar record. */
    async applyKyc(
      id: string,
      patch: KycPatch,
      basicDetails: StoredBasicDetails | null,
      now: Date,
      within: DbScope = orm,
    ): Promise<ProfileRow | undefined> {
      const [row] = await byId.invalidateAfter(id, () =>
        within
          .update(profiles)
          .set({
            // A name the candidate already gave stays; the verified one is kept beside it.
            name: sql`CASE WHEN btrim(${profiles.name}) = '' THEN ${patch.name} ELSE ${profiles.name} END`,
            verifiedName: patch.name,
            // Details the candidate already saved stay as they are.
            ...(basicDetails
              ? {
                  basicDetails: sql`COALESCE(${profiles.basicDetails}, ${JSON.stringify(basicDetails)}::jsonb)`,
                }
              : {}),
            dateOfBirth: patch.dateOfBirth,
            gender: patch.gender,
            address: patch.address,
            photo: patch.photo,
            aadhaarHash: patch.aadhaarHash,
            aadhaarLast4: patch.aadhaarLast4,
            aadhaarVerifiedAt: patch.verifiedAt,
            updatedAt: now,
          })
          .where(eq(profiles.id, id))
          .returning(),
      );
      return row;
    },
    async update(
      id: string,
      patch: { name?: string | undefined },
      now: Date,
    ): Promise<ProfileRow | undefined> {
      const [row] = await byId.invalidateAfter(id, () =>
        orm
          .update(profiles)
          .set({ ...(patch.name !== undefined ? { name: patch.name } : {}), updatedAt: now })
          .where(eq(profiles.id, id))
          .returning(),
      );
      return row;
    },
    /** Keeps the language the candidate uses the app in (their SMS copies; ADR 0038). */
    async rememberLanguage(id: string, language: 'en' | 'hi'): Promise<void> {
      const changed = await orm
        .update(profiles)
        .set({ language })
        .where(and(eq(profiles.id, id), sql`${profiles.language} is distinct from ${language}`))
        .returning({ id: profiles.id });
      if (changed.length > 0) byId.invalidate(id);
    },
    /** Writes the parts given (a candidate only ever writes the row of their own session). */
    async updateDetails(
      id: string,
      patch: { basicDetails?: StoredBasicDetails; contactDetails?: StoredContactDetails },
      now: Date,
    ): Promise<ProfileRow | undefined> {
      const [row] = await byId.invalidateAfter(id, () =>
        orm
          .update(profiles)
          .set({
            ...(patch.basicDetails ? { basicDetails: patch.basicDetails } : {}),
            ...(patch.contactDetails ? { contactDetails: patch.contactDetails } : {}),
            updatedAt: now,
          })
          .where(eq(profiles.id, id))
          .returning(),
      );
      return row;
    },
  };
}
export type ProfileRepository = ReturnType<typeof createProfileRepository>;
