import type { DocumentIssue } from '@veridocs/shared';

export type { DocumentIssue };
export type IssueCode = DocumentIssue['code'];
export type AnalysisState = 'COMPLETED' | 'WARNING' | 'ERROR';

export interface AnalysisResult {
  state: AnalysisState;
  issues: DocumentIssue[];
  pageCount: number | null;
  /**
   * What OCR would read from the file, when that needs no rendering (a PDF whose pages OCR reads all have a
   * text layer): the OCR job is not needed for it. Absent otherwise.
   */
  ocrText?: string;
}

/** Codes that make the file unusable (ERROR); every other code is a WARNING the candidate may override. */
const ERROR_CODES: ReadonlySet<IssueCode> = new Set<IssueCode>([
  'PDF_UNREADABLE',
  'PDF_ENCRYPTED',
  'PDF_ACTIVE_CONTENT',
  'PDF_OVERSIZED',
  'CHECK_LIMIT_EXCEEDED',
]);

export function issue(
  code: IssueCode,
  message: string,
  measured: number | null = null,
  threshold: number | null = null,
  page: number | null = null,
): DocumentIssue {
  return { code, message, measured, threshold, page };
}

/**
 * The verdict for a list of issues: ERROR when any issue is an error code (or `fatal` says the file could not
 * be analysed), WARNING when there are issues, COMPLETED otherwise.
 */
export function stateOf(issues: readonly DocumentIssue[], fatal = false): AnalysisState {
  if (fatal || issues.some((i) => ERROR_CODES.has(i.code))) return 'ERROR';
  return issues.length > 0 ? 'WARNING' : 'COMPLETED';
}
