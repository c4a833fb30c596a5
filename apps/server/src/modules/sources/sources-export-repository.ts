import type { ExportIssuerPull } from '@veridocs/shared';
import { asc, eq } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { issuerPulls } from '../../db/schema/index.js';

/**
 * The sources module's part of a candidate's data export (ADR 0049 "Export"): what each issuer sent
 * about them (the XML and the fields read from it) and how it compared. The DigiLocker sign-in sessions
 * (the OAuth exchange's state and encrypted tokens) are left out.
 */
export function createSourcesExportRepository(orm: Orm) {
  return {
    async issuerPulls(profileId: string): Promise<ExportIssuerPull[]> {
      const rows = await orm
        .select()
        .from(issuerPulls)
        .where(eq(issuerPulls.profileId, profileId))
        .orderBy(asc(issuerPulls.pulledAt), asc(issuerPulls.id));
      return rows.map((p) => ({
        id: p.id,
        txnId: p.txnId,
        verificationName: p.verificationName,
        channel: p.channel,
        issuerName: p.issuerName,
        doctype: p.doctype,
        xml: p.xml,
        fileId: p.fileId,
        fields: p.fields,
        matched: p.matched,
        completed: p.completed,
        pulledAt: p.pulledAt.toISOString(),
      }));
    },
  };
}
