import type { ApiEnvelope, UploadedFileDto } from '@aps/shared/constants';
import { LOW_APP_HEADER, UPLOAD_API, UPLOAD_MESSAGES } from '@aps/shared/constants';
import { API_BASE, currentLowAppId, HttpError } from '../http.ts';
import { STORAGE_KEYS, storage } from '../storage.ts';
import { staticUrl } from './rules.ts';

/** The token, tenant and low-app headers of the shared client, for the calls that are not JSON (multipart, blobs). */
function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = storage.get<string>(STORAGE_KEYS.token);
  const tenantId =
    storage.get<string | number>(STORAGE_KEYS.tenantId) ??
    storage.get<{ tenantId?: string }>(STORAGE_KEYS.userInfo)?.tenantId;
  if (token) headers['X-Access-Token'] = token;
  if (tenantId !== null && tenantId !== undefined && tenantId !== '') headers['tenant-id'] = String(tenantId);
  const appId = currentLowAppId();
  if (appId) headers[LOW_APP_HEADER] = appId;
  return headers;
}

export interface UploadOptions {
  /** §7 biz: ftl in the grid and the popup, temp in the generic upload. */
  biz?: string;
  /** Further form fields (§7: isup=1 from grid cells). */
  fields?: Readonly<Record<string, string>>;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /sys/common/upload (§7): multipart `file` (+ `biz`). XMLHttpRequest rather than fetch, for the upload
 * progress. Resolves with the stored file (its path is also the envelope's message); rejects with HttpError carrying
 * the server's reason (e.g. a refused type) or 文件上传失败.
 */
export function uploadFile(file: File, options: UploadOptions = {}): Promise<UploadedFileDto> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    if (options.biz) body.append('biz', options.biz);
    for (const [name, value] of Object.entries(options.fields ?? {})) body.append(name, value);
    body.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${UPLOAD_API.upload}`);
    for (const [k, v] of Object.entries(authHeaders())) xhr.setRequestHeader(k, v);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.(Math.min(99, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      const envelope = xhr.response as ApiEnvelope<UploadedFileDto> | null;
      if (xhr.status >= 200 && xhr.status < 300 && envelope?.success) {
        options.onProgress?.(100);
        resolve(envelope.result);
        return;
      }
      reject(new HttpError(envelope?.message || UPLOAD_MESSAGES.fileUploadFailed, xhr.status, envelope?.code ?? 0));
    };
    xhr.onerror = () => reject(new HttpError(UPLOAD_MESSAGES.fileUploadFailed, 0, 0, 'network'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** A stored file's bytes (GET /sys/common/static/<path> with the session's headers). */
export async function fetchFileBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  if (path.trim() === '') throw new HttpError(UPLOAD_MESSAGES.unknownFile, 0, 0);
  const url = new URL(staticUrl(path, API_BASE), window.location.origin);
  url.searchParams.set('_t', String(Date.now()));
  const response = await fetch(url, { headers: authHeaders(), signal: signal ?? null });
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as ApiEnvelope<unknown> | null;
    throw new HttpError(
      envelope?.message || UPLOAD_MESSAGES.downloadFailed,
      response.status,
      envelope?.code ?? response.status,
    );
  }
  return response.blob();
}

/** Saves a stored file under its original name. */
export async function downloadStoredFile(path: string, fileName: string): Promise<void> {
  const blob = await fetchFileBlob(path);
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
