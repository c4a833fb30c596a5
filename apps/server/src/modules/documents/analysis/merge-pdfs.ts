import { readFile, writeFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';

/**
 * Merges PDFs in order into `outPath` (issue 12: all semesters' marksheets as one file). Runs in a
 * check process (ADR 0010), so a part that makes pdf-lib eat memory or time is killed there, not in the
 * API process. The parts were checked before; this only copies their pages.
 */
export async function mergePdfFiles(input: { paths: string[]; outPath: string }): Promise<{ bytes: number }> {
  const out = await PDFDocument.create();
  for (const path of input.paths) {
    const doc = await PDFDocument.load(await readFile(path));
    for (const page of await out.copyPages(doc, doc.getPageIndices())) out.addPage(page);
  }
  const bytes = await out.save();
  await writeFile(input.outPath, bytes);
  return { bytes: bytes.byteLength };
}
