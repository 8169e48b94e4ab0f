import { EXCEL_MESSAGES } from '@aps/shared/constants';

/** The import modal's states (§4): empty list, files selected, uploading, processing, then closed or warned. */
export type ImportPhase = 'idle' | 'uploading' | 'processing';

/** .xls and .xlsx only (§5), by name; the server checks the content again. */
export const isExcelFileName = (name: string) => /\.xlsx?$/i.test(name.trim());

/**
 * What the progress bar shows: the upload's share of the bytes sent (XHR upload progress), then, once every byte
 * is out and the server is reading and writing rows, a full active bar labelled 正在处理.
 */
export function progressView(
  phase: ImportPhase,
  loaded: number,
  total: number,
): { percent: number; status: 'active' | 'normal'; text: string } | null {
  if (phase === 'idle') return null;
  if (phase === 'processing') return { percent: 100, status: 'active', text: EXCEL_MESSAGES.processing };
  const percent = total > 0 ? Math.min(99, Math.floor((loaded / total) * 100)) : 0;
  return { percent, status: 'active', text: `${EXCEL_MESSAGES.uploading} ${percent}%` };
}
