import { z } from 'zod';
import {
  API_PATHS,
  ERROR_CODES,
  FILE_TEXT,
  fileLinkResponseSchema,
  fileUploadResponseSchema,
  geolocationResultSchema,
  type GeolocationResult,
} from '@veridocs/shared';
import { ApiError, http, request } from '../api-client';
import { config } from '../config';
import { uploadResumable } from './resumable-upload';

/** Files and geocoding calls (spec §7 files, geocoding), relative to the utility service. */
const utility = (path: string) => `${config.services.utility}${path}`;
const paths = API_PATHS.files;

/**
 * What a file field keeps as its value: JSON-serialisable (the form autosaves it), enough to show the
 * file card again without uploading anything. The server's full answer has more (sha256, OCR text...).
 */
export const uploadedFileSchema = fileUploadResponseSchema
  .pick({ fileId: true, fileUrl: true, name: true, mimeType: true, size: true, state: true })
  .extend({
    // Only the code and message matter to the screen; the measured values are for the server's logs.
    issues: z.array(z.object({ code: z.string(), message: z.string() })).default([]),
  });
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/** A photo from the camera dialog: the uploaded file and where it was taken. */
export interface GeoTaggedPhoto extends UploadedFile {
  geolocation: GeolocationResult;
}

export interface UploadOptions {
  /** The field the file belongs to (multipart `fileCategory`). */
  fileCategory?: string | undefined;
  /** When set, the server compares the name on the document with this one (NAME_MISMATCH). */
  expectName?: string | undefined;
  /**
   * The field's file subtypes. The server judges the type by the content against the spec's general
   * list; a refusal then names these instead, the only ones the field takes.
   */
  allowedFileTypes?: readonly string[] | undefined;
  /** 0 to 100 while the bytes go up. */
  onProgress?: ((percent: number) => void) | undefined;
  signal?: AbortSignal | undefined;
  /**
   * Another route that takes the file as POST /files does (same multipart field, checks and answer), e.g.
   * POST /credentials/documents/{id}; absolute (with its service base). POST /files by default.
   */
  uploadUrl?: string | undefined;
}

/** Multipart category values must be letters, digits and hyphens (shared uploadFieldsSchema). */
export function toCategory(fieldName: string): string | undefined {
  // The field name as it is when it fits ("marksheetFile"); other characters become hyphens.
  const slug = fieldName
    .replace(/[^a-z0-9-]+/gi, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || undefined;
}

export type UploadFn = (file: File, options?: UploadOptions) => Promise<UploadedFile>;

/** The field's file types in a type refusal, instead of the server's general list. */
function namingAllowedTypes(allowed: readonly string[] | undefined) {
  return (error: ApiError) =>
    allowed && allowed.length > 0 && error.code === ERROR_CODES.FILE_TYPE_NOT_ALLOWED.code
      ? new ApiError(FILE_TEXT.wrongType(allowed), {
          code: error.code,
          status: error.status,
          data: error.data,
        })
      : error;
}

/**
 * Uploads one file. To POST /files it goes by tus (resumable: ADR 0050, lib/api/resumable-upload.ts),
 * whose last PATCH answers as POST /files does; another route (`uploadUrl`) takes it as one multipart
 * POST, field `file`. Refusals (413, wrong type...) reach the candidate as the error catalogue's
 * snackbar with the server's message; a cancelled upload says nothing.
 */
export const uploadFile: UploadFn = async (file, options = {}) => {
  const category = options.fileCategory ? toCategory(options.fileCategory) : undefined;
  const expectName = options.expectName?.trim().slice(0, 100);
  const mapError = namingAllowedTypes(options.allowedFileTypes);
  if (!options.uploadUrl) {
    const data = await uploadResumable(utility(paths.resumable), file, {
      fields: { ...(category ? { fileCategory: category } : {}), ...(expectName ? { expectName } : {}) },
      onProgress: options.onProgress,
      signal: options.signal,
      mapError,
    });
    return uploadedFileSchema.parse(data);
  }
  const body = new FormData();
  if (category) body.append('fileCategory', category);
  if (expectName) body.append('expectName', expectName);
  // The file goes last: a streaming server has read the other fields by the time it reaches it.
  body.append('file', file, file.name);
  const data = await http.post<unknown>(options.uploadUrl, body, {
    signal: options.signal,
    mapError,
    onUploadProgress: (event) => {
      const total = event.total ?? file.size;
      if (options.onProgress && total > 0) {
        options.onProgress(Math.min(100, Math.round((event.loaded / total) * 100)));
      }
    },
  });
  return uploadedFileSchema.parse(data);
};

/**
 * POST /files/merge: several PDFs (all semesters' marksheets) sent in the order given; the server checks
 * each, merges them into one PDF and answers that one file like an upload. A refused part is named in
 * the server's message ("File 2 (sem2.pdf): …").
 */
export async function mergeFiles(
  files: readonly File[],
  options: Omit<UploadOptions, 'allowedFileTypes'> = {},
): Promise<UploadedFile> {
  const body = new FormData();
  const category = options.fileCategory ? toCategory(options.fileCategory) : undefined;
  if (category) body.append('fileCategory', category);
  if (options.expectName?.trim()) body.append('expectName', options.expectName.trim().slice(0, 100));
  for (const file of files) body.append('file', file, file.name);
  const total = files.reduce((sum, f) => sum + f.size, 0);
  const data = await http.post<unknown>(utility(paths.merge), body, {
    signal: options.signal,
    onUploadProgress: (event) => {
      const size = event.total ?? total;
      if (options.onProgress && size > 0) {
        options.onProgress(Math.min(100, Math.round((event.loaded / size) * 100)));
      }
    },
  });
  return uploadedFileSchema.parse(data);
}

/** GET /files/{id}: the file's current state (while the checks are PROCESSING). */
export async function fetchFile(fileId: string, signal?: AbortSignal): Promise<UploadedFile> {
  const data = await http.get<unknown>(utility(paths.one(fileId)), { noSnackbar: true, signal });
  return uploadedFileSchema.parse(data);
}

/** How often a PROCESSING file is asked for its verdict, and at most how many times. */
export const CHECK_POLL = { intervalMs: 1500, maxPolls: 20 } as const;

export interface CheckedUploadOptions extends UploadOptions {
  /** The bytes are up: the server's verdict (possibly PROCESSING) is in. */
  onUploaded?: ((file: UploadedFile) => void) | undefined;
}

const cancelled = () => new ApiError('Request cancelled', { cancelled: true });

/** Waits ms; an abort ends the wait early as a cancelled ApiError. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(cancelled());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelled());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Uploads a file, then asks for its verdict while the server's checks are PROCESSING (CHECK_POLL: every
 * intervalMs, at most maxPolls times). Resolves to the last answer: COMPLETED, NULL, WARNING, ERROR, or still
 * PROCESSING when the checks took longer (the callers accept such a file). The file field and the camera
 * both use it; an abort (the signal) rejects as a cancelled ApiError.
 */
export async function uploadAndCheck(file: File, options: CheckedUploadOptions = {}): Promise<UploadedFile> {
  const { onUploaded, ...uploadOptions } = options;
  let result = await uploadFile(file, uploadOptions);
  onUploaded?.(result);
  for (let poll = 0; result.state === 'PROCESSING' && poll < CHECK_POLL.maxPolls; poll += 1) {
    await pause(CHECK_POLL.intervalMs, uploadOptions.signal);
    result = await fetchFile(result.fileId, uploadOptions.signal);
  }
  return result;
}

/** mergeFiles, then the verdict while the checks are PROCESSING (as uploadAndCheck). */
export async function mergeAndCheck(
  files: readonly File[],
  options: Omit<CheckedUploadOptions, 'allowedFileTypes'> = {},
): Promise<UploadedFile> {
  const { onUploaded, ...mergeOptions } = options;
  let result = await mergeFiles(files, mergeOptions);
  onUploaded?.(result);
  for (let poll = 0; result.state === 'PROCESSING' && poll < CHECK_POLL.maxPolls; poll += 1) {
    await pause(CHECK_POLL.intervalMs, mergeOptions.signal);
    result = await fetchFile(result.fileId, mergeOptions.signal);
  }
  return result;
}

/** GET /files/{id}/link → a short-lived signed URL that needs no bearer (new tab, <img>). */
export async function fetchFileLink(fileId: string, options: { quiet?: boolean } = {}): Promise<string> {
  const data = await http.get<unknown>(utility(paths.link(fileId)), { noSnackbar: options.quiet === true });
  return fileLinkResponseSchema.parse(data).url;
}

/** GET /geo/reverse?lat&lng → address and map image for a position. The dialog shows a failure itself. */
export async function reverseGeocode(latitude: number, longitude: number): Promise<GeolocationResult> {
  const query = new URLSearchParams({ lat: String(latitude), lng: String(longitude) });
  const data = await http.get<unknown>(`${utility(paths.reverseGeocode)}?${query.toString()}`, {
    noSnackbar: true,
  });
  return geolocationResultSchema.parse(data);
}

/** An API image (the map) fetched with the bearer, as a Blob the caller turns into an object URL. */
export async function fetchApiImage(path: string, signal?: AbortSignal): Promise<Blob> {
  const response = await request('get', path, undefined, { responseType: 'blob', noSnackbar: true, signal });
  return response.body as Blob;
}
