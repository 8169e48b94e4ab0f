export { FilePreviewModal, type PreviewFile } from './FilePreviewModal.tsx';
export { FileUpload, type FileUploadProps, ImageUpload, type UploadItem } from './FileUpload.tsx';
export * from './rules.ts';
export { UploadModal, type UploadModalProps } from './UploadModal.tsx';
