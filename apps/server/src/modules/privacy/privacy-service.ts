import {
  DISCLOSURE_PAGE_SIZE,
  REQUIRED_PURPOSES,
  type AccessCategory,
  type DisclosureList,
  type DisclosureListQuery,
  type DisclosureRecord,
  type LedgerCheckResponse,
  type PrivacyAccess,
  type PrivacyPurpose,
} from '@veridocs/shared';
import type { DbScope } from '../../db/client.js';
import { AppError } from '../../errors.js';
import {
  consentIdOf,
  grantingEntry,
  problemOf,
  sortedPurposes,
  standingGrants,
  type LedgerEntry,
  type LedgerFacts,
  type PurposeGrants,
} from './ledger-fns.js';
import type { PrivacyRepository } from './privacy-repository.js';

export interface PrivacyServiceDeps {
  repo: PrivacyRepository;
  now: () => Date;
  /** Entries read per query while checking the chain. */
  checkBatch?: number;
}

/** What each category of data is used for (the access page; ADR 0049's purposes). */
const USED_FOR: Record<AccessCategory['key'], PrivacyPurpose[]> = {
  profile: ['verify', 'report_organisation'],
  identity: ['verify', 'report_organisation'],
  requests: ['verify', 'report_organisation', 'report_partner', 'contact_institutions'],
  documents: ['verify', 'contact_institutions'],
  // Kept for the account itself and the law (tax records), not for a purpose of a request.
  payments: [],
  notifications: [],
  chat: [],
  credentials: ['wallet'],
  consents: [],
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A page's cursor: the last row's time and id, opaque to the client. */
export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): { at: Date; id: string } | null {
  const [iso, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const at = new Date(iso ?? '');
  if (extra !== undefined || !id || !UUID.test(id) || Number.isNaN(at.getTime())) return null;
  return { at, id };
}

/** Privacy by law (issue 29, ADR 0049): the consent ledger and its check. */
export function createPrivacyService(deps: PrivacyServiceDeps) {
  const { repo } = deps;
  const batch = deps.checkBatch ?? 1_000;

  return {
    /**
     * Records a consent, refusal or withdrawal. A consent grants every required purpose (refusing one
     * is a refusal); a withdrawal names only what it withdraws; each purpose once.
     */
    async record(facts: Omit<LedgerFacts, 'at'>): Promise<LedgerEntry> {
      let purposes;
      try {
        purposes = sortedPurposes(facts.purposes);
      } catch (error) {
        throw new AppError('VALIDATION_FAILED', (error as Error).message);
      }
      if (purposes.length === 0) throw new AppError('VALIDATION_FAILED', 'Name at least one purpose');
      if (facts.action === 'consent') {
        const missing = REQUIRED_PURPOSES.filter(
          (required) => !purposes.some((p) => p.purpose === required && p.granted),
        );
        if (missing.length > 0)
          throw new AppError(
            'VALIDATION_FAILED',
            `A consent grants the required purposes: ${missing.join(', ')}`,
          );
      }
      if (facts.action === 'withdraw' && purposes.some((p) => p.granted))
        throw new AppError('VALIDATION_FAILED', 'A withdrawal grants nothing');
      return repo.append({ ...facts, purposes, at: deps.now() });
    },

    /** What a candidate's consent to one request grants now (consents, refusals, withdrawals folded). */
    async grantsOf(profileId: string, txnId: string): Promise<PurposeGrants> {
      return standingGrants(await repo.entriesOfTxn(profileId, txnId));
    },

    /**
     * The recorded consent a purpose of one request rests on now (the ledger entry that grants it): its
     * id in UUID form and when it was given; null when refused, withdrawn or never recorded.
     */
    async consentFor(
      profileId: string,
      txnId: string,
      purpose: PrivacyPurpose,
    ): Promise<{ consentId: string; givenAt: Date } | null> {
      const entry = grantingEntry(await repo.entriesOfTxn(profileId, txnId), purpose);
      return entry ? { consentId: consentIdOf(entry), givenAt: entry.at } : null;
    },

    /**
     * consentFor inside the caller's database transaction, under the ledger's lock until it ends: a
     * withdrawal waits for that write, or that write sees it (ADR 0045 "The team's ask").
     */
    async consentForLocked(
      scope: DbScope,
      profileId: string,
      txnId: string,
      purpose: PrivacyPurpose,
    ): Promise<{ consentId: string; givenAt: Date } | null> {
      const entry = grantingEntry(await repo.entriesOfTxnLocked(scope, profileId, txnId), purpose);
      return entry ? { consentId: consentIdOf(entry), givenAt: entry.at } : null;
    },

    /** The same, read inside the caller's database transaction (a state-change hook's). */
    async grantsOfIn(scope: DbScope, profileId: string, txnId: string): Promise<PurposeGrants> {
      return standingGrants(await repo.entriesOfTxnIn(scope, profileId, txnId));
    },

    /**
     * Records a disclosure of a candidate's data in the caller's database transaction (every sender
     * calls this through its port, so the row exists iff the act committed; ADR 0049).
     */
    async disclose(scope: DbScope, record: DisclosureRecord): Promise<void> {
      await repo.insertDisclosure(scope, { ...record, detail: record.detail.slice(0, 300) });
    },

    /** The candidate's disclosures, newest first, a page at a time. */
    async disclosures(profileId: string, query: DisclosureListQuery): Promise<DisclosureList> {
      const limit = query.limit ?? DISCLOSURE_PAGE_SIZE;
      const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
      if (query.cursor !== undefined && !after) throw new AppError('DISCLOSURE_CURSOR_INVALID');
      const rows = await repo.disclosuresOf(profileId, after, limit + 1);
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return {
        items: page.map((r) => ({
          id: r.id,
          txnId: r.txnId,
          recipientKind: r.recipientKind,
          recipientName: r.recipientName,
          what: r.what,
          detail: r.detail,
          at: r.at.toISOString(),
        })),
        nextCursor: rows.length > limit && last ? encodeCursor(last.at, last.id) : null,
      };
    },

    /** What the product holds about the candidate, by category, with what each is used for. */
    async access(profileId: string): Promise<PrivacyAccess> {
      const held = await repo.holdingsOf(profileId);
      if (!held) throw new AppError('NOT_FOUND');
      const ledger = await repo.entriesOfProfile(profileId);
      const { profile } = held;
      const requests = held.txns.map((t) => {
        const grants = standingGrants(ledger.filter((e) => e.txnId === t.id));
        return {
          txnId: t.id,
          orgName: t.orgName,
          formName: t.formName,
          state: t.state,
          createdAt: t.createdAt.toISOString(),
          verifications: held.records
            .filter((r) => r.txnId === t.id)
            .map((r) => ({ name: r.name, label: r.name, state: r.state })),
          documents: held.files.filter((f) => f.txnId === t.id).map((f) => f.name),
          purposes: Object.entries(grants)
            .map(([purpose, granted]) => ({ purpose: purpose as PrivacyPurpose, granted: granted === true }))
            .sort((a, b) => a.purpose.localeCompare(b.purpose)),
        };
      });
      const counts: Record<AccessCategory['key'], number> = {
        profile: 1,
        identity: profile.aadhaarLast4 || held.records.some((r) => r.name === 'passport') ? 1 : 0,
        requests: held.txns.length,
        documents: held.files.length,
        payments: held.payments,
        notifications: held.notifications,
        chat: held.chat,
        credentials: held.credentials,
        consents: ledger.length,
      };
      return {
        profile: {
          name: profile.name,
          mobile: profile.mobile,
          dateOfBirth: profile.dateOfBirth,
          language: profile.language,
          since: profile.createdAt.toISOString(),
        },
        identity: {
          aadhaarLast4: profile.aadhaarLast4,
          aadhaarVerifiedAt: profile.aadhaarVerifiedAt?.toISOString() ?? null,
          verifiedName: profile.verifiedName,
          passport: held.records.some((r) => r.name === 'passport'),
        },
        categories: (Object.keys(USED_FOR) as AccessCategory['key'][]).map((key) => ({
          key,
          count: counts[key],
          usedFor: USED_FOR[key],
        })),
        requests,
      };
    },

    /** Walks the chain from its first entry; answers the first entry that does not hold. */
    async check(): Promise<LedgerCheckResponse> {
      let previous: LedgerEntry | null = null;
      let entries = 0;
      for (;;) {
        const page = await repo.entriesAfter(previous?.seq ?? 0, batch);
        for (const entry of page) {
          const problem = problemOf(previous, entry);
          if (problem)
            return {
              entries,
              ok: false,
              headHash: null,
              firstBadSeq: entry.seq,
              problem,
              checkedAt: deps.now().toISOString(),
            };
          entries++;
          previous = entry;
        }
        if (page.length < batch) break;
      }
      return {
        entries,
        ok: true,
        headHash: previous?.hash ?? null,
        firstBadSeq: null,
        problem: null,
        checkedAt: deps.now().toISOString(),
      };
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
