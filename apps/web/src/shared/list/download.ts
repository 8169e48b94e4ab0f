import type { ApiEnvelope } from '@aps/shared';
import { LOW_APP_HEADER, UPLOAD_MESSAGES } from '@aps/shared/constants';
import { currentLowAppId, HttpError } from '../http.ts';
import { STORAGE_KEYS, storage } from '../storage.ts';

export const DOWNLOAD_FAILED = UPLOAD_MESSAGES.downloadFailed;

/** The headers every call carries (token, tenant, a low-app page's app id), for the non-JSON calls that go through fetch directly. */
export function authHeaders(): Record<string, string> {
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

/**
 * Blob download (§7): GET /aps<path> with the list's filters and saves the answer as `fileName`. A failed call
 * throws the server's message; an empty file throws 文件下载失败 (§8).
 */
export async function downloadBlob(
  path: string,
  fileName: string,
  query: Record<string, string | number | undefined> = {},
): Promise<void> {
  const url = new URL(`/aps${path}`, window.location.origin);
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
  url.searchParams.set('_t', String(Date.now()));
  let response: Response;
  try {
    response = await fetch(url, { headers: authHeaders() });
  } catch {
    throw new HttpError(DOWNLOAD_FAILED, 0, 0);
  }
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as ApiEnvelope<unknown> | null;
    throw new HttpError(envelope?.message || DOWNLOAD_FAILED, response.status, envelope?.code ?? response.status);
  }
  const blob = await response.blob();
  if (blob.size === 0) throw new HttpError(DOWNLOAD_FAILED, response.status, response.status);
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** The text to show for a failed call. */
export function errorText(err: unknown, fallback: string): string {
  return err instanceof HttpError ? err.message : fallback;
}

/**
 * Shows a failed call as a warning (the server's reason, e.g. a refused delete), unless the HTTP client has already
 * shown it (§8 catalogue: 403, 404, 5xx, time-outs).
 */
export function warnFailure(message: { warning(text: string): unknown }, err: unknown, fallback: string): void {
  if (err instanceof HttpError && err.shown) return;
  message.warning(errorText(err, fallback));
}
