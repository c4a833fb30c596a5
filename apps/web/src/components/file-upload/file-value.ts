import { uploadedFileSchema, type UploadedFile } from '../../lib/api/files-api';

/** A field's value as a list of files: a single object, a list, or nothing (restored values included). */
export function filesOf(value: unknown): UploadedFile[] {
  const items = Array.isArray(value)
    ? value
    : value === null || value === undefined || value === ''
      ? []
      : [value];
  const files: UploadedFile[] = [];
  for (const item of items) {
    const parsed = uploadedFileSchema.safeParse(item);
    if (parsed.success) files.push(parsed.data);
  }
  return files;
}

/** The value a field stores: the single file (or null) when one is allowed, else the list. */
export function valueOf(files: UploadedFile[], maxFiles: number): UploadedFile | UploadedFile[] | null {
  if (maxFiles > 1) return files.map(plain);
  const first = files[0];
  return first ? plain(first) : null;
}

/** Only the JSON the form saves: no File objects, no object URLs. */
function plain(file: UploadedFile): UploadedFile {
  const { fileId, fileUrl, name, mimeType, size, state, issues } = file;
  return { fileId, fileUrl, name, mimeType, size, state, issues };
}
