import type { ExportProfile } from '@veridocs/shared';
import { eq } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { profiles } from '../../db/schema/index.js';

/** The profile's part of a candidate's data export (ADR 0049 "Export"): every personal field it holds. */
export function createProfileExportRepository(orm: Orm) {
  return {
    async profile(profileId: string): Promise<ExportProfile | undefined> {
      const [row] = await orm.select().from(profiles).where(eq(profiles.id, profileId)).limit(1);
      if (!row) return undefined;
      return {
        id: row.id,
        name: row.name,
        mobile: row.mobile,
        dateOfBirth: row.dateOfBirth,
        gender: row.gender,
        language: row.language,
        address: row.address ?? null,
        photo: row.photo,
        aadhaarLast4: row.aadhaarLast4,
        aadhaarVerifiedAt: row.aadhaarVerifiedAt?.toISOString() ?? null,
        verifiedName: row.verifiedName,
        basicDetails: row.basicDetails ?? null,
        contactDetails: row.contactDetails ?? null,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    },
  };
}
