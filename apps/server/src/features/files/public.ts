// The door of files: uploaded receipts, photos and attachments: checked, shrunk, stored.
// What app.ts and other features may use of it; the rest is the feature's own.
export { diskUploadsIn, moveDiskUploads, type MovedUploads } from './disk-uploads.ts';
export { databaseStorage, type FileStorage } from './file-storage.ts';
export { cleanFileName } from './file-name.ts';
export {
  checkedUpload,
  fileTypes,
  fileUrl,
  insertFileRow,
  pendingUpload,
  nearIdentical,
  sameReceipts,
  type PendingUpload,
} from './files.ts';
export { SAME_PICTURE_MAX_DISTANCE } from './picture-hash.ts';
export { fileRoutes } from './routes.ts';
export { sanitizeUpload } from './sanitize-upload.ts';
export { installUploadQuota } from './upload-quota.ts';
