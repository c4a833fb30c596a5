/** Document quality checks and OCR (ADR 0010). The files module and the OCR job call these. */
export { analyseDocument, type AnalyseInput } from './analyse.js';
export { recogniseText, closeOcr } from './ocr.js';
export { mergePdfFiles } from './merge-pdfs.js';
export { readPassportMrz, closeMrzOcr, type MrzRead } from './mrz-ocr.js';
export {
  analyseImage,
  measureImage,
  IMAGE_THRESHOLDS,
  type ImageThresholds,
  type ImageMeasures,
} from './image.js';
export {
  analysePdf,
  measureExpansion,
  PDF_LIMITS,
  PDF_THRESHOLDS,
  type PdfLimits,
  type PdfThresholds,
  type PdfAnalysis,
} from './pdf.js';
export { matchName, nameIssueFromText, type NameMatch } from './name-match.js';
export type { AnalysisResult, AnalysisState, DocumentIssue } from './types.js';
