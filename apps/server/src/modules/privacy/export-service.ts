import { PassThrough, type Readable } from 'node:stream';
import {
  EXPORT_DAILY_LIMIT,
  EXPORT_FORMAT,
  type ExportChat,
  type ExportCredential,
  type ExportData,
  type ExportDocument,
  type ExportErasure,
  type ExportIssuerPull,
  type ExportNameChange,
  type ExportNotification,
  type ExportPayment,
  type ExportProfile,
  type ExportReport,
  type ExportRequest,
} from '@veridocs/shared';
import type { FastifyBaseLogger } from 'fastify';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { AppError } from '../../errors.js';
import type { ErasureRepository } from './erasure-repository.js';
import { documentPath, exportFileName, exportReadme, reportPath } from './export-fns.js';
import type { ExportRepository } from './export-repository.js';
import type { PrivacyRepository } from './privacy-repository.js';

const DAY_SECONDS = 86_400;

/** What each module holds about the candidate, read through its own `*-export-repository.ts`. */
export interface ExportPorts {
  /** The profile (undefined: none), and whether it was erased (its placeholder). */
  profile(profileId: string): Promise<{ profile: ExportProfile; erased: boolean } | undefined>;
  requests(profileId: string): Promise<ExportRequest[]>;
  documents(profileId: string): Promise<(Omit<ExportDocument, 'path'> & { storageKey: string })[]>;
  reports(txnIds: string[]): Promise<(Omit<ExportReport, 'path'> & { storageKey: string | null })[]>;
  credentials(profileId: string): Promise<ExportCredential[]>;
  payments(profileId: string): Promise<ExportPayment[]>;
  notifications(profileId: string): Promise<ExportNotification[]>;
  chat(profileId: string): Promise<ExportChat[]>;
  nameChanges(profileId: string): Promise<ExportNameChange[]>;
  issuerPulls(profileId: string): Promise<ExportIssuerPull[]>;
  /** A stored object's bytes (the storage port: local disk or S3), null when it is gone. */
  readObject(key: string): Promise<Readable | null>;
}

export interface ExportServiceDeps {
  repo: ExportRepository;
  ledger: Pick<PrivacyRepository, 'entriesOfProfile'>;
  erasures: Pick<ErasureRepository, 'latest'>;
  ports: ExportPorts;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** A file of the archive read from the store, and what to set its path on once it is there. */
interface StoredPart {
  path: string;
  key: string;
  mtime: Date;
  landed(path: string | null): void;
}

/** Resolves once `out` wants more (or is gone: a client that went away stops the archive). */
function drained(out: PassThrough): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/**
 * The candidate's data export (issue 29, ADR 0049 "Export"): a ZIP of data.json, their files and a
 * README, streamed: each stored file goes through in chunks as the client reads, so a large archive
 * never sits in memory. data.json goes last, so each document's `path` says whether its bytes made it.
 */
export function createExportService(deps: ExportServiceDeps) {
  const { repo, ports, now, log } = deps;

  async function gather(profileId: string, profile: ExportProfile, at: Date) {
    const requests = await ports.requests(profileId);
    const ledger = await deps.ledger.entriesOfProfile(profileId);
    const erasure = await deps.erasures.latest(profileId);
    const documents = await ports.documents(profileId);
    const reports = await ports.reports(requests.map((r) => r.id));
    const parts: StoredPart[] = [];
    const data: ExportData = {
      format: EXPORT_FORMAT,
      exportedAt: at.toISOString(),
      profile,
      requests,
      documents: documents.map(({ storageKey, ...doc }) => {
        const out: ExportDocument = { ...doc, path: null };
        parts.push({
          path: documentPath(doc.id, doc.name),
          key: storageKey,
          mtime: new Date(doc.uploadedAt),
          landed: (path) => (out.path = path),
        });
        return out;
      }),
      reports: reports.map(({ storageKey, ...report }) => {
        const out: ExportReport = { ...report, path: null };
        if (storageKey)
          parts.push({
            path: reportPath(report.code),
            key: storageKey,
            mtime: new Date(report.generatedAt ?? at),
            landed: (path) => (out.path = path),
          });
        return out;
      }),
      consents: ledger.map((e) => ({
        seq: e.seq,
        txnId: e.txnId,
        orgId: e.orgId,
        formId: e.formId,
        action: e.action,
        purposes: [...e.purposes],
        channel: e.channel,
        at: e.at.toISOString(),
        noticeHash: e.noticeHash,
        prevHash: e.prevHash,
        hash: e.hash,
      })),
      notices: await repo.notices([...new Set(ledger.map((e) => e.noticeHash))]),
      disclosures: await repo.disclosures(profileId),
      privacyRequests: await repo.privacyRequests(profileId),
      nominations: await repo.nominations(profileId),
      credentials: await ports.credentials(profileId),
      payments: await ports.payments(profileId),
      notifications: await ports.notifications(profileId),
      chat: await ports.chat(profileId),
      nameChanges: await ports.nameChanges(profileId),
      issuerPulls: await ports.issuerPulls(profileId),
      erasure: erasure
        ? ({
            status: erasure.status,
            requestedAt: erasure.requestedAt.toISOString(),
            dueAt: erasure.dueAt.toISOString(),
            doneAt: erasure.doneAt?.toISOString() ?? null,
            heldReason: erasure.heldReason,
            kept: erasure.kept,
          } satisfies ExportErasure)
        : null,
    };
    return { data, parts };
  }

  /** Writes the archive to `out`: the stored files one after another, then data.json and the README. */
  async function write(out: PassThrough, data: ExportData, parts: StoredPart[], at: Date): Promise<void> {
    const zip = new Zip((error, chunk, final) => {
      if (error) {
        out.destroy(error);
        return;
      }
      if (!out.destroyed) out.write(chunk);
      if (final) out.end();
    });
    for (const part of parts) {
      if (out.destroyed) return;
      const body = await ports.readObject(part.key);
      if (!body) {
        log.warn({ path: part.path }, 'export: a stored file is missing');
        part.landed(null);
        continue;
      }
      const entry = new ZipPassThrough(part.path);
      entry.mtime = part.mtime;
      zip.add(entry);
      try {
        for await (const chunk of body) {
          entry.push(chunk as Uint8Array);
          await drained(out);
          if (out.destroyed) return;
        }
      } finally {
        body.destroy();
      }
      entry.push(new Uint8Array(0), true);
      part.landed(part.path);
    }
    const text = (name: string, content: string) => {
      const entry = new ZipDeflate(name, { level: 6 });
      entry.mtime = at;
      zip.add(entry);
      entry.push(Buffer.from(content, 'utf8'), true);
    };
    text('data.json', `${JSON.stringify(data, null, 2)}\n`);
    text('README.txt', exportReadme(at));
    zip.end();
  }

  return {
    /**
     * Checks and counts one export, reads what the product holds and answers the archive's stream
     * (started, not finished: the caller sends it). An erased account 351, over the daily budget 364.
     */
    async open(profileId: string): Promise<{ fileName: string; stream: Readable }> {
      const found = await ports.profile(profileId);
      if (!found) throw new AppError('NOT_FOUND');
      if (found.erased || (await deps.erasures.latest(profileId))?.status === 'done')
        throw new AppError('ERASURE_DONE');
      const at = now();
      if (!(await repo.countExport(profileId, at, DAY_SECONDS, EXPORT_DAILY_LIMIT)))
        throw new AppError('EXPORT_LIMIT_REACHED');
      // A failure on our side (reading the data, a stored file) gives the export back to the candidate;
      // a download they broke off stays counted (each export reads every file of theirs).
      const giveBack = () =>
        repo.uncountExport(profileId, at).catch((error: unknown) => {
          log.error({ err: error }, 'export: could not give back a failed export');
        });
      const gathered = await gather(profileId, found.profile, at).catch(async (error: unknown) => {
        await giveBack();
        throw error;
      });
      const out = new PassThrough();
      write(out, gathered.data, gathered.parts, at).catch(async (error: unknown) => {
        log.error({ err: error }, 'export: the archive failed part-way');
        if (!out.destroyed) await giveBack();
        out.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return { fileName: exportFileName(at), stream: out };
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
