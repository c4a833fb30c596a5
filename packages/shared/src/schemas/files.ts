import { z } from 'zod';
import { UPLOAD_STATES } from '../constants/files.js';

export const uploadStateSchema = z.enum(UPLOAD_STATES);

/** One problem a check found; `code` is stable, `message` is for people. */
export const documentIssueSchema = z.object({
  code: z.enum([
    'BLURRY',
    'TOO_SMALL',
    'WRONG_DIMENSIONS',
    'CROPPED',
    'TOO_DARK',
    'TOO_BRIGHT',
    'PDF_UNREADABLE',
    'PDF_ENCRYPTED',
    'PDF_ACTIVE_CONTENT',
    'PDF_NO_TEXT',
    'PDF_TOO_MANY_PAGES',
    'NAME_MISMATCH',
    'IMAGE_UNREADABLE',
    'MISSING_PAGE',
    // Refusals of the checks' limits (ADR 0010): a PDF that expands past the caps, a check past memory/time.
    'PDF_OVERSIZED',
    'CHECK_LIMIT_EXCEEDED',
  ]),
  message: z.string(),
  /** The measured value and its threshold, when there is one (for example blur variance). */
  measured: z.number().nullable(),
  threshold: z.number().nullable(),
  page: z.number().int().nullable(),
});
export type DocumentIssue = z.infer<typeof documentIssueSchema>;

/** POST /files, POST /files/from-url and GET /files/{id}: data.fileUrl per spec §3, plus what the checks found. */
export const fileUploadResponseSchema = z.object({
  fileId: z.string(),
  /** A relative API path; fetching it needs the owner's token (or a signed link from /files/{id}/link). */
  fileUrl: z.string(),
  name: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  folderName: z.string().nullable(),
  fileCategory: z.string().nullable(),
  state: uploadStateSchema,
  issues: z.array(documentIssueSchema),
  pageCount: z.number().int().nullable(),
  /** OCR text once the background job finished; null while PROCESSING or when not applicable. */
  ocrText: z.string().nullable(),
  createdAt: z.string(),
});
export type FileUploadResponse = z.infer<typeof fileUploadResponseSchema>;

const folderSchema = z
  .string()
  .trim()
  .max(60)
  .regex(/^[a-z0-9][a-z0-9-]*$/i, 'Use letters, digits and hyphens only');

/** Multipart fields of POST /files besides `file`. */
export const uploadFieldsSchema = z.object({
  folderName: folderSchema.optional(),
  fileCategory: folderSchema.optional(),
  /** When set, the name on the document is compared with the candidate's profile name (NAME_MISMATCH). */
  expectName: z.string().trim().max(100).optional(),
});

/** POST /files/from-url */
export const fileFromUrlRequestSchema = z
  .object({
    url: z
      .string()
      .trim()
      .max(2000)
      .regex(
        /^https?:\/\/[^\s/?#]+\.[^\s/?#]+([/?#]\S*)?$/i,
        'URL must start with http or https and have a domain',
      ),
    folderName: folderSchema.optional(),
  })
  .strict();
export type FileFromUrlRequest = z.infer<typeof fileFromUrlRequestSchema>;

/** GET /files/{id}/link → a short-lived signed download URL. */
export const fileLinkResponseSchema = z.object({ url: z.string(), expiresAt: z.string() });

/** POST /detect-document-issues {fileId} → the checks' verdict (runs them again if needed). */
export const detectIssuesRequestSchema = z.object({ fileId: z.string().trim().min(1).max(100) }).strict();
export const detectIssuesResponseSchema = z.object({
  fileId: z.string(),
  state: uploadStateSchema,
  issues: z.array(documentIssueSchema),
});
export type DetectIssuesResponse = z.infer<typeof detectIssuesResponseSchema>;

/** Geolocation result (spec §3): from the browser's position, reverse-geocoded on the server. */
export const geocodeQuerySchema = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
});
export const geolocationResultSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  accuracy: z.number().nullable(),
  timestamp: z.number().nullable(),
  address: z.object({
    address: z.string(),
    locality: z.string(),
    district: z.string(),
    state: z.string(),
    country: z.string(),
    pincode: z.string(),
  }),
  /** A relative API path of a generated map image (PNG, 600×400, zoom 15). */
  mapImage: z.string(),
  ipAddress: z.string().nullable(),
  error: z.string().nullable(),
});
export type GeolocationResult = z.infer<typeof geolocationResultSchema>;

/** GET /geo/country: the caller's country by IP (offline database), for the payment region. */
export const countryResponseSchema = z.object({
  country: z.string().nullable(),
  ipAddress: z.string().nullable(),
});
