import type { UploadedFileDto } from '@aps/shared/constants';
import { UPLOAD_MESSAGES } from '@aps/shared/constants';
import { App } from 'antd';
import { useCallback } from 'react';
import { HttpError } from '../http.ts';
import { type UploadOptions, uploadFile } from './api.ts';

export type UploadOutcome = { ok: true; file: UploadedFileDto } | { ok: false; reason: string };

/**
 * One upload with the §4/§8 feedback: {file} 上传成功! when done; {file} 上传失败. and the 上传出错 notification
 * with the server's reason when not. Shared by the upload field and the grid's upload cell.
 */
export function useUploader({ biz, fields }: Pick<UploadOptions, 'biz' | 'fields'>) {
  const { message, notification } = App.useApp();
  return useCallback(
    async (file: File, key: string, onProgress?: (percent: number) => void): Promise<UploadOutcome> => {
      try {
        const saved = await uploadFile(file, { biz, fields, ...(onProgress ? { onProgress } : {}) });
        void message.success(UPLOAD_MESSAGES.done(file.name));
        return { ok: true, file: saved };
      } catch (err) {
        const reason = err instanceof HttpError ? err.message : UPLOAD_MESSAGES.unknownError;
        void message.error(UPLOAD_MESSAGES.failed(file.name));
        notification.error({
          key: `upload-error-${key}`,
          title: UPLOAD_MESSAGES.errorTitle,
          description: UPLOAD_MESSAGES.errorDetail(reason),
        });
        return { ok: false, reason };
      }
    },
    [biz, fields, message, notification],
  );
}
