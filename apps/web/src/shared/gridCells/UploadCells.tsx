import {
  DeleteOutlined,
  DownloadOutlined,
  FileImageOutlined,
  LoadingOutlined,
  PaperClipOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { splitValue, UPLOAD_BIZ, UPLOAD_MESSAGES } from '@aps/shared/constants';
import { App, Button, Tooltip, Upload } from 'antd';
import { useState } from 'react';
import { Placeholder, text } from '../grid/cells.tsx';
import type { GridCellProps } from '../grid/types.ts';
import { HttpError } from '../http.ts';
import { downloadStoredFile } from '../upload/api.ts';
import { FilePreviewModal, type PreviewFile } from '../upload/FilePreviewModal.tsx';
import { ACCEPT, checkBeforeUpload, previewKind, type UploadMode } from '../upload/rules.ts';
import { UploadModal } from '../upload/UploadModal.tsx';
import { useFileUrl } from '../upload/useFileUrl.ts';
import { useSecretWarning } from '../upload/useSecretWarning.ts';
import { useUploader } from '../upload/useUploader.ts';
import { fileNameOf, mergePaths, rememberFileName, shortFileName } from './files.ts';
import './gridCells.css';

/** §7: uploads from a grid cell send biz ftl (unless the column names another) and isup=1. */
const CELL_FIELDS = { isup: '1' } as const;
const bizOf = (p: GridCellProps) => (typeof p.column.props?.biz === 'string' ? p.column.props.biz : UPLOAD_BIZ.grid);

/** Saves a stored file under its name; a failure is a warning. */
function useDownload() {
  const { message } = App.useApp();
  return (path: string) =>
    downloadStoredFile(path, fileNameOf(path)).catch((err: unknown) =>
      message.warning(err instanceof HttpError ? err.message : UPLOAD_MESSAGES.downloadFailed),
    );
}

/** A stored file of a cell: its short name (§9), opening the preview (images, PDF) or downloading. */
function FileLink({ path, onPreview }: { path: string; onPreview: (file: PreviewFile) => void }) {
  const download = useDownload();
  const name = fileNameOf(path);
  const open = () => (previewKind(name) !== 'other' ? onPreview({ path, name }) : void download(path));
  return (
    <Button type="link" size="small" className="aps-grid-file" title={name} onClick={open}>
      <PaperClipOutlined />
      {shortFileName(name)}
    </Button>
  );
}

/** Empties the cell (unless the column forbids removal, props allowRemove false, or the cell is disabled). */
function RemoveButton({ p }: { p: GridCellProps }) {
  if (p.column.allowRemove === false || p.disabled) return null;
  return (
    <Button
      type="text"
      size="small"
      danger
      icon={<DeleteOutlined />}
      aria-label="删除"
      onClick={() => p.onChange('')}
    />
  );
}

type Pending = { name: string; percent: number } | { name: string; error: string } | null;

/**
 * upload: in place (§4 file cell): no file shows the upload button; then uploading (percent), then done (the file's
 * short name, download, remove) or error (上传失败, the reason on hover, and the button to try again).
 */
export function UploadCell(p: GridCellProps) {
  const { message } = App.useApp();
  const download = useDownload();
  const warnSecret = useSecretWarning();
  const upload = useUploader({ biz: bizOf(p), fields: CELL_FIELDS });
  const [pending, setPending] = useState<Pending>(null);
  const [preview, setPreview] = useState<PreviewFile | null>(null);
  const path = splitValue(text(p.value))[0];
  const mode: UploadMode = p.column.props?.mode === 'pdf' ? 'pdf' : 'file';

  const picker = (
    <Upload
      accept={ACCEPT[mode]}
      showUploadList={false}
      disabled={p.disabled}
      beforeUpload={(file) => {
        warnSecret();
        const refusal = checkBeforeUpload(file, mode);
        if (refusal) void message.warning({ key: refusal, content: refusal });
        return refusal ? Upload.LIST_IGNORE : true;
      }}
      customRequest={({ file }) => {
        const f = file as File & { uid: string };
        setPending({ name: f.name, percent: 0 });
        void upload(f, f.uid, (percent) => setPending({ name: f.name, percent })).then((outcome) => {
          if (!outcome.ok) {
            setPending({ name: f.name, error: outcome.reason });
            return;
          }
          rememberFileName(outcome.file.filePath, outcome.file.fileName);
          setPending(null);
          p.onChange(outcome.file.filePath);
        });
      }}
    >
      <Button size="small" icon={<UploadOutlined />} disabled={p.disabled}>
        {p.column.btnText ?? (path ? '重新上传' : '上传文件')}
      </Button>
    </Upload>
  );

  let body: React.ReactNode;
  if (pending && 'percent' in pending) {
    body = (
      <span className="aps-grid-upload-state" role="status">
        <LoadingOutlined /> {shortFileName(pending.name)} {pending.percent}%
      </span>
    );
  } else if (pending) {
    body = (
      <>
        <Tooltip title={pending.error}>
          <span className="aps-grid-upload-state aps-grid-upload-error" role="alert">
            {UPLOAD_MESSAGES.uploadFailed}
          </span>
        </Tooltip>
        {picker}
      </>
    );
  } else if (path) {
    body = (
      <>
        <FileLink path={path} onPreview={setPreview} />
        {p.column.allowDownload !== false && (
          <Button
            type="text"
            size="small"
            icon={<DownloadOutlined />}
            aria-label="下载"
            onClick={() => void download(path)}
          />
        )}
        <RemoveButton p={p} />
      </>
    );
  } else body = picker;

  return (
    <span className="aps-grid-upload">
      {body}
      {preview && <FilePreviewModal file={preview} onClose={() => setPreview(null)} />}
    </span>
  );
}

/** A thumbnail of a stored image (its bytes fetched with the session's headers). */
function Thumb({ path, onPreview }: { path: string; onPreview: (file: PreviewFile) => void }) {
  const { url } = useFileUrl(path);
  const name = fileNameOf(path);
  return (
    <button type="button" className="aps-grid-thumb" title={name} onClick={() => onPreview({ path, name })}>
      {url ? <img src={url} alt={name} /> : <FileImageOutlined />}
    </button>
  );
}

/**
 * file and image: the stored files (short names, or thumbnails) and a button opening the upload popup (§2: 文件上传
 * or 图片上传, 520); the popup's files are added (several allowed unless props.multiple is false, the last
 * props.max kept) or replace the file.
 */
function PopupUploadCell({ p, mode }: { p: GridCellProps; mode: 'file' | 'image' }) {
  const [open, setOpen] = useState(false);
  const [preview, setPreview] = useState<PreviewFile | null>(null);
  const value = text(p.value);
  const paths = splitValue(value);
  const multiple = p.column.props?.multiple !== false;
  const max = typeof p.column.props?.max === 'number' ? p.column.props.max : undefined;
  const Shown = mode === 'image' ? Thumb : FileLink;
  const label = p.column.btnText ?? (mode === 'image' ? '上传图片' : '上传文件');
  return (
    <span className="aps-grid-upload">
      {paths.length === 0 && p.disabled && <Placeholder column={p.column} />}
      {paths.map((path) => (
        <Shown key={path} path={path} onPreview={setPreview} />
      ))}
      {!p.disabled && (
        // With files shown, the button keeps to its icon (the cell is one line of the row).
        <Button size="small" icon={<UploadOutlined />} aria-label={label} title={label} onClick={() => setOpen(true)}>
          {paths.length ? null : label}
        </Button>
      )}
      {paths.length > 0 && <RemoveButton p={p} />}
      {open && (
        <UploadModal
          open
          mode={mode}
          biz={bizOf(p)}
          fields={CELL_FIELDS}
          {...(max === undefined ? {} : { max })}
          onCancel={() => setOpen(false)}
          onOk={(files) => {
            for (const f of files) if (f.path) rememberFileName(f.path, f.name);
            setOpen(false);
            p.onChange(
              mergePaths(
                value,
                files.flatMap((f) => f.path ?? []),
                multiple,
                max,
              ),
            );
          }}
        />
      )}
      {preview && <FilePreviewModal file={preview} onClose={() => setPreview(null)} />}
    </span>
  );
}

export const FileCell = (p: GridCellProps) => <PopupUploadCell p={p} mode="file" />;
export const ImageCell = (p: GridCellProps) => <PopupUploadCell p={p} mode="image" />;
