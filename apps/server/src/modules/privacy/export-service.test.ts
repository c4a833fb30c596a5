import { Readable } from 'node:stream';
import { setImmediate as tick } from 'node:timers/promises';
import { exportDataSchema, type ExportProfile } from '@veridocs/shared';
import { strFromU8, unzipSync } from 'fflate';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { archiveSegment, documentPath } from './export-fns.js';
import { createExportService, type ExportPorts } from './export-service.js';

const AT = new Date('2030-01-15T10:00:00.000Z');
const MB = 1024 * 1024;
const profile: ExportProfile = {
  id: 'p1',
  name: 'Asha Rao',
  mobile: '9800000001',
  dateOfBirth: null,
  gender: null,
  language: 'en',
  address: null,
  photo: null,
  aadhaarLast4: null,
  aadhaarVerifiedAt: null,
  verifiedName: null,
  basicDetails: null,
  contactDetails: null,
  createdAt: AT.toISOString(),
  updatedAt: AT.toISOString(),
};

/** A stored object of `size` bytes made on demand, counting what was read from the store. */
function lazyObject(size: number, counter: { read: number }): Readable {
  let left = size;
  return new Readable({
    highWaterMark: 64 * 1024,
    read() {
      if (left === 0) {
        this.push(null);
        return;
      }
      const n = Math.min(64 * 1024, left);
      left -= n;
      counter.read += n;
      this.push(Buffer.alloc(n, left % 251));
    },
  });
}

/** The exports counted against the candidate's daily budget by the service's repository. */
interface Budget {
  taken: number;
}

function service(
  objects: Record<string, () => Readable | null>,
  budget: Budget = { taken: 0 },
  overrides: Partial<ExportPorts> = {},
) {
  const empty = async () => [];
  const ports: ExportPorts = {
    profile: async () => ({ profile, erased: false }),
    requests: empty,
    documents: async () =>
      Object.keys(objects).map((key, i) => ({
        id: `f${i}`,
        name: `../doc ${i}.pdf`,
        mimeType: 'application/pdf',
        size: 0,
        sha256: '',
        state: 'COMPLETED',
        issues: [],
        pageCount: null,
        txnId: null,
        category: null,
        uploadedAt: AT.toISOString(),
        storageKey: key,
      })),
    reports: empty,
    credentials: empty,
    payments: empty,
    notifications: empty,
    chat: empty,
    nameChanges: empty,
    issuerPulls: empty,
    readObject: async (key) => objects[key]?.() ?? null,
    ...overrides,
  };
  return createExportService({
    repo: {
      notices: empty,
      disclosures: empty,
      privacyRequests: empty,
      nominations: empty,
      countExport: async () => {
        budget.taken++;
        return true;
      },
      uncountExport: async () => {
        budget.taken--;
      },
    },
    ledger: { entriesOfProfile: empty },
    erasures: { latest: async () => undefined },
    ports,
    now: () => AT,
    log: pino({ level: 'silent' }),
  });
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('the export archive (ADR 0049 "Export")', () => {
  it('reads a large file from the store only as fast as the client takes the archive', async () => {
    const counter = { read: 0 };
    const { stream } = await service({ big: () => lazyObject(40 * MB, counter) }).open('p1');
    // Nobody reads the archive yet: the store is read no further than a few buffers ahead.
    for (let i = 0; i < 50; i++) await tick();
    expect(counter.read).toBeGreaterThan(0);
    expect(counter.read).toBeLessThan(2 * MB);
    const zip = await collect(stream);
    expect(counter.read).toBe(40 * MB);
    const entries = unzipSync(new Uint8Array(zip));
    const data = exportDataSchema.parse(JSON.parse(strFromU8(entries['data.json']!)));
    expect(data.documents[0]!.path).toBe('files/documents/f0-_doc 0.pdf');
    expect(entries['files/documents/f0-_doc 0.pdf']!.length).toBe(40 * MB);
  }, 60_000);

  it('tells a missing object in data.json and stops when the client goes away', async () => {
    const counter = { read: 0 };
    const { stream } = await service({ gone: () => null, big: () => lazyObject(40 * MB, counter) }).open(
      'p1',
    );
    stream.once('data', () => stream.destroy());
    await new Promise((resolve) => stream.once('close', resolve));
    for (let i = 0; i < 50; i++) await tick();
    expect(counter.read).toBeLessThan(2 * MB);

    const again = await service({ gone: () => null }).open('p1');
    const entries = unzipSync(new Uint8Array(await collect(again.stream)));
    const data = exportDataSchema.parse(JSON.parse(strFromU8(entries['data.json']!)));
    expect(data.documents[0]!.path).toBeNull();
    expect(Object.keys(entries).sort()).toEqual(['README.txt', 'data.json']);
  });

  it('gives an export that failed on our side back to the budget; one the client broke off stays counted', async () => {
    const budget: Budget = { taken: 0 };
    // A stored file that cannot be read part-way: the archive fails, the export is not counted.
    const broken = () =>
      new Readable({
        read() {
          this.destroy(new Error('disk read failed'));
        },
      });
    const failing = await service({ bad: broken }, budget).open('p1');
    await expect(collect(failing.stream)).rejects.toThrow();
    for (let i = 0; i < 20; i++) await tick();
    expect(budget.taken).toBe(0);
    // Reading the data failed before the archive started: not counted either.
    const unreadable = service({}, budget, {
      requests: () => Promise.reject(new Error('database gone')),
    });
    await expect(unreadable.open('p1')).rejects.toThrow('database gone');
    expect(budget.taken).toBe(0);
    // The candidate went away part-way: counted (each export reads every file of theirs).
    const counter = { read: 0 };
    const left = await service({ big: () => lazyObject(40 * MB, counter) }, budget).open('p1');
    left.stream.once('data', () => left.stream.destroy());
    await new Promise((resolve) => left.stream.once('close', resolve));
    for (let i = 0; i < 20; i++) await tick();
    expect(budget.taken).toBe(1);
  });

  it('refuses an erased account and a spent budget before reading anything', async () => {
    const erased = createExportService({
      repo: {
        notices: async () => [],
        disclosures: async () => [],
        privacyRequests: async () => [],
        nominations: async () => [],
        countExport: async () => true,
        uncountExport: async () => {},
      },
      ledger: { entriesOfProfile: async () => [] },
      erasures: { latest: async () => undefined },
      ports: { profile: async () => ({ profile, erased: true }) } as unknown as ExportPorts,
      now: () => AT,
      log: pino({ level: 'silent' }),
    });
    await expect(erased.open('p1')).rejects.toMatchObject(new AppError('ERASURE_DONE'));
  });

  it('makes safe archive paths of stored names', () => {
    expect(archiveSegment('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(archiveSegment('a\\b:c\u0000.pdf')).toBe('a_b_c_.pdf');
    expect(archiveSegment('...')).toBe('file');
    expect(documentPath('id', 'résumé.pdf')).toBe('files/documents/id-résumé.pdf');
  });
});
