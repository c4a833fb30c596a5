import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { createPooledAnalyser } from './pooled-analyser.js';

async function pdf(pages: number, width: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([width, 800]);
  return doc.save();
}

describe('merging PDFs in a check process (issue 12)', () => {
  const analyser = createPooledAnalyser({
    workers: 1,
    memoryMb: 300,
    timeoutMs: 20_000,
    ocrTimeoutMs: 20_000,
    maxQueueWaitMs: 20_000,
  });
  let dir: string | undefined;
  afterAll(async () => {
    await analyser.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('merges the parts in order in the pool, not in the API process', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'veridocs-merge-test-'));
    const a = path.join(dir, 'a.pdf');
    const b = path.join(dir, 'b.pdf');
    const outPath = path.join(dir, 'out.pdf');
    await writeFile(a, await pdf(2, 500));
    await writeFile(b, await pdf(1, 600));
    const { bytes } = await analyser.mergePdfs({ paths: [a, b], outPath });
    const merged = await PDFDocument.load(await readFile(outPath));
    expect(bytes).toBeGreaterThan(0);
    expect(merged.getPages().map((p) => p.getWidth())).toEqual([500, 500, 600]);
    expect(analyser.pool.pids()).toHaveLength(1);
    expect(analyser.pool.pids()).not.toContain(process.pid);
  });

  it('a part pdf-lib cannot read fails the merge', async () => {
    const bad = path.join(dir!, 'bad.pdf');
    await writeFile(bad, Buffer.from('%PDF-1.4\nnot a pdf at all'));
    await expect(
      analyser.mergePdfs({ paths: [bad], outPath: path.join(dir!, 'never.pdf') }),
    ).rejects.toThrow();
  });
});
