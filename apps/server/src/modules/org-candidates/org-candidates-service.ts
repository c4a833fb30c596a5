import {
  CANDIDATE_LANGUAGES,
  INVITE_BATCH_MAX_ROWS,
  ORG_BUCKETS,
  mobileSchema,
  profileNameSchema,
  type IntegrationCreateTransaction,
  type IntegrationCreateTransactionResponse,
  type InviteBatch,
  type InviteBatchChecked,
  type InviteBatchRow,
  type OrgBucket,
  type OrgCandidateDetail,
  type OrgCandidateInvite,
  type OrgCandidateList,
  type OrgCandidateQuery,
  type OrgFormSummary,
  type OrgInvitation,
  type DisclosureRecord,
} from '@veridocs/shared';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import type { MailSender } from '../../providers/mail/index.js';
import type { MessageSender } from '../../providers/sms/index.js';
import { verificationLabel } from '../notifications/notification-messages.js';
import { csvLine, parseCsv } from './csv-fns.js';
import { readXlsxRows, XlsxTooLarge } from './xlsx-fns.js';
import { inviteText, type InviteLanguage } from './invite-messages.js';
import type {
  BatchLineRow,
  BatchRow,
  InvitationRow,
  NewBatchLine,
  OrgCandidatesRepository,
} from './org-candidates-repository.js';

/** Who invites: the organisation and the portal user (null: the integration API). */
export interface Inviter {
  orgId: string;
  userId: string | null;
}

export interface OrgCandidatesServiceDeps {
  repo: OrgCandidatesRepository;
  /** The integration API's transaction creation (ADR 0025/0047: one path), with the profile id. */
  createTransaction: (
    orgId: string,
    body: IntegrationCreateTransaction,
    idempotencyKey?: string,
  ) => Promise<IntegrationCreateTransactionResponse & { profileId?: string }>;
  /** The issued report's PDF (the reports service's). */
  reportPdf: (txnId: string) => Promise<{ name: string; body: Buffer }>;
  sender: MessageSender;
  mailer: MailSender;
  now: Clock;
  log: FastifyBaseLogger;
  /** Wakes the bulk sending job. */
  onBatchQueued?: () => void;
  /**
   * Records that the organisation took the candidate's report or a credential (ADR 0049
   * "Disclosures"); a download has no database transaction of its own, so it is written before the
   * bytes are served. A no-op by default.
   */
  disclose?: (record: DisclosureRecord) => Promise<void>;
}

/**
 * Rows of a bulk file in flight at once in one pass: each row is a dozen round trips (the integration
 * path, its outcome, the messages), so a few overlap the waits; the pool has 10 connections.
 */
export const SEND_CONCURRENCY = 4;
/** At most one reminder a day per invitation. */
export const REMINDER_INTERVAL_MS = 24 * 3600_000;
const emailSchema = z.email();
const COLUMNS = ['name', 'mobile', 'email', 'form', 'language'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

/** The last 4 digits only. */
export const maskMobile = (mobile: string) =>
  `${'•'.repeat(Math.max(0, mobile.length - 4))}${mobile.slice(-4)}`;

function invitationOut(row: InvitationRow): OrgInvitation {
  return {
    id: row.id,
    transactionId: row.transactionId,
    formId: row.formId,
    name: row.name,
    mobile: maskMobile(row.mobile),
    email: row.email,
    language: row.language,
    source: row.source,
    remindersSent: row.remindersSent,
    lastSentAt: iso(row.lastSentAt),
    createdAt: row.createdAt.toISOString(),
  };
}
function batchOut(row: BatchRow): InviteBatch {
  return {
    id: row.id,
    fileName: row.fileName,
    status: row.status,
    total: row.total,
    valid: row.valid,
    refused: row.refused,
    sent: row.sent,
    failed: row.failed,
    createdAt: row.createdAt.toISOString(),
    finishedAt: iso(row.finishedAt),
  };
}
function lineOut(row: BatchLineRow): InviteBatchRow {
  return {
    row: row.row,
    name: row.name,
    mobile: row.mobile,
    email: row.email,
    formId: row.formId,
    language: row.language,
    status: row.status,
    reason: row.reason,
  };
}

/** A listing cursor: the bucket time and id of a page's last row. */
export function encodeCursor(since: Date, id: string): string {
  return Buffer.from(`${since.toISOString()}|${id}`).toString('base64url');
}
function decodeCursor(cursor: string | undefined) {
  if (!cursor) return undefined;
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const since = new Date(at ?? '');
  if (!id || !UUID.test(id) || Number.isNaN(since.getTime()))
    throw new AppError('VALIDATION_FAILED', 'Bad cursor');
  return { since, id };
}

/** Whether the bytes are an XLSX (a ZIP) file, whatever the name says. */
const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;

/** An open live stream of the dashboard (GET ORG_API_PATHS.events). */
export interface OrgStreamClient {
  send(event: string, data: string): void;
}

/** The organisation portal's candidates (issue 28, ADR 0047). */
export function createOrgCandidatesService(deps: OrgCandidatesServiceDeps) {
  const { repo, now, log } = deps;
  /** orgId → this instance's open dashboard streams. */
  const streams = new Map<string, Set<OrgStreamClient>>();

  /** The names a message shows; a bulk pass reads them once (`names`), not once per row. */
  function messageNames() {
    const orgs = new Map<string, Promise<string>>();
    const forms = new Map<string, Promise<string>>();
    return {
      org: (orgId: string) => orgs.get(orgId) ?? set(orgs, orgId, repo.orgName(orgId)),
      form: (orgId: string, formId: string) =>
        forms.get(`${orgId}|${formId}`) ??
        set(
          forms,
          `${orgId}|${formId}`,
          repo.formOfOrg(orgId, formId).then((f) => f?.name ?? formId),
        ),
    };
  }
  const set = <T>(map: Map<string, Promise<T>>, key: string, value: Promise<T>) => (
    map.set(key, value),
    value
  );

  /** Sends the form link by SMS and, when there is an address, by e-mail, in the candidate's language. */
  async function sendLink(
    inv: Pick<InvitationRow, 'orgId' | 'formId' | 'name' | 'mobile' | 'email' | 'language'>,
    link: string,
    reminder: boolean,
    names = messageNames(),
  ): Promise<void> {
    const text = inviteText(inv.language, {
      name: inv.name,
      org: await names.org(inv.orgId),
      form: await names.form(inv.orgId, inv.formId),
      link,
      reminder,
    });
    try {
      await deps.sender.send({ channel: 'sms', to: inv.mobile, body: text.sms, otp: '' });
    } catch (error) {
      log.warn({ err: error }, 'invitation SMS failed');
    }
    if (inv.email)
      try {
        await deps.mailer.send({
          to: inv.email,
          subject: text.subject,
          text: text.mail,
          language: inv.language,
        });
      } catch (error) {
        log.warn({ err: error }, 'invitation e-mail failed');
      }
  }
  const linkWith = (made: IntegrationCreateTransactionResponse) =>
    made.sso ? `${made.link}&sso=${encodeURIComponent(made.sso)}` : made.link;

  async function assertForm(orgId: string, formId: string) {
    const form = await repo.formOfOrg(orgId, formId);
    if (!form) throw new AppError('ORG_FORM_UNKNOWN');
    return form;
  }

  async function ownBatch(orgId: string, batchId: string) {
    const batch = UUID.test(batchId) ? await repo.batch(orgId, batchId.toLowerCase()) : undefined;
    if (!batch) throw new AppError('INVITE_BATCH_NOT_FOUND');
    return batch;
  }

  async function ownCandidate(orgId: string, txnId: string) {
    const found = UUID.test(txnId) ? await repo.candidate(orgId, txnId.toLowerCase()) : undefined;
    if (!found) throw new AppError('ORG_CANDIDATE_NOT_FOUND');
    return found;
  }

  /** The file's cells: an XLSX's first sheet when the bytes are a ZIP, else CSV (whatever the name). */
  function readCells(bytes: Buffer): string[][] {
    if (isZip(bytes)) {
      let rows: string[][] | null;
      try {
        rows = readXlsxRows(bytes);
      } catch (error) {
        if (!(error instanceof XlsxTooLarge)) throw error;
        if (error.kind === 'rows') throw new AppError('INVITE_FILE_TOO_LARGE');
        throw new AppError('INVITE_FILE_INVALID', 'This workbook is too large once unpacked');
      }
      if (!rows || rows.length === 0)
        throw new AppError('INVITE_FILE_INVALID', 'This is not an XLSX workbook with a sheet of rows');
      return rows;
    }
    const text = bytes.toString('utf8');
    const rows = text.includes('\uFFFD') ? null : parseCsv(text);
    if (!rows || rows.length === 0) throw new AppError('INVITE_FILE_INVALID', 'This is not a CSV file');
    return rows;
  }

  /** Reads the file's rows (CSV or XLSX), checks the header and the count. */
  function readRows(bytes: Buffer): string[][] {
    const rows = readCells(bytes);
    const header = rows[0]!.map((h) => h.trim().toLowerCase());
    const missing = COLUMNS.filter((c) => c !== 'email' && c !== 'language' && !header.includes(c));
    if (missing.length > 0)
      throw new AppError('INVITE_FILE_INVALID', `The header row needs the columns: ${missing.join(', ')}`);
    if (rows.length - 1 > INVITE_BATCH_MAX_ROWS) throw new AppError('INVITE_FILE_TOO_LARGE');
    const index = Object.fromEntries(COLUMNS.map((c) => [c, header.indexOf(c)]));
    return rows.slice(1).map((r) => COLUMNS.map((c) => (index[c]! >= 0 ? (r[index[c]!] ?? '').trim() : '')));
  }

  /** One row of a bulk file: its transaction (the integration path), then its outcome, then the link. */
  async function sendLine(batch: BatchRow, line: BatchLineRow, names: ReturnType<typeof messageNames>) {
    let made: Awaited<ReturnType<typeof deps.createTransaction>> | null = null;
    let failure: string | null = null;
    try {
      made = await deps.createTransaction(batch.orgId, {
        formId: line.formId,
        candidate: { mobile: line.mobile, name: line.name },
      });
    } catch (error) {
      failure = error instanceof AppError ? error.message : 'The invitation could not be made';
      if (!(error instanceof AppError)) log.warn({ err: error, batchId: batch.id }, 'bulk invitation failed');
    }
    const at = now();
    const result = made
      ? await repo.settleLine(line, {
          status: 'sent',
          invitation: {
            orgId: batch.orgId,
            formId: line.formId,
            transactionId: made.transactionId!,
            name: line.name,
            mobile: line.mobile,
            email: line.email,
            language: line.language,
            source: 'bulk',
            batchId: batch.id,
            createdBy: batch.createdBy,
            lastSentAt: at,
            createdAt: at,
          },
        })
      : await repo.settleLine(line, { status: 'failed', reason: failure! });
    // Sent after the row's commit: a crash in between loses this message, never sends it twice.
    if (result.invitation && made) await sendLink(result.invitation, linkWith(made), false, names);
  }

  return {
    /** Attaches a dashboard stream of the organisation; answers its detach. */
    attach(orgId: string, client: OrgStreamClient): () => void {
      let set = streams.get(orgId);
      if (!set) streams.set(orgId, (set = new Set()));
      set.add(client);
      return () => {
        set.delete(client);
        if (set.size === 0) streams.delete(orgId);
      };
    },
    /** A committed bucket move (ORG_BUCKETS_CHANNEL's payload): a `candidate` event to its org's streams. */
    announce(payload: string): void {
      let move: { o?: string; f?: string; t?: string; b?: string };
      try {
        move = JSON.parse(payload) as typeof move;
      } catch {
        return;
      }
      const set = move.o ? streams.get(move.o) : undefined;
      if (!set) return;
      const data = JSON.stringify({ transactionId: move.t, formId: move.f, bucket: move.b });
      for (const client of set) client.send('candidate', data);
    },
    /** Messages may have been lost (the listener reconnected): every stream reloads. */
    resync(): void {
      for (const set of streams.values()) for (const client of set) client.send('resync', '{}');
    },

    /**
     * One invitation (portal or file): the integration API's creation (one transaction per candidate
     * and form), then its invitation row; a second invitation of the same mobile and form answers the
     * first one and sends nothing.
     */
    async invite(
      who: Inviter,
      input: OrgCandidateInvite,
      opts: { idempotencyKey?: string } = {},
    ): Promise<{ invitation: OrgInvitation; created: boolean }> {
      await assertForm(who.orgId, input.formId);
      const made = await deps.createTransaction(
        who.orgId,
        { formId: input.formId, candidate: { mobile: input.mobile, name: input.name } },
        opts.idempotencyKey,
      );
      const at = now();
      const { row, created } = await repo.recordInvitation({
        orgId: who.orgId,
        formId: input.formId,
        transactionId: made.transactionId!,
        name: input.name,
        mobile: input.mobile,
        email: input.email ?? null,
        language: input.language,
        source: 'portal',
        createdBy: who.userId,
        lastSentAt: at,
        createdAt: at,
      });
      if (created) await sendLink(row, linkWith(made), false);
      return { invitation: invitationOut(row), created };
    },

    /** The integration API's creation records its invitation too (source 'api'; nothing is sent). */
    async recordApiInvitation(input: {
      orgId: string;
      formId: string;
      transactionId: string;
      profileId: string;
      mobile: string;
      name: string | undefined;
    }): Promise<void> {
      const name = input.name ?? (await repo.profileName(input.profileId)) ?? '';
      await repo.recordInvitation({
        orgId: input.orgId,
        formId: input.formId,
        transactionId: input.transactionId,
        name,
        mobile: input.mobile,
        source: 'api',
        createdAt: now(),
      });
    },

    /** Checks a file row by row into a batch; nothing is sent yet. */
    async checkFile(who: Inviter, fileName: string, bytes: Buffer): Promise<InviteBatchChecked> {
      const rows = readRows(bytes);
      const forms = new Map<string, boolean>();
      const seen = new Set<string>();
      const mobiles = rows.map((r) => r[1]!).filter((m) => mobileSchema.safeParse(m).success);
      const open = await repo.openPairs(who.orgId, [...new Set(mobiles)]);
      const lines: NewBatchLine[] = [];
      for (const [i, [name, mobile, email, formId, language]] of rows.entries()) {
        const reasons: string[] = [];
        const nameOk = profileNameSchema.safeParse(name);
        if (!nameOk.success) reasons.push(nameOk.error.issues[0]?.message ?? 'The name is not valid');
        const mobileOk = mobileSchema.safeParse(mobile).success;
        if (!mobileOk) reasons.push('The mobile number must be 10 digits starting with 6, 7, 8 or 9');
        const emailOk = !email || emailSchema.safeParse(email).success;
        if (!emailOk) reasons.push('The e-mail address is not valid');
        const lang = (language || 'en').toLowerCase();
        if (!(CANDIDATE_LANGUAGES as readonly string[]).includes(lang))
          reasons.push('The language must be en or hi');
        if (!forms.has(formId!))
          forms.set(formId!, Boolean(formId && (await repo.formOfOrg(who.orgId, formId))));
        if (!forms.get(formId!)) reasons.push('This form is not one of your organisation’s forms');
        const key = `${mobile}|${formId}`;
        if (mobileOk && seen.has(key)) reasons.push('The same mobile and form appear earlier in the file');
        else if (mobileOk && open.has(key))
          reasons.push('This candidate already has an open invitation to this form');
        if (mobileOk) seen.add(key);
        lines.push({
          row: i + 2,
          name: name!.slice(0, 200),
          mobile: mobile!.slice(0, 20),
          email: email ? email.toLowerCase().slice(0, 254) : null,
          formId: formId!.slice(0, 100),
          language: reasons.length === 0 ? (lang as InviteLanguage) : 'en',
          status: reasons.length === 0 ? 'valid' : 'refused',
          reason: reasons.length === 0 ? null : reasons.join('; '),
        });
      }
      const refused = lines.filter((l) => l.status === 'refused');
      const batch = await repo.insertBatch(
        {
          orgId: who.orgId,
          fileName: fileName.slice(0, 200),
          status: 'checked',
          total: lines.length,
          valid: lines.length - refused.length,
          refused: refused.length,
          createdBy: who.userId,
          createdAt: now(),
        },
        lines,
      );
      const out = (l: NewBatchLine) =>
        lineOut({
          ...l,
          batchId: batch.id,
          email: l.email ?? null,
          language: l.language ?? 'en',
          reason: l.reason ?? null,
          invitationId: null,
        });
      return {
        batch: batchOut(batch),
        refusedRows: refused.slice(0, 1000).map(out),
        validPreview: lines
          .filter((l) => l.status === 'valid')
          .slice(0, 20)
          .map(out),
      };
    },

    async batches(orgId: string): Promise<InviteBatch[]> {
      return (await repo.batches(orgId)).map(batchOut);
    },
    async batch(orgId: string, batchId: string): Promise<InviteBatch> {
      return batchOut(await ownBatch(orgId, batchId));
    },
    /** Queues the batch's valid rows for the job (once; a second call answers the batch as it is). */
    async sendBatch(orgId: string, batchId: string): Promise<InviteBatch> {
      const batch = await ownBatch(orgId, batchId);
      if (batch.status !== 'checked' || batch.valid === 0) throw new AppError('INVITE_BATCH_NOT_SENDABLE');
      if (await repo.startSending(orgId, batch.id, now())) deps.onBatchQueued?.();
      return batchOut((await repo.batch(orgId, batch.id))!);
    },
    /** Every row with its outcome, as CSV. */
    async batchResultCsv(orgId: string, batchId: string): Promise<{ name: string; body: string }> {
      const batch = await ownBatch(orgId, batchId);
      const lines = await repo.lines(batch.id);
      const body =
        csvLine(['row', 'name', 'mobile', 'email', 'form', 'language', 'outcome', 'reason']) +
        lines
          .map((l) => csvLine([l.row, l.name, l.mobile, l.email, l.formId, l.language, l.status, l.reason]))
          .join('');
      return { name: `invitations-${batch.id.slice(0, 8)}.csv`, body };
    },

    /**
     * One pass of the sending job: the oldest batch being sent, up to `limit` valid rows in order, each
     * settled with its invitation in one database transaction (a resumed pass skips settled rows), by
     * `concurrency` rows at a time: each row is one worker's, and a row another pass holds (locked) or
     * settled is skipped, so none is sent twice. Answers whether it found work.
     */
    async sendOnce(limit = 50, concurrency = SEND_CONCURRENCY): Promise<boolean> {
      const batch = await repo.sendingBatch();
      if (!batch) return false;
      const lines = await repo.lines(batch.id, 'valid', limit);
      const names = messageNames();
      let next = 0;
      const worker = async () => {
        while (next < lines.length) await sendLine(batch, lines[next++]!, names);
      };
      // Every worker ends its row before the pass answers (a failed one's error after the others').
      const ended = await Promise.allSettled(
        Array.from({ length: Math.max(1, Math.min(concurrency, lines.length)) }, worker),
      );
      const failed = ended.find((e) => e.status === 'rejected');
      if (failed) throw failed.reason;
      await repo.finishIfDone(batch.id, now());
      return true;
    },

    /** Reminds every invitation of the form still in 'invited' (once a day each): answers how many. */
    async remindNotStarted(orgId: string, formId: string): Promise<{ reminded: number }> {
      await assertForm(orgId, formId);
      const at = now();
      const notSince = new Date(at.getTime() - REMINDER_INTERVAL_MS);
      let reminded = 0;
      const names = messageNames();
      for (const inv of await repo.remindable(orgId, formId, notSince)) {
        if (!(await repo.countReminder(inv.id, at, notSince))) continue;
        const made = await deps.createTransaction(orgId, {
          formId,
          candidate: { mobile: inv.mobile, name: inv.name },
        });
        await sendLink(inv, linkWith(made), true, names);
        reminded++;
      }
      return { reminded };
    },

    async forms(orgId: string): Promise<OrgFormSummary[]> {
      const { forms, counts } = await repo.formsWithCounts(orgId);
      return forms.map((f) => ({
        formId: f.id,
        name: f.name,
        payer: f.payer,
        counts: Object.fromEntries(
          ORG_BUCKETS.map((b) => [b, counts.find((c) => c.formId === f.id && c.bucket === b)?.n ?? 0]),
        ) as Record<OrgBucket, number>,
      }));
    },

    async candidates(orgId: string, query: OrgCandidateQuery): Promise<OrgCandidateList> {
      const q = query.q?.trim() ?? '';
      // Digits search the mobile's end (what the masked mobile shows; a whole number too, +91 or not);
      // text searches the name's start. Both are index ranges (migration 0033).
      const typed = /^[\d\s+()-]+$/.test(q) ? q.replace(/\D/g, '') : '';
      const digits = typed.length === 12 && typed.startsWith('91') ? typed.slice(2) : typed;
      // The form's check beside the list's query, not before it (one round trip less per page): the
      // list is the organisation's own rows either way, and an unknown form still answers 311.
      const [, rows] = await Promise.all([
        assertForm(orgId, query.formId),
        repo.candidates({
          orgId,
          formId: query.formId,
          bucket: query.bucket,
          namePrefix: q && !digits ? q.toLowerCase().replace(/\s+/g, ' ') : undefined,
          mobileDigits: digits || undefined,
          cursor: decodeCursor(query.cursor),
          limit: query.limit + 1,
        }),
      ]);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        list: page.map((r) => ({
          transactionId: r.id,
          name: r.name,
          mobile: maskMobile(r.mobile),
          bucket: r.bucket,
          state: r.state,
          bucketSince: r.since.toISOString(),
          invitedAt: iso(r.invitedAt),
          submittedAt: iso(r.submittedAt),
          expectedMaxDate: iso(r.expectedMaxDate),
        })),
        nextCursor: rows.length > query.limit && last ? encodeCursor(last.since, last.id) : null,
      };
    },

    /** The same filters as CSV, page by page (for a streamed answer). */
    async *candidatesCsv(
      orgId: string,
      query: Omit<OrgCandidateQuery, 'cursor' | 'limit'>,
    ): AsyncGenerator<string> {
      yield csvLine([
        'name',
        'mobile',
        'bucket',
        'state',
        'in bucket since',
        'invited',
        'submitted',
        'expected by',
      ]);
      let cursor: string | undefined;
      do {
        const page = await this.candidates(orgId, { ...query, cursor, limit: 100 });
        yield page.list
          .map((r) =>
            csvLine([
              r.name,
              r.mobile,
              r.bucket,
              r.state,
              r.bucketSince,
              r.invitedAt,
              r.submittedAt,
              r.expectedMaxDate,
            ]),
          )
          .join('');
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
    },

    async candidate(orgId: string, txnId: string): Promise<OrgCandidateDetail> {
      const c = await ownCandidate(orgId, txnId);
      const sourceOf = (name: string, state: string) => {
        const found = c.sources.filter((s) => s.name === name).map((s) => s.source);
        if (found.includes('institution')) return 'institution' as const;
        if (found.includes('digilocker')) return 'digilocker' as const;
        if (found.includes('issuer_api')) return 'issuer_api' as const;
        return state === 'NOT_INITIALIZED' || state === 'SKIPPED' ? null : ('document' as const);
      };
      return {
        transactionId: c.txn.id,
        formId: c.txn.formId,
        formName: c.formName,
        name: c.name,
        mobile: maskMobile(c.mobile),
        email: c.invitation?.email ?? null,
        bucket: c.txn.orgBucket,
        state: c.txn.state,
        invitedAt: iso(c.invitation?.createdAt),
        submittedAt: iso(c.txn.submittedAt),
        expectedMaxDate: iso(c.txn.expectedMaxDate),
        verifications: c.records
          .filter((r) => !r.markedAsSkip)
          .map((r) => ({
            name: r.name,
            label: verificationLabel(r.name),
            state: r.state,
            source: sourceOf(r.name, r.state),
            updatedAt: iso(r.updatedAt),
          })),
        timeline: c.changes.map((ch) => ({
          at: ch.at.toISOString(),
          what:
            ch.entity === 'transaction'
              ? `Request ${ch.toState.toLowerCase().replace(/_/g, ' ')}`
              : `${ch.verificationName}: ${ch.toState.toLowerCase().replace(/_/g, ' ')}`,
          state: ch.toState,
        })),
        report: c.report ? { code: c.report.code, issuedAt: iso(c.report.issued_at)! } : null,
        credentials: c.credentials.map((cr) => ({ id: cr.id, type: cr.type, issuedAt: iso(cr.issued_at)! })),
      };
    },

    async candidateReport(orgId: string, txnId: string) {
      const c = await ownCandidate(orgId, txnId);
      // Purged with the request's results (ADR 0049 retention): gone, not still to come.
      if (!c.report) throw new AppError(c.txn.resultsPurgedAt ? 'REPORT_NOT_FOUND' : 'ORG_REPORT_NOT_READY');
      const pdf = await deps.reportPdf(c.txn.id);
      await deps.disclose?.({
        profileId: c.txn.profileId,
        txnId: c.txn.id,
        recipientKind: 'organisation',
        recipientName: c.orgName,
        what: 'report',
        detail: `${pdf.name} (portal download)`,
        at: deps.now(),
      });
      return pdf;
    },

    async candidateCredential(orgId: string, txnId: string, credentialId: string) {
      const c = await ownCandidate(orgId, txnId);
      const cred = UUID.test(credentialId)
        ? await repo.credential(c.txn.id, credentialId.toLowerCase())
        : undefined;
      if (!cred) throw new AppError('ORG_CANDIDATE_NOT_FOUND');
      await deps.disclose?.({
        profileId: c.txn.profileId,
        txnId: c.txn.id,
        recipientKind: 'organisation',
        recipientName: c.orgName,
        what: 'credential_share',
        detail: `${cred.type} (portal)`,
        at: deps.now(),
      });
      return { id: cred.id, type: cred.type, issuedAt: iso(cred.issued_at)!, jwt: cred.jwt };
    },
  };
}
export type OrgCandidatesService = ReturnType<typeof createOrgCandidatesService>;
