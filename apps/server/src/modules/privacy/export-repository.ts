import type {
  ExportDisclosure,
  ExportNomination,
  ExportNotice,
  ExportPrivacyRequest,
} from '@veridocs/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import {
  disclosures,
  nominations,
  otpThrottles,
  privacyNotices,
  privacyRequests,
} from '../../db/schema/index.js';
import { referenceOf } from './requests-service.js';

/**
 * The privacy module's own reads for a candidate's data export (ADR 0049 "Export"), and the export's
 * daily budget: a keyed counter `export:<profileId>` in otp_throttles (the privacy module's own key
 * prefix; aadhaar keeps `aadhaar:<profileId>` the same way).
 */
export function createExportRepository(orm: Orm) {
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

    /**
     * Counts one export of the profile in its row (locked first): a fixed window of `windowSeconds`, at
     * most `max` in it; concurrent downloads queue on the lock. Returns false when the budget is spent.
     */
    async countExport(profileId: string, at: Date, windowSeconds: number, max: number): Promise<boolean> {
      const key = `export:${profileId}`;
      return orm.transaction(async (tx) => {
        await tx
          .insert(otpThrottles)
          .values({ mobile: key })
          .onConflictDoNothing({ target: otpThrottles.mobile });
        const [row] = await tx.select().from(otpThrottles).where(eq(otpThrottles.mobile, key)).for('update');
        if (!row) throw new Error('otp_throttles row missing after upsert');
        let windowStart = row.windowStartedAt;
        let requests = row.requests;
        if (!windowStart || windowStart.getTime() + windowSeconds * 1000 <= at.getTime()) {
          windowStart = at;
          requests = 0;
        }
        if (requests >= max) return false;
        await tx
          .update(otpThrottles)
          .set({ windowStartedAt: windowStart, requests: requests + 1, lastRequestedAt: at })
          .where(eq(otpThrottles.mobile, key));
        return true;
      });
    },
  };
}

export type ExportRepository = ReturnType<typeof createExportRepository>;
