import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  REPORT_PATHS,
  WITHDRAWN_BY_CANDIDATE_ACTION,
  REFUSED_UNDER_18_ACTION,
  verificationTypeOf,
  type OpsReport,
  type ReportFileCheck,
  type ReportVerification,
  type ReportWebhook,
  type State,
  type TransactionInfo,
} from '@veridocs/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { DbScope } from '../../db/client.js';
import type { ReportFacts } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import type { ReportDelivery } from '../../providers/report-delivery/index.js';
import { newStorageKey, type Storage } from '../../storage/index.js';
import type { StateChange } from '../transactions/state-machine.js';
import type { TransactionSnapshot } from '../transactions/transactions-repository.js';
import { groupCode, newReportCode, renderReportPdf } from './report-pdf.js';
import type { ReportRow, ReportsRepository } from './reports-repository.js';

/** After the 1st, 2nd, ... failed delivery; after the last one the report is `failed` (an admin may re-send). */
export const REPORT_BACKOFF_MS = [30_000, 120_000, 600_000, 3_600_000, 3_600_000] as const;
export const REPORT_MAX_ATTEMPTS = REPORT_BACKOFF_MS.length + 1;
/** Making the PDF failed (storage down): tried again after this. */
const GENERATION_RETRY_MS = 60_000;
const LEASE_MS = 120_000;
const SETTLED: readonly State[] = ['COMPLETED', 'FAILED', 'CLOSED'];
/** A transaction settled from one of these had every verification decided (not closed before submission). */
const UNDER_REVIEW: readonly State[] = ['SUBMITTED', 'IN_PROGRESS', 'INSUFFICIENT_DATA'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How each identity verification is established (the evidence summary's "method"). */
const IDENTITY_METHODS: Record<string, string> = {
  aadhaar: 'Aadhaar e-KYC by OTP (UIDAI)',
  passport: 'Passport: machine-readable zone read and checked',
};

/** A delivered report, as the candidate's notification needs it. */
export interface SentReport {
  txnId: string;
  profileId: string;
  formId: string;
  orgId: string;
  partnerName: string;
}

export interface ReportsServiceDeps {
  repo: ReportsRepository;
  storage: Storage;
  delivery: ReportDelivery;
  /** The evaluation partner's display name (null: unknown id). */
  partnerName: (partnerId: string) => string | null;
  /** The transaction's snapshot and info (labels, states), no owner check. */
  context: (txnId: string) => Promise<{ snap: TransactionSnapshot; info: TransactionInfo } | undefined>;
  publicUrl: string;
  now: Clock;
  log: FastifyBaseLogger;
  /**
   * Whether the candidate's consent still lets the report go to the partner (ADR 0049: withdrawing
   * `report_partner` stops it); asked when the report is made and before every attempt. Default: yes.
   */
  partnerAllowed?: (txn: { txnId: string; profileId: string }) => Promise<boolean>;
  /** Told inside the database transaction that records a delivery (the candidate's notification). */
  onSent?: (scope: DbScope, sent: SentReport) => Promise<void>;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function maskMobile(mobile: string): string {
  const digits = mobile.replace(/\D/g, '');
  return digits.length <= 4 ? '****' : `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}`;
}

/** Every string in saved data that looks like a file id (documents are kept as `{ fileId }` and the like). */
function fileIdsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') {
    if (UUID.test(value)) out.push(value.toLowerCase());
  } else if (Array.isArray(value)) for (const v of value) fileIdsIn(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) fileIdsIn(v, out);
  return out;
}

/** Verification reports: made when a transaction is settled, delivered, checked in public (ADR 0028). */
/** How a verification verified at its source was verified (issue 26): the issuer, the channel, the day. */
export function sourceMethod(data: Record<string, unknown>): string | null {
  const mark = data.issuerSource;
  if (typeof mark !== 'object' || mark === null) return null;
  const { channel, issuer, at, responder } = mark as Record<string, unknown>;
  if (typeof issuer !== 'string' || typeof at !== 'string') return null;
  if (channel === 'institution') {
    const designation = (responder as { designation?: unknown } | undefined)?.designation;
    const who = typeof designation === 'string' && designation ? `the ${designation}, ${issuer}` : issuer;
    return `Confirmed by ${who}, on ${at.slice(0, 10)}`;
  }
  const via = channel === 'apisetu' ? 'API Setu' : 'DigiLocker';
  return `Verified with the issuer (${issuer}) through ${via} on ${at.slice(0, 10)}`;
}

export function createReportsService(deps: ReportsServiceDeps) {
  const { repo, storage, delivery, now } = deps;
  const base = deps.publicUrl.replace(/\/+$/, '');
  const verifyUrl = (code: string) => `${base}${REPORT_PATHS.page(groupCode(code))}`;
  let kick: () => void = () => undefined;

  async function buildFacts(row: ReportRow): Promise<ReportFacts> {
    const context = await deps.context(row.txnId);
    if (!context) throw new Error('transaction not found');
    const { snap, info } = context;
    const material = await repo.material(row.txnId);
    const documents = new Map(material.documents.map((d) => [d.id, d]));
    const reasons = new Map<string, string | null>();
    for (const d of material.decisions) {
      const name = d.targetId?.slice(row.txnId.length + 1);
      const state = d.detail.state;
      if (!name || (state !== 'FAILED' && state !== 'CLOSED')) continue;
      reasons.set(name, typeof d.detail.reason === 'string' ? d.detail.reason : null);
    }
    const lastTo = (to: readonly State[]) =>
      material.changes.filter((c) => c.entity === 'transaction' && to.includes(c.to)).at(-1)?.at ?? null;
    const verifications = snap.records.map((record) => {
      const entry = info.verificationList[record.name];
      const type = verificationTypeOf(record.name);
      const docs = [...new Set(fileIdsIn(record.data))]
        .map((id) => documents.get(id))
        .filter((d) => d !== undefined)
        .map((d) => ({ name: d.name, pages: d.pages, findings: d.issues.length }));
      const result: ReportFacts['verifications'][number]['result'] = record.markedAsSkip
        ? 'SKIPPED'
        : record.state === 'COMPLETED'
          ? 'VERIFIED'
          : record.state === 'FAILED'
            ? 'FAILED'
            : 'CLOSED';
      const source = sourceMethod(record.data);
      const method =
        result === 'SKIPPED'
          ? 'Not verified: skipped by the candidate'
          : (source ??
            IDENTITY_METHODS[type] ??
            (docs.length > 0
              ? 'Documents reviewed by the verification team'
              : 'Details reviewed by the verification team'));
      return {
        name: record.name,
        label: entry?.label ?? record.name,
        result,
        reason: result === 'FAILED' || result === 'CLOSED' ? (reasons.get(record.name) ?? null) : null,
        method,
        documents: result === 'SKIPPED' ? [] : docs,
      };
    });
    const partnerId = snap.txn.evalProvider;
    return {
      candidate: {
        name: material.candidate?.name ?? '',
        verifiedName: material.candidate?.verifiedName ?? null,
        maskedMobile: maskMobile(material.candidate?.mobile ?? ''),
      },
      organisation: snap.org.name,
      form: snap.form.name,
      transactionState: snap.txn.state,
      submittedAt: iso(lastTo(['SUBMITTED'])),
      decidedAt: (lastTo(SETTLED) ?? row.createdAt).toISOString(),
      verifications,
      partner: partnerId
        ? {
            id: partnerId,
            name: deps.partnerName(partnerId) ?? partnerId,
            reference: snap.txn.evalReference,
          }
        : null,
    };
  }

  function publicView(row: ReportRow): ReportVerification {
    const facts = row.facts!;
    return {
      code: groupCode(row.code),
      issuedAt: row.generatedAt!.toISOString(),
      candidate: { name: facts.candidate.name, verifiedName: facts.candidate.verifiedName },
      organisation: facts.organisation,
      form: facts.form,
      submittedAt: facts.submittedAt,
      decidedAt: facts.decidedAt,
      verifications: facts.verifications.map((v) => ({ label: v.label, result: v.result, reason: v.reason })),
      partner: facts.partner?.name ?? null,
      sha256: row.sha256!,
    };
  }

  async function readPdf(key: string): Promise<Buffer> {
    const body = await storage.get(key);
    if (!body) throw new Error('report PDF missing from storage');
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  }

  /** Makes and stores the PDF; answers the row as it is now. */
  async function generate(row: ReportRow): Promise<ReportRow> {
    const facts = await buildFacts(row);
    const at = now();
    const pdf = Buffer.from(
      await renderReportPdf({ facts, code: row.code, verifyUrl: verifyUrl(row.code), issuedAt: at }),
    );
    const storageKey = newStorageKey();
    await storage.put(storageKey, Readable.from([pdf]));
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    const partnerId = facts.partner?.id ?? null;
    const deliverable =
      partnerId !== null && delivery.destination(partnerId) !== null && (await allowed(row.txnId));
    await repo.markGenerated(row, {
      facts,
      partnerId,
      storageKey,
      sha256,
      size: pdf.length,
      at,
      deliverable,
    });
    return {
      ...row,
      facts,
      partnerId,
      storageKey,
      sha256,
      size: pdf.length,
      generatedAt: at,
      status: deliverable ? 'sending' : 'no_partner',
      attempts: 0,
      nextAttemptAt: at,
      lastError: null,
    };
  }

  /** Whether the candidate's consent lets the report go to the partner now. */
  async function allowed(txnId: string): Promise<boolean> {
    if (!deps.partnerAllowed) return true;
    const txn = (await deps.context(txnId))?.snap.txn;
    return txn ? deps.partnerAllowed({ txnId, profileId: txn.profileId }) : false;
  }

  async function attempt(row: ReportRow): Promise<void> {
    if (!(await allowed(row.txnId))) {
      // Withdrawn since it was made: it is not sent, now or later.
      await repo.withheld(row.id, now());
      return;
    }
    const started = now();
    const partnerId = row.partnerId!;
    const pdf = await readPdf(row.storageKey!);
    const body: ReportWebhook = {
      id: row.id,
      type: 'verification_report.issued',
      createdAt: started.toISOString(),
      data: {
        transactionId: row.txnId,
        partner: { id: partnerId, reference: row.facts?.partner?.reference ?? null },
        code: groupCode(row.code),
        verifyUrl: verifyUrl(row.code),
        report: publicView(row),
        pdf: {
          contentType: 'application/pdf',
          fileName: `verification-report-${groupCode(row.code)}.pdf`,
          size: pdf.length,
          sha256: row.sha256!,
          base64: pdf.toString('base64'),
        },
      },
    };
    const t0 = performance.now();
    const outcome = await delivery.deliver(partnerId, {
      eventId: row.id,
      body: JSON.stringify(body),
      at: started,
    });
    const durationMs = Math.round(performance.now() - t0);
    const attempts = row.attempts + 1;
    const delivered = outcome.error === null;
    const giveUp = !delivered && attempts >= REPORT_MAX_ATTEMPTS;
    const backoff = REPORT_BACKOFF_MS[Math.min(attempts, REPORT_BACKOFF_MS.length) - 1]!;
    // Read before the write's transaction: on PGlite the transaction holds the only connection.
    const txn = delivered && deps.onSent ? (await deps.context(row.txnId))?.snap.txn : undefined;
    const sent: SentReport | undefined = txn
      ? {
          txnId: row.txnId,
          profileId: txn.profileId,
          formId: txn.formId,
          orgId: txn.orgId,
          partnerName: deps.partnerName(partnerId) ?? partnerId,
        }
      : undefined;
    await repo.recordAttempt(
      row,
      {
        at: started,
        partnerId,
        url: outcome.url,
        statusCode: outcome.statusCode,
        error: outcome.error,
        durationMs,
      },
      {
        status: delivered ? 'sent' : giveUp ? 'failed' : 'sending',
        attempts,
        nextAttemptAt: delivered || giveUp ? started : new Date(started.getTime() + backoff),
        sentAt: delivered ? now() : null,
        lastError: outcome.error,
      },
      sent && deps.onSent ? (scope) => deps.onSent!(scope, sent) : undefined,
    );
    if (!delivered)
      deps.log.info({ reportId: row.id, attempts, error: outcome.error }, 'report delivery attempt failed');
  }

  async function mustHave(txnId: string): Promise<ReportRow> {
    const row = UUID.test(txnId) ? await repo.byTxn(txnId.toLowerCase()) : undefined;
    if (!row) throw new AppError('REPORT_NOT_FOUND');
    return row;
  }

  async function opsReport(txnId: string): Promise<OpsReport> {
    const row = await mustHave(txnId);
    const attempts = await repo.attempts(row.id);
    const partnerId = row.partnerId ?? row.facts?.partner?.id ?? null;
    return {
      txnId: row.txnId,
      code: groupCode(row.code),
      status: row.status,
      partner: partnerId
        ? {
            id: partnerId,
            name: deps.partnerName(partnerId) ?? partnerId,
            url: delivery.destination(partnerId),
          }
        : null,
      sha256: row.sha256,
      size: row.size,
      generatedAt: iso(row.generatedAt),
      sentAt: iso(row.sentAt),
      attempts: row.attempts,
      nextAttemptAt:
        row.status === 'generating' || row.status === 'sending' ? row.nextAttemptAt.toISOString() : null,
      lastError: row.lastError,
      verifyUrl: verifyUrl(row.code),
      attemptLog: attempts.map((a) => ({
        at: a.at.toISOString(),
        url: a.url,
        statusCode: a.statusCode,
        error: a.error,
        durationMs: a.durationMs,
      })),
    };
  }

  return {
    verifyUrl,
    /** The job loop's wake-up (set by the wiring). */
    onKick(fn: () => void) {
      kick = fn;
    },

    /**
     * The state-change hook: a transaction settled from review (every verification decided) enqueues
     * its report in the same database transaction; a repeat is a no-op (unique per transaction).
     */
    async enqueue(scope: DbScope, changes: readonly StateChange[], at: Date): Promise<void> {
      const settled = changes.filter(
        (c) =>
          c.entity === 'transaction' &&
          SETTLED.includes(c.to) &&
          c.from !== null &&
          UNDER_REVIEW.includes(c.from) &&
          // Closed because the candidate withdrew: nothing more goes out (ADR 0049).
          c.action !== WITHDRAWN_BY_CANDIDATE_ACTION &&
          c.action !== REFUSED_UNDER_18_ACTION,
      );
      for (const c of settled) await repo.enqueue(scope, { txnId: c.txnId, code: newReportCode(), at });
      // Woken once the change has had time to commit; the loop's poll is the backstop.
      if (settled.length > 0) setTimeout(() => kick(), 50).unref();
    },

    /** One pass of the job: makes due reports and delivers them; answers whether it found work. */
    async runOnce(limit = 5): Promise<boolean> {
      const due = await repo.claimDue(now(), LEASE_MS, limit);
      for (let row of due) {
        try {
          if (row.status === 'generating') row = await generate(row);
        } catch (error) {
          const message = error instanceof Error ? error.message.slice(0, 500) : 'generation failed';
          deps.log.warn({ err: error, reportId: row.id }, 'report generation failed');
          await repo.generationFailed(row.id, message, new Date(now().getTime() + GENERATION_RETRY_MS));
          continue;
        }
        if (row.status === 'sending') await attempt(row);
      }
      return due.length > 0;
    },

    /** The public check by code. */
    async verify(code: string): Promise<ReportVerification> {
      const row = await repo.byCode(code);
      if (!row) throw new AppError('REPORT_CODE_UNKNOWN');
      if (!row.generatedAt || !row.facts || !row.sha256) throw new AppError('REPORT_NOT_READY');
      return publicView(row);
    },

    /** The public check of a PDF's bytes: authentic iff they are exactly an issued report's. */
    async checkFile(body: AsyncIterable<Uint8Array>): Promise<ReportFileCheck> {
      const hash = createHash('sha256');
      for await (const chunk of body) hash.update(chunk);
      const sha256 = hash.digest('hex');
      const row = await repo.bySha256(sha256);
      const report = row?.facts && row.generatedAt ? publicView(row) : null;
      return { authentic: report !== null, sha256, report };
    },

    opsReport,

    async opsPdf(txnId: string): Promise<{ name: string; body: Buffer }> {
      const row = await mustHave(txnId);
      if (!row.storageKey) throw new AppError('REPORT_NOT_READY');
      return { name: `verification-report-${groupCode(row.code)}.pdf`, body: await readPdf(row.storageKey) };
    },

    /** Admin: deliver again now with a fresh retry schedule. */
    async resend(txnId: string): Promise<OpsReport> {
      const row = await mustHave(txnId);
      if (!row.storageKey) throw new AppError('REPORT_NOT_READY');
      if (!row.partnerId || delivery.destination(row.partnerId) === null || !(await allowed(row.txnId)))
        throw new AppError('REPORT_NO_PARTNER');
      await repo.resend(row.id, row.txnId, now());
      kick();
      return opsReport(row.txnId);
    },

    /** Which storage keys are reports' PDFs (for the orphan sweep). */
    recordedKeys: (keys: string[]) => repo.recordedKeys(keys),
    count: () => repo.count(),
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
