import { InboxOutlined } from '@ant-design/icons';
import type { ExcelImportResult, ImportExistingRows } from '@aps/shared';
import { EXCEL_ACCEPT, EXCEL_LIMITS, EXCEL_MESSAGES } from '@aps/shared/constants';
import { Alert, App, Button, Modal, Progress, Typography, Upload, type UploadFile } from 'antd';
import { type ReactNode, useState } from 'react';
import { downloadBlob, errorText } from '../list/download.ts';
import { type ImportPhase, isExcelFileName, progressView } from './progress.ts';
import { uploadExcelFiles } from './upload.ts';

export interface ImportModalProps {
  open: boolean;
  onClose: () => void;
  /** The module's importExcel path under /aps, e.g. `${QA_API}/importExcel`. */
  action: string;
  /** Modal title; 文件导入 by default. */
  title?: string;
  /** What the sheet must look like (its headers), shown under the drop area. */
  hint?: ReactNode;
  /** What happens to rows that already exist (the list's policy from @aps/shared), said before anything is sent. */
  existingRows: ImportExistingRows;
  /** After an import that wrote rows (code 200 or 201): refresh the list. */
  onImported?: (result: ExcelImportResult) => void;
}

/**
 * The Excel import modal every list shares (§4, §5, §7, §8): .xls and .xlsx, several files at once, 开始上传
 * disabled with none; a progress bar while the files upload (XHR upload progress) and while the server processes
 * them. Code 200 closes and notifies; code 201 (imported with error rows) closes and warns
 * 导入成功,但是有错误数据! with a 点击下载 link to the error workbook; a refused import keeps the files and shows
 * the server's message as a warning.
 */
export function ImportModal({
  open,
  onClose,
  action,
  title = '文件导入',
  hint,
  existingRows,
  onImported,
}: ImportModalProps) {
  const { message, modal } = App.useApp();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [phase, setPhase] = useState<ImportPhase>('idle');
  const [sent, setSent] = useState({ loaded: 0, total: 0 });
  const busy = phase !== 'idle';
  const progress = progressView(phase, sent.loaded, sent.total);

  function close() {
    if (busy) return;
    setFiles([]);
    onClose();
  }

  async function upload() {
    setPhase('uploading');
    setSent({ loaded: 0, total: 0 });
    try {
      const envelope = await uploadExcelFiles(
        action,
        files.map((f) => f.originFileObj as File),
        {
          onUploadProgress: (loaded, total) => setSent({ loaded, total }),
          onProcessing: () => setPhase('processing'),
        },
      );
      setPhase('idle');
      setFiles([]);
      onClose();
      onImported?.(envelope.result);
      if (envelope.code === 201) showErrors(envelope.result);
      else message.success(envelope.message);
    } catch (err) {
      setPhase('idle');
      message.warning(errorText(err, EXCEL_MESSAGES.uploadFailed));
    }
  }

  function showErrors(result: ExcelImportResult) {
    const { fileUrl, fileName } = result;
    modal.warning({
      title: EXCEL_MESSAGES.partial,
      width: 480,
      okText: '知道了',
      content: (
        <div>
          <div>{result.msg}</div>
          {result.files.length > 1 && (
            <ul style={{ margin: '8px 0', paddingLeft: 20 }}>
              {result.files.map((f) => (
                <li key={f.fileName}>
                  {f.fileName}：成功{f.imported}行{f.updated > 0 ? `（其中更新已有${f.updated}行）` : ''}，失败
                  {f.failed}行
                </li>
              ))}
            </ul>
          )}
          {fileUrl && (
            <div style={{ marginTop: 4 }}>
              具体详情请{' '}
              <Typography.Link
                onClick={() =>
                  downloadBlob(fileUrl, fileName ?? '导入错误明细.xlsx').catch((e: unknown) =>
                    message.warning(errorText(e, EXCEL_MESSAGES.downloadFailed)),
                  )
                }
              >
                点击下载
              </Typography.Link>
            </div>
          )}
        </div>
      ),
    });
  }

  return (
    <Modal
      title={title}
      width={520}
      open={open}
      onCancel={close}
      maskClosable={!busy}
      closable={!busy}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={close} disabled={busy}>
          关闭
        </Button>,
        <Button key="upload" type="primary" disabled={files.length === 0} loading={busy} onClick={upload}>
          {busy ? EXCEL_MESSAGES.uploading : '开始上传'}
        </Button>,
      ]}
    >
      <Upload.Dragger
        accept={EXCEL_ACCEPT}
        multiple
        disabled={busy}
        fileList={files}
        beforeUpload={(file) => {
          if (!isExcelFileName(file.name)) {
            message.warning(`${file.name}：${EXCEL_MESSAGES.badType}`);
            return Upload.LIST_IGNORE;
          }
          return false;
        }}
        onChange={({ fileList }) => setFiles(fileList.slice(-EXCEL_LIMITS.files))}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">点击或将文件拖拽到此区域</p>
        <p className="ant-upload-hint">
          支持 .xls、.xlsx 格式，可一次选择多个文件（最多{EXCEL_LIMITS.files}个，每个不超过10MB）
        </p>
      </Upload.Dragger>
      {progress && (
        <div style={{ marginTop: 16 }} role="status" aria-live="polite">
          <Progress percent={progress.percent} status={progress.status} showInfo={false} />
          <Typography.Text type="secondary">{progress.text}</Typography.Text>
        </div>
      )}
      {hint && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {hint}
        </Typography.Paragraph>
      )}
      <Alert
        className="aps-import-existing"
        style={{ marginTop: 12 }}
        type={existingRows.policy === 'update' ? 'info' : 'warning'}
        showIcon
        title={`已存在的数据：${existingRows.text}`}
      />
    </Modal>
  );
}
