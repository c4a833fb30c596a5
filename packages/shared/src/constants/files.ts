/** Upload bounds and types (spec §5 "File upload", §9). Bytes, not KiB: 40,000 to 25,000,000. */
export const FILE_LIMITS = {
  minBytes: 40_000,
  maxBytes: 25_000_000,
  /** Subtypes a candidate may upload; the server decides the type from the content (magic bytes). */
  allowedTypes: ['jpeg', 'jpg', 'png', 'pdf'],
  /** Short-lived download links. */
  downloadLinkSeconds: 300,
  /** Larger images are refused before decoding (decompression bombs). */
  maxImagePixels: 50_000_000,
} as const;

/** POST /files/merge: at most this many PDFs merged into one (all semesters' marksheets). */
export const MERGE_MAX_PARTS = 12;

export const MIME_BY_SUBTYPE: Readonly<Record<string, string>> = {
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
};

/** Upload states (spec §3). NULL: no check applies (for example a document kind that is not checked). */
export const UPLOAD_STATES = ['PROCESSING', 'COMPLETED', 'WARNING', 'NULL', 'ERROR'] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

/** Camera and geolocation (spec §8, §9). */
export const CAMERA = {
  idealWidth: 1920,
  geolocationTimeoutMs: 15_000,
  mapZoom: 15,
  mapWidth: 600,
  mapHeight: 400,
  geoTagFileName: 'geo-tag-image',
} as const;

/** Exact strings of spec §5 and §8 for uploads and the camera. */
export const FILE_TEXT = {
  uploadLabel: 'Click to upload file (40KB - 25MB)',
  tooBig: 'File size should be less than 25 MB',
  tooSmall: 'File size should be more than 40 KB',
  wrongType: (allowed: readonly string[]) => `Please upload a file of type: ${allowed.join(', ')}`,
  dropNoAllowed: (allowed: readonly string[]) => `Allowed file types: ${allowed.join(', ')}`,
  partialMismatch: (allowed: readonly string[]) => `Only ${allowed.join(', ')} files are allowed`,
  tooMany: (n: number) => `Only ${n} file(s) can be uploaded`,
  notClearTitle: 'Document Not Clear — Upload Again to Proceed',
  notClearBody: 'Uploaded file may be blurry/smudged/cropped/having dimensional or layout issues',
  unsupported: "The file you uploaded isn't supported by our system.",
  failed: 'Something went wrong. Please click to see the error.',
  uploadAgain: 'Upload Again',
  proceedAnyway: 'Proceed Anyway',
  capture: 'Capture',
  flipCamera: 'Flip Camera',
  retake: 'Retake',
  proceed: 'Proceed',
  uploadFromGallery: 'Upload from Computer or Gallery',
  noCamera: 'No camera device accessible. Please connect your camera or try a different browser.',
  cameraPermission: 'Permission denied. Please refresh and give camera permission.',
  noGeolocation: 'Geolocation is not supported by this browser.',
  noCanvas: 'Canvas is not supported.',
} as const;
