import type {
  ExportDisclosure,
  ExportNomination,
  ExportNotice,
  ExportPrivacyRequest,
} from '@veridocs/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { createKeyedWindowCounter } from '../../db/keyed-window-counter.js';
import { disclosures, nominations, privacyNotices, privacyRequests } from '../../db/schema/index.js';
import { referenceOf } from './requests-service.js';

/**
 * The privacy module's own reads for a candidate's data export (ADR 0049 "Export"), and the export's
 * daily budget: a keyed counter `export:<profileId>` in otp_throttles (the privacy module's own key
 * prefix; aadhaar keeps `aadhaar:<profileId>` the same way).
 */
export function createExportRepository(orm: Orm) {
  const counter = createKeyedWindowCounter(orm);
  return {
    /** The notices' exact texts the candidate's ledger entries cite. */
    async notices(hashes: string[]): Promise<ExportNotice[]> {
      if (hashes.length === 0) return [];
      return orm
        .select({
          hash: privacyNotices.hash,
          language: privacyNotices.language,
          templateVersion: privacyNotices.templateVersion,
          text: privacyNotices.text,
        })
        .from(privacyNotices)
        .where(inArray(privacyNotices.hash, hashes))
        .orderBy(asc(privacyNotices.createdAt), asc(privacyNotices.hash));
    },

    /** Every disclosure of the candidate's data, oldest first. */
    async disclosures(profileId: string): Promise<ExportDisclosure[]> {
      const rows = await orm
        .select()
        .from(disclosures)
        .where(eq(disclosures.profileId, profileId))
        .orderBy(asc(disclosures.at), asc(disclosures.id));
      return rows.map((d) => ({
        id: d.id,
        txnId: d.txnId,
        recipientKind: d.recipientKind,
        recipientName: d.recipientName,
        what: d.what,
        detail: d.detail,
        at: d.at.toISOString(),
      }));
    },

    /** The candidate's correction requests and grievance tickets, oldest first. */
    async privacyRequests(profileId: string): Promise<ExportPrivacyRequest[]> {
      const rows = await orm
        .select()
        .from(privacyRequests)
        .where(eq(privacyRequests.profileId, profileId))
        .orderBy(asc(privacyRequests.number));
      return rows.map((r) => ({
        reference: referenceOf(r.kind, r.number),
        kind: r.kind,
        category: r.category ?? null,
        txnId: r.txnId ?? null,
        subject: r.subject ?? null,
        text: r.text,
        proposed: r.proposed ?? null,
        status: r.status,
        createdAt: r.createdAt.toISOString(),
        dueAt: r.dueAt.toISOString(),
        outcome: r.outcome ?? null,
        answer: r.answer ?? null,
        answeredAt: r.answeredAt?.toISOString() ?? null,
      }));
    },

    /** Every change of the candidate's nominee, oldest first. */
    async nominations(profileId: string): Promise<ExportNomination[]> {
      const rows = await orm
        .select()
        .from(nominations)
        .where(eq(nominations.profileId, profileId))
        .orderBy(asc(nominations.seq));
      return rows.map((n) => ({
        action: n.action,
        name: n.name ?? null,
        relationship: n.relationship ?? null,
        mobile: n.mobile ?? null,
        email: n.email ?? null,
        at: n.at.toISOString(),
      }));
    },

    /** Counts one export of the profile (`export:<profileId>`): at most `max` in a window. False when spent. */
    countExport: (profileId: string, at: Date, windowSeconds: number, max: number): Promise<boolean> =>
      counter.take(`export:${profileId}`, at, windowSeconds, max),
    /** An export that failed on our side is not counted against the candidate. */
    uncountExport: (profileId: string, takenAt: Date): Promise<void> =>
      counter.giveBack(`export:${profileId}`, takenAt),
  };
}

export type ExportRepository = ReturnType<typeof createExportRepository>;
