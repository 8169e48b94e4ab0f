import type { ApiEnvelope, ExcelImportResult } from '@aps/shared';
import { EXCEL_MESSAGES } from '@aps/shared/constants';
import { API_BASE, HTTP_MESSAGES, HttpError } from '../http.ts';
import { authHeaders } from '../list/download.ts';

export interface UploadCallbacks {
  /** Bytes sent so far of the whole multipart body. */
  onUploadProgress?(loaded: number, total: number): void;
  /** Every byte is out: the server is now reading and writing the rows. */
  onProcessing?(): void;
}

/**
 * POSTs the files as multipart `files[]` (§7 import) with XHR, whose upload events give a real progress figure
 * (fetch has none). Answers the whole envelope, since code 201 (imported with error rows) matters; a refused
 * import throws the server's message (§8: shown as a warning).
 */
export function uploadExcelFiles(
  path: string,
  files: File[],
  callbacks: UploadCallbacks = {},
): Promise<ApiEnvelope<ExcelImportResult>> {
  const body = new FormData();
  for (const f of files) body.append('files[]', f, f.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    for (const [k, v] of Object.entries(authHeaders())) xhr.setRequestHeader(k, v);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => callbacks.onUploadProgress?.(e.loaded, e.lengthComputable ? e.total : 0);
    xhr.upload.onload = () => callbacks.onProcessing?.();
    xhr.onerror = () => reject(new HttpError(HTTP_MESSAGES.noResponse, 0, 0, 'network'));
    xhr.ontimeout = () => reject(new HttpError(HTTP_MESSAGES.timeout, 0, 0, 'timeout'));
    xhr.onload = () => {
      let envelope: ApiEnvelope<ExcelImportResult> | null = null;
      try {
        envelope = JSON.parse(xhr.responseText) as ApiEnvelope<ExcelImportResult>;
      } catch {
        envelope = null;
      }
      const ok = xhr.status >= 200 && xhr.status < 300 && envelope?.success === true;
      if (ok && envelope) resolve(envelope);
      else {
        const fallback = xhr.status === 403 ? HTTP_MESSAGES.forbidden : EXCEL_MESSAGES.uploadFailed;
        reject(new HttpError(envelope?.message || fallback, xhr.status, envelope?.code ?? xhr.status));
      }
    };
    xhr.send(body);
  });
}
