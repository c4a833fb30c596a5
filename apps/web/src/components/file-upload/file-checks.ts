import { FILE_LIMITS, FILE_TEXT, MIME_BY_SUBTYPE } from '@veridocs/shared';
import { formatNumber, getLanguage, translate } from '../../i18n';
import { fileUploadCatalog } from './file-upload-catalog';
import en from './locales/en.json';

export type FileSource = 'pick' | 'drop' | 'paste';

/** The field's allowed subtypes, lower case, or the spec's default (jpeg, jpg, png, pdf). */
export function allowedTypesOf(allowed: readonly string[] | undefined): string[] {
  const list = (allowed ?? []).map((t) => t.trim().toLowerCase().replace(/^\./, '')).filter(Boolean);
  return list.length > 0 ? [...new Set(list)] : [...FILE_LIMITS.allowedTypes];
}

/** The picker's `accept`: extensions and MIME types of the allowed subtypes. */
export function acceptOf(allowed: readonly string[]): string {
  const mimes = allowed.map((t) => MIME_BY_SUBTYPE[t]).filter((m): m is string => Boolean(m));
  return [...allowed.map((t) => `.${t}`), ...new Set(mimes)].join(',');
}

/** The name's extension or the browser's MIME type says the file is one of the allowed subtypes. */
export function isAllowedType(file: Pick<File, 'name' | 'type'>, allowed: readonly string[]): boolean {
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  const type = file.type.toLowerCase();
  if (type && type !== 'application/octet-stream') {
    const mimes = new Set(allowed.map((t) => MIME_BY_SUBTYPE[t] ?? `unknown/${t}`));
    // image/jpeg stands for both jpeg and jpg.
    return mimes.has(type);
  }
  if (!extension) return false;
  if (allowed.includes(extension)) return true;
  return (
    (extension === 'jpg' || extension === 'jpeg') && (allowed.includes('jpg') || allowed.includes('jpeg'))
  );
}

/** The server's verdict on the content (its MIME type) is one of the allowed subtypes. */
export function isAllowedMime(mimeType: string, allowed: readonly string[]): boolean {
  return allowed.some((t) => MIME_BY_SUBTYPE[t] === mimeType);
}

export interface CheckResult {
  accepted: File[];
  /** The spec's messages (§5), each shown once as an error snackbar. */
  messages: string[];
}

/**
 * The client-side checks of spec §5 "File upload", before anything is sent: the count (whole
 * selection refused), then the type (a drop with none allowed, a partial mismatch keeps the allowed
 * ones), then the size bounds of 40,000 and 25,000,000 bytes.
 */
export function checkFiles(
  files: readonly File[],
  options: { allowed: readonly string[]; maxFiles: number; existing: number; source: FileSource },
): CheckResult {
  const { allowed, maxFiles, existing, source } = options;
  if (files.length === 0) return { accepted: [], messages: [] };
  // A single-file field replaces its file; a multi-file field adds up to its limit.
  const room = maxFiles === 1 ? 1 : maxFiles - existing;
  if (files.length > room) return { accepted: [], messages: [FILE_TEXT.tooMany(maxFiles)] };

  const messages: string[] = [];
  const typed = files.filter((file) => isAllowedType(file, allowed));
  if (typed.length === 0) {
    messages.push(source === 'drop' ? FILE_TEXT.dropNoAllowed(allowed) : FILE_TEXT.wrongType(allowed));
    return { accepted: [], messages };
  }
  if (typed.length < files.length) messages.push(FILE_TEXT.partialMismatch(allowed));

  const accepted: File[] = [];
  for (const file of typed) {
    if (file.size > FILE_LIMITS.maxBytes) {
      if (!messages.includes(FILE_TEXT.tooBig)) messages.push(FILE_TEXT.tooBig);
    } else if (file.size < FILE_LIMITS.minBytes) {
      if (!messages.includes(FILE_TEXT.tooSmall)) messages.push(FILE_TEXT.tooSmall);
    } else {
      accepted.push(file);
    }
  }
  return { accepted, messages };
}

/** "2.4 MB", "512 KB": decimal units, as the 40KB / 25MB label counts them; numbers through `Intl`. */
export function formatSize(bytes: number): string {
  if (bytes >= 1_000_000)
    return translate(fileUploadCatalog, 'sizeMb', {
      size: formatNumber(Math.round(bytes / 100_000) / 10, { maximumFractionDigits: 1 }),
    });
  if (bytes >= 1_000)
    return translate(fileUploadCatalog, 'sizeKb', { size: formatNumber(Math.round(bytes / 1_000)) });
  return translate(fileUploadCatalog, 'sizeBytes', { size: formatNumber(bytes) });
}

/**
 * What a document check found, for people: the server's own words in English (they carry the measured
 * detail), its code's translation otherwise, with the page it is on.
 */
export function issueText(issue: {
  code: string;
  message: string;
  page?: number | null | undefined;
}): string {
  const key = `issue_${issue.code}`;
  if (getLanguage() === 'en' || !Object.prototype.hasOwnProperty.call(en, key)) return issue.message;
  const message = translate(fileUploadCatalog, key as keyof typeof en);
  return typeof issue.page === 'number'
    ? translate(fileUploadCatalog, 'issueOnPage', { page: issue.page, message })
    : message;
}
