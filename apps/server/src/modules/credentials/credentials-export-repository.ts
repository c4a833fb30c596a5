import type { ExportCredential } from '@veridocs/shared';
import { asc, eq } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { credentials } from '../../db/schema/index.js';

/** The credentials module's part of a candidate's data export (ADR 0049 "Export"): the JWTs as held. */
export function createCredentialsExportRepository(orm: Orm) {
  return {
    async credentials(profileId: string): Promise<ExportCredential[]> {
      const rows = await orm
        .select()
        .from(credentials)
        .where(eq(credentials.profileId, profileId))
        .orderBy(asc(credentials.issuedAt), asc(credentials.id));
      return rows.map((c) => ({
        id: c.id,
        txnId: c.txnId,
        verificationName: c.verificationName,
        type: c.credentialType,
        attributes: c.credentialAttributes,
        jwt: c.jwt,
        issuedAt: c.issuedAt.toISOString(),
        expiresAt: c.expiresAt?.toISOString() ?? null,
        revokedAt: c.revokedAt?.toISOString() ?? null,
        revokedReason: c.revokedReason,
      }));
    },
  };
}
