import type { DocumentIssue, MrzResult } from '@veridocs/shared';

export type AnalysableMime = 'image/jpeg' | 'image/png' | 'application/pdf';

export interface AnalysisResult {
  state: 'COMPLETED' | 'WARNING' | 'ERROR';
  issues: DocumentIssue[];
  pageCount: number | null;
  /** The text OCR would read, when it is the file's text layer (no OCR job needed); absent otherwise. */
  ocrText?: string;
}

/**
 * The document checks this module uses: the shape that modules/documents/analysis exports
 * (analyseDocument: quality checks, fast, on the request path; recogniseText: OCR, slow, off it).
 */
export interface DocumentAnalyser {
  analyseDocument(input: {
    path: string;
    mimeType: AnalysableMime;
    expectName?: string;
  }): Promise<AnalysisResult>;
  recogniseText(input: { path: string; mimeType: string }): Promise<string>;
  /** Reads a passport's MRZ from a photo of its data page (the candidate waits: the upload lane). */
  readMrz?(input: { path: string }): Promise<MrzResult>;
  /** Merges PDFs in order into outPath (the upload lane); without it the API process merges them. */
  mergePdfs?(input: { paths: string[]; outPath: string }): Promise<{ bytes: number }>;
}
