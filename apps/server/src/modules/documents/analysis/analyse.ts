import { analyseImage } from './image.js';
import { nameIssueFromText } from './name-match.js';
import { analysePdf } from './pdf.js';
import { stateOf, type AnalysisResult } from './types.js';

export interface AnalyseInput {
  path: string;
  mimeType: 'image/jpeg' | 'image/png' | 'application/pdf';
  /** The profile name; when given and the text is cheap to read (a PDF's text layer), NAME_MISMATCH is checked. */
  expectName?: string;
}

/**
 * The quality verdict of an uploaded file (spec §5 "Document quality checks"). ERROR: unusable (unreadable,
 * encrypted, active content, oversized image); WARNING: the candidate may upload again or proceed; COMPLETED.
 * Images are checked for the name later, by the OCR job (nameIssueFromText on the OCR text).
 */
export async function analyseDocument(input: AnalyseInput): Promise<AnalysisResult> {
  if (input.mimeType === 'application/pdf') {
    const pdf = await analysePdf(input.path);
    const issues = [...pdf.issues];
    if (pdf.state !== 'ERROR' && input.expectName && pdf.text) {
      const nameIssue = nameIssueFromText(pdf.text, input.expectName);
      if (nameIssue) issues.push(nameIssue);
    }
    const state = stateOf(issues);
    // The OCR job's answer when it would only read text layers: the files module stores it at once.
    const ocrText = state === 'ERROR' ? undefined : pdf.ocrText;
    return { state, issues, pageCount: pdf.pageCount, ...(ocrText === undefined ? {} : { ocrText }) };
  }
  const image = await analyseImage(input.path);
  return { state: image.state, issues: image.issues, pageCount: image.pageCount };
}
