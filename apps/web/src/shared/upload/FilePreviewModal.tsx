import { DownloadOutlined } from '@ant-design/icons';
import { UPLOAD_MESSAGES } from '@aps/shared/constants';
import { App, Button, Empty, Modal, Result, Spin } from 'antd';
import { HttpError } from '../http.ts';
import { downloadStoredFile } from './api.ts';
import { previewKind } from './rules.ts';
import { useFileUrl } from './useFileUrl.ts';

/** A stored file to preview. */
export interface PreviewFile {
  path: string;
  name: string;
  mime?: string;
}

/**
 * The file-preview modal (§2): images and PDF are shown in place (from the file's bytes, fetched with the session's
 * headers); any other file offers a download.
 */
export function FilePreviewModal({ file, onClose }: { file: PreviewFile | null; onClose: () => void }) {
  const kind = file ? previewKind(file.name, file.mime) : 'other';
  return (
    <Modal
      open={file !== null}
      title={file?.name ?? '文件预览'}
      width={kind === 'pdf' ? 960 : 800}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      centered
      className="aps-file-preview"
    >
      {file && <PreviewBody file={file} kind={kind} />}
    </Modal>
  );
}

function PreviewBody({ file, kind }: { file: PreviewFile; kind: 'image' | 'pdf' | 'other' }) {
  const { message } = App.useApp();
  const { url, error } = useFileUrl(kind === 'other' ? null : file.path);
  const download = () =>
    downloadStoredFile(file.path, file.name).catch((err: unknown) =>
      message.warning(err instanceof HttpError ? err.message : UPLOAD_MESSAGES.downloadFailed),
    );
  const downloadButton = (
    <Button icon={<DownloadOutlined />} onClick={download}>
      下载
    </Button>
  );
  if (kind === 'other') {
    return (
      <Empty description="该类型的文件不支持在线预览" style={{ padding: '32px 0' }}>
        {downloadButton}
      </Empty>
    );
  }
  if (error) return <Result status="warning" title={error} extra={downloadButton} />;
  if (!url) {
    return (
      <div className="aps-file-preview-loading">
        <Spin />
      </div>
    );
  }
  return kind === 'image' ? (
    <div className="aps-file-preview-image">
      <img src={url} alt={file.name} />
    </div>
  ) : (
    <iframe className="aps-file-preview-pdf" src={url} title={file.name} />
  );
}
