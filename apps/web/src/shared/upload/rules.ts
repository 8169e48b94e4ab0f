import { IMAGE_EXTENSIONS, IMAGE_MIME_TYPES, UPLOAD_API, UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@aps/shared/constants';

/** What an upload accepts: any file (JUpload), images (jpeg/jpg/png ≤ 10 MB) or PDF only (§5). */
export type UploadMode = 'file' | 'image' | 'pdf';

/** The part of a browser File the checks read. */
export interface FileFacts {
  name: string;
  type: string;
  size: number;
}

/** The `accept` attribute of the file picker per mode (the checks below still run: a picker can be bypassed). */
export const ACCEPT: Record<UploadMode, string | undefined> = {
  file: undefined,
  image: [...IMAGE_EXTENSIONS.map((e) => `.${e}`), ...IMAGE_MIME_TYPES].join(','),
  pdf: '.pdf,application/pdf',
};

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/**
 * §5 before an upload starts: the message that refuses the file, or null. Images: not an image → 请上传图片, another
 * image type → 请上传jpeg、jpg、png类型的图片, over 10485760 bytes → 图片大小超出10MB限制…; pdf: 请上传pdf文件.
 */
export function checkBeforeUpload(file: FileFacts, mode: UploadMode): string | null {
  const ext = extensionOf(file.name);
  if (mode === 'pdf') {
    return ext === 'pdf' || file.type === 'application/pdf' ? null : UPLOAD_MESSAGES.pdfOnly;
  }
  if (mode === 'image') {
    if (!file.type.startsWith('image/')) return UPLOAD_MESSAGES.imageOnly;
    const typeOk = (IMAGE_MIME_TYPES as readonly string[]).includes(file.type);
    const extOk = (IMAGE_EXTENSIONS as readonly string[]).includes(ext);
    if (!typeOk || !extOk) return UPLOAD_MESSAGES.imageTypes;
    if (file.size > UPLOAD_LIMITS.imageMaxBytes) return UPLOAD_MESSAGES.imageTooBig;
  }
  return null;
}

/** §5: a multi-file upload limited to N keeps the last N files (the newest); no limit keeps all. */
export function keepLastN<T>(list: readonly T[], n: number | undefined): T[] {
  if (n === undefined || n <= 0 || list.length <= n) return [...list];
  return list.slice(list.length - n);
}

export type MoveResult<T> = { ok: true; list: T[] } | { ok: false; warning: string };

/**
 * §4/§5 image reorder: swaps an item with its neighbour. Moving the first one earlier is 未知的操作, the last one
 * later 已到最后~ (an index outside the list is 未知的操作 too).
 */
export function moveItem<T>(list: readonly T[], index: number, direction: 'prev' | 'next'): MoveResult<T> {
  if (index < 0 || index >= list.length) return { ok: false, warning: UPLOAD_MESSAGES.unknownOperation };
  if (direction === 'prev' && index === 0) return { ok: false, warning: UPLOAD_MESSAGES.unknownOperation };
  if (direction === 'next' && index === list.length - 1) return { ok: false, warning: UPLOAD_MESSAGES.atLast };
  const other = direction === 'prev' ? index - 1 : index + 1;
  const next = [...list];
  [next[index], next[other]] = [next[other] as T, next[index] as T];
  return { ok: true, list: next };
}

export const joinPaths = (paths: readonly string[]) => paths.join(',');

/**
 * §7: the URL of a stored file: `/aps/sys/common/static/<path>`, unless the path is already a URL (starts with http)
 * or contains a bracket (kept as given).
 */
export function staticUrl(path: string, base = '/aps'): string {
  if (/^http/i.test(path) || path.includes('[')) return path;
  return `${base}${UPLOAD_API.static}/${path.replace(/^\/+/, '')}`;
}

/** Whether the URL is one of ours (needs the token headers) rather than an outside address. */
export const isOwnStatic = (path: string) => !/^http/i.test(path) && !path.includes('[');

/** What the preview modal can show: images and PDF, by type or by name. */
export function previewKind(name: string, mime?: string): 'image' | 'pdf' | 'other' {
  const ext = extensionOf(name);
  if (mime?.startsWith('image/') || ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'webp'].includes(ext)) return 'image';
  if (mime === 'application/pdf' || ext === 'pdf') return 'pdf';
  return 'other';
}

/** The last segment of a stored path, for a file known only by its path. */
export const nameOfPath = (path: string) => path.split(/[\\/]/).pop() ?? path;

/**
 * §5: the classified-information warning is shown at most once every 5000 ms, however many files start uploading.
 * Returns the function to call before each upload; it answers whether the warning was shown this time.
 */
export function createSecretWarner(
  show: () => void,
  intervalMs: number = UPLOAD_LIMITS.secretWarningIntervalMs,
  now: () => number = Date.now,
): () => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const at = now();
    if (at - last < intervalMs) return false;
    last = at;
    show();
    return true;
  };
}

/** Bytes as the user reads them (1.5 MB, 320 KB). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
