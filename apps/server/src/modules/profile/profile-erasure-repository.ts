import { eq } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { profiles } from '../../db/schema/index.js';

/** Erased profiles' mobile starts with this (no real number does): they can never sign in again. */
export const ERASED_MOBILE_PREFIX = 'erased:';

/**
 * The profile's part of a candidate's erasure (ADR 0049): the name, mobile, date of birth and every
 * other personal field replaced by an irreversible placeholder; the id stays, so the consent ledger and
 * payment records still join.
 */
export function createProfileErasureRepository(orm: Orm, byId: { invalidate(id: string): void }) {
  return {
    async contact(profileId: string): Promise<{ mobile: string; language: string | null } | undefined> {
      const [row] = await orm
        .select({ mobile: profiles.mobile, language: profiles.language })
        .from(profiles)
        .where(eq(profiles.id, profileId));
      return row;
    },
    async anonymise(profileId: string, placeholder: { name: string; mobile: string }): Promise<void> {
      try {
        await orm
          .update(profiles)
          .set({
            name: placeholder.name,
            mobile: placeholder.mobile,
            agentId: null,
            verificationDetailList: {},
            dateOfBirth: null,
            gender: null,
            address: null,
            photo: null,
            aadhaarHash: null,
            aadhaarLast4: null,
            aadhaarVerifiedAt: null,
            verifiedName: null,
            basicDetails: null,
            contactDetails: null,
          })
          .where(eq(profiles.id, profileId));
      } finally {
        byId.invalidate(profileId);
      }
    },
  };
}
