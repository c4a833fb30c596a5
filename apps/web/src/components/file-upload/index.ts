export { FileUpload, NotClearDialog, type FileUploadProps } from './file-upload';
export { MergedPdfUpload, type MergedPdfUploadProps } from './merged-pdf-upload';
export { pickedFilesKey } from './picked-files';
export { FileCard, createObjectUrl, openStoredFile, revokeObjectUrl, type FileCardProps } from './file-card';
export {
  acceptOf,
  allowedTypesOf,
  checkFiles,
  formatSize,
  isAllowedType,
  type FileSource,
} from './file-checks';
export { filesOf, valueOf } from './file-value';
export {
  useUploadAndCheck,
  type PendingUpload,
  type UploadFailure,
  type UploadHandlers,
} from './use-upload-and-check';
