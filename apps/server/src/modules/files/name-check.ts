import type { DocumentIssue, UploadState } from '@veridocs/shared';
import type { OcrStatus } from '../../db/schema/files.js';
import { nameIssueFromText } from '../documents/analysis/index.js';

/** A file's verdict: its state and the issues behind it. */
export interface Verdict {
  state: UploadState;
  issues: DocumentIssue[];
}

/** How the name check of a file whose text comes from OCR ended (or not yet). */
export type NameCheckOutcome = 'checked' | 'pending' | 'unchecked';

/**
 * Whether the name on this document can only be read by the OCR job (ADR 0009): images always; a PDF
 * when it has no text layer (the documents checks then report PDF_NO_TEXT and could not compare the name).
 */
export function nameNeedsOcr(mimeType: string, issues: readonly DocumentIssue[]): boolean {
  return mimeType.startsWith('image/') || issues.some((i) => i.code === 'PDF_NO_TEXT');
}

/**
 * The verdict of a file whose name check waits for OCR, from its quality verdict and the OCR state:
 * - OCR done: the quality issues plus NAME_MISMATCH when the text does not contain `expectName`;
 *   WARNING when there is any issue, else COMPLETED;
 * - OCR failed for good: the quality verdict alone (the name could not be checked; no issue);
 * - OCR not finished: PROCESSING with the quality issues found so far.
 * An ERROR quality verdict stays ERROR (such uploads are refused before they get here).
 * A NAME_MISMATCH in `quality` (from a few characters of a PDF's text layer) is replaced by the OCR's.
 */
export function verdictWithName(
  quality: Verdict,
  expectName: string,
  ocr: { status: OcrStatus; text: string | null },
): Verdict & { name: NameCheckOutcome } {
  const issues = quality.issues.filter((i) => i.code !== 'NAME_MISMATCH');
  if (quality.state === 'ERROR') return { state: 'ERROR', issues: quality.issues, name: 'unchecked' };
  // An issue-free WARNING cannot come from the checks, but if it did it would stay a WARNING.
  const qualityWarns = issues.length > 0 || (quality.state === 'WARNING' && quality.issues.length === 0);
  const settled = (extra: DocumentIssue | null): UploadState =>
    qualityWarns || extra ? 'WARNING' : 'COMPLETED';
  if (ocr.status === 'done') {
    const nameIssue = nameIssueFromText(ocr.text ?? '', expectName);
    return {
      state: settled(nameIssue),
      issues: nameIssue ? [...issues, nameIssue] : issues,
      name: 'checked',
    };
  }
  if (ocr.status === 'failed') return { state: settled(null), issues, name: 'unchecked' };
  return { state: 'PROCESSING', issues, name: 'pending' };
}

/** The quality verdict a deferred row stands for (its stored issues; ERROR rows are never deferred). */
export function qualityOf(issues: DocumentIssue[]): Verdict {
  return { state: issues.length > 0 ? 'WARNING' : 'COMPLETED', issues };
}
