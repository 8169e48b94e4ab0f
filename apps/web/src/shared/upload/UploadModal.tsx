import { UPLOAD_BIZ, UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@aps/shared/constants';
import { App, Modal } from 'antd';
import { useState } from 'react';
import { FileUpload, type UploadItem } from './FileUpload.tsx';
import type { UploadMode } from './rules.ts';

export interface UploadModalProps {
  open: boolean;
  /** image → 图片上传; file or pdf → 文件上传. */
  mode?: UploadMode;
  /** Keep the last N files. */
  max?: number;
  /** §7: ftl in the popup. */
  biz?: string;
  /** Further form fields of each upload (§7: isup=1 from grid cells). */
  fields?: Readonly<Record<string, string>>;
  /** The uploaded files (done ones) when the user confirms. */
  onOk: (files: UploadItem[], value: string) => void;
  onCancel: () => void;
}

/**
 * The upload popup (§2, §4, §9): titled 图片上传 or 文件上传, 520 wide. Confirming with no uploaded file is refused
 * with 未上传任何文件; otherwise it answers the file information and closes.
 */
export function UploadModal({
  open,
  mode = 'file',
  max,
  biz = UPLOAD_BIZ.popup,
  fields,
  onOk,
  onCancel,
}: UploadModalProps) {
  const { message } = App.useApp();
  const [state, setState] = useState<{ value: string; items: UploadItem[] }>({ value: '', items: [] });
  const reset = () => setState({ value: '', items: [] });

  const confirm = () => {
    const done = state.items.filter((i) => i.status === 'done' && i.path);
    if (done.length === 0) {
      void message.error(UPLOAD_MESSAGES.noFile);
      return;
    }
    onOk(done, state.value);
    reset();
  };

  return (
    <Modal
      open={open}
      title={mode === 'image' ? UPLOAD_MESSAGES.popupImageTitle : UPLOAD_MESSAGES.popupFileTitle}
      width={UPLOAD_LIMITS.popupWidth}
      onOk={confirm}
      onCancel={() => {
        reset();
        onCancel();
      }}
      destroyOnHidden
    >
      <div style={{ padding: '8px 0' }}>
        <FileUpload
          mode={mode}
          biz={biz}
          fields={fields}
          {...(max === undefined ? {} : { max })}
          value={state.value}
          onChange={(value, items) => setState({ value, items })}
          hint={mode === 'pdf' ? '仅支持 PDF 文件' : '单个文件不超过 10MB'}
        />
      </div>
    </Modal>
  );
}
