import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  CloseCircleFilled,
  DeleteOutlined,
  DownloadOutlined,
  EyeOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  LoadingOutlined,
  PlusOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { splitValue, UPLOAD_BIZ, UPLOAD_MESSAGES } from '@aps/shared/constants';
import type { UploadProps } from 'antd';
import { App, Button, Progress, Tooltip, Typography, Upload } from 'antd';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { HttpError } from '../http.ts';
import { downloadStoredFile } from './api.ts';
import { FilePreviewModal, type PreviewFile } from './FilePreviewModal.tsx';
import {
  ACCEPT,
  checkBeforeUpload,
  formatBytes,
  joinPaths,
  keepLastN,
  moveItem,
  nameOfPath,
  previewKind,
  type UploadMode,
} from './rules.ts';
import { useFileUrl } from './useFileUrl.ts';
import { useSecretWarning } from './useSecretWarning.ts';
import { useUploader } from './useUploader.ts';
import './upload.css';

/** One file of an upload field (§3 uploaded file: name, status, percent, path, message, size). */
export interface UploadItem {
  uid: string;
  name: string;
  status: 'uploading' | 'done' | 'error';
  percent: number;
  /** The stored path, once done. */
  path?: string;
  size?: number;
  mime?: string;
  /** Why it failed. */
  message?: string;
}

export interface FileUploadProps {
  /** The stored paths, comma-separated (§3). */
  value?: string;
  /** The new paths (done files only) and the whole list. */
  onChange?: (value: string, items: UploadItem[]) => void;
  /** file (any type, JUpload), image (jpeg/jpg/png ≤ 10 MB, cards with reorder) or pdf (PDF only). */
  mode?: UploadMode;
  /** Keep at most the last N files (§5); unlimited when absent. 1 replaces the file. */
  max?: number;
  /** §7 biz: temp for the generic upload (default), ftl in the grid and the popup. */
  biz?: string;
  /** Further form fields of each upload (§7: isup=1 from grid cells). */
  fields?: Readonly<Record<string, string>>;
  disabled?: boolean;
  /** The upload button's text (file and pdf modes). */
  buttonText?: string;
  /** A line under the button (file and pdf modes). */
  hint?: ReactNode;
  'aria-label'?: string;
}

const doneOf = (items: readonly UploadItem[]) =>
  items.filter((i): i is UploadItem & { path: string } => i.status === 'done' && Boolean(i.path));

const itemFromPath = (path: string, known?: UploadItem): UploadItem =>
  known ?? { uid: `path:${path}`, name: nameOfPath(path), status: 'done', percent: 100, path };

/**
 * The upload field (JUpload): any file, images only or PDF only; several files limited to the last N; §4 messages
 * ({file} 上传成功! / {file} 上传失败.) and §8 上传出错 with the server's reason; the §5 classified-information
 * warning before uploads; preview of images and PDF; image reorder (未知的操作 / 已到最后~).
 */
export function FileUpload({
  value,
  onChange,
  mode = 'file',
  max,
  biz = UPLOAD_BIZ.generic,
  fields,
  disabled = false,
  buttonText,
  hint,
  'aria-label': ariaLabel,
}: FileUploadProps) {
  const { message } = App.useApp();
  const warnSecret = useSecretWarning();
  const upload = useUploader({ biz, fields });
  const [items, setItems] = useState<UploadItem[]>(() => splitValue(value).map((p) => itemFromPath(p)));
  const itemsRef = useRef(items);
  const [preview, setPreview] = useState<PreviewFile | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  /** Applies a change to the list and tells the form when the stored paths changed. */
  const update = useCallback((change: (list: UploadItem[]) => UploadItem[]) => {
    const before = joinPaths(doneOf(itemsRef.current).map((i) => i.path));
    const next = change(itemsRef.current);
    itemsRef.current = next;
    setItems(next);
    const after = joinPaths(doneOf(next).map((i) => i.path));
    if (after !== before) onChangeRef.current?.(after, next);
  }, []);

  // A value set from outside (a form reset, a loaded record) replaces the list; our own changes come back equal.
  useEffect(() => {
    const paths = splitValue(value);
    if (joinPaths(paths) === joinPaths(doneOf(itemsRef.current).map((i) => i.path))) return;
    const known = new Map(doneOf(itemsRef.current).map((i) => [i.path, i]));
    const next = paths.map((p) => itemFromPath(p, known.get(p)));
    itemsRef.current = next;
    setItems(next);
  }, [value]);

  const patch = (uid: string, changes: Partial<UploadItem>) =>
    update((list) => list.map((i) => (i.uid === uid ? { ...i, ...changes } : i)));

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    warnSecret();
    const refusal = checkBeforeUpload(file, mode);
    if (refusal) {
      void message.warning({ key: refusal, content: refusal });
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file }) => {
    const f = file as File & { uid: string };
    update((list) => keepLastN([...list, { uid: f.uid, name: f.name, status: 'uploading', percent: 0 }], max));
    void upload(f, f.uid, (percent) => patch(f.uid, { percent })).then((outcome) => {
      if (!outcome.ok) {
        patch(f.uid, { status: 'error', message: outcome.reason });
        return;
      }
      const saved = outcome.file;
      patch(f.uid, {
        status: 'done',
        percent: 100,
        path: saved.filePath,
        size: saved.fileSize,
        mime: saved.mime,
        name: saved.fileName,
      });
    });
  };

  const remove = (uid: string) => update((list) => list.filter((i) => i.uid !== uid));
  const move = (index: number, direction: 'prev' | 'next') => {
    const moved = moveItem(itemsRef.current, index, direction);
    if (!moved.ok) {
      void message.warning({ key: moved.warning, content: moved.warning });
      return;
    }
    update(() => moved.list);
  };
  const download = (item: UploadItem) => {
    if (!item.path) return;
    downloadStoredFile(item.path, item.name).catch((err: unknown) =>
      message.warning(err instanceof HttpError ? err.message : UPLOAD_MESSAGES.downloadFailed),
    );
  };
  const openPreview = (item: UploadItem) =>
    item.path && setPreview({ path: item.path, name: item.name, ...(item.mime ? { mime: item.mime } : {}) });

  const picker = (trigger: ReactNode) => (
    <Upload
      accept={ACCEPT[mode]}
      multiple={max !== 1}
      showUploadList={false}
      disabled={disabled}
      beforeUpload={beforeUpload}
      customRequest={customRequest}
    >
      {trigger}
    </Upload>
  );

  return (
    <section className={`aps-upload aps-upload-${mode}`} aria-label={ariaLabel}>
      {mode === 'image' ? (
        <div className="aps-upload-cards">
          {items.map((item, index) => (
            <ImageCard
              key={item.uid}
              item={item}
              disabled={disabled}
              onPreview={() => openPreview(item)}
              onPrev={() => move(index, 'prev')}
              onNext={() => move(index, 'next')}
              onRemove={() => remove(item.uid)}
            />
          ))}
          {!disabled &&
            picker(
              // antd's Upload makes its child the (keyboard-reachable) button, so this is a plain box.
              <div className="aps-upload-card aps-upload-card-trigger">
                <PlusOutlined />
                <span>{buttonText ?? '上传图片'}</span>
              </div>,
            )}
        </div>
      ) : (
        <>
          {picker(
            <Button icon={<UploadOutlined />} disabled={disabled}>
              {buttonText ?? (mode === 'pdf' ? '上传PDF' : '上传文件')}
            </Button>,
          )}
          {hint && <div className="aps-upload-hint">{hint}</div>}
          {items.length > 0 && (
            <ul className="aps-upload-list">
              {items.map((item) => (
                <FileRow
                  key={item.uid}
                  item={item}
                  disabled={disabled}
                  onPreview={() => openPreview(item)}
                  onDownload={() => download(item)}
                  onRemove={() => remove(item.uid)}
                />
              ))}
            </ul>
          )}
        </>
      )}
      <FilePreviewModal file={preview} onClose={() => setPreview(null)} />
    </section>
  );
}

/** An image upload (jpeg/jpg/png, ≤ 10485760 bytes) shown as cards that can be reordered. */
export function ImageUpload(props: Omit<FileUploadProps, 'mode'>) {
  return <FileUpload {...props} mode="image" />;
}

function fileIcon(item: UploadItem) {
  const kind = previewKind(item.name, item.mime);
  if (kind === 'image') return <FileImageOutlined />;
  if (kind === 'pdf') return <FilePdfOutlined />;
  return <FileOutlined />;
}

function FileRow({
  item,
  disabled,
  onPreview,
  onDownload,
  onRemove,
}: {
  item: UploadItem;
  disabled: boolean;
  onPreview: () => void;
  onDownload: () => void;
  onRemove: () => void;
}) {
  const canPreview = item.status === 'done' && previewKind(item.name, item.mime) !== 'other';
  return (
    <li className={`aps-upload-row aps-upload-row-${item.status}`} aria-label={item.name}>
      <span className="aps-upload-row-icon">{item.status === 'uploading' ? <LoadingOutlined /> : fileIcon(item)}</span>
      <div className="aps-upload-row-main">
        <div className="aps-upload-row-line">
          <Typography.Text ellipsis={{ tooltip: item.name }} className="aps-upload-row-name">
            {item.name}
          </Typography.Text>
          {item.size !== undefined && <span className="aps-upload-row-size">{formatBytes(item.size)}</span>}
        </div>
        {item.status === 'uploading' && <Progress percent={item.percent} size="small" showInfo={false} />}
        {item.status === 'error' && (
          <div className="aps-upload-row-error">{item.message ?? UPLOAD_MESSAGES.uploadFailed}</div>
        )}
      </div>
      <span className="aps-upload-row-actions">
        {canPreview && (
          <Tooltip title="预览">
            <Button type="text" size="small" icon={<EyeOutlined />} aria-label="预览" onClick={onPreview} />
          </Tooltip>
        )}
        {item.status === 'done' && (
          <Tooltip title="下载">
            <Button type="text" size="small" icon={<DownloadOutlined />} aria-label="下载" onClick={onDownload} />
          </Tooltip>
        )}
        {!disabled && item.status !== 'uploading' && (
          <Tooltip title="删除">
            <Button type="text" size="small" icon={<DeleteOutlined />} aria-label="删除" onClick={onRemove} />
          </Tooltip>
        )}
      </span>
    </li>
  );
}

function ImageCard({
  item,
  disabled,
  onPreview,
  onPrev,
  onNext,
  onRemove,
}: {
  item: UploadItem;
  disabled: boolean;
  onPreview: () => void;
  onPrev: () => void;
  onNext: () => void;
  onRemove: () => void;
}) {
  const { url } = useFileUrl(item.status === 'done' ? item.path : null);
  if (item.status !== 'done') {
    return (
      <figure className={`aps-upload-card aps-upload-card-${item.status}`} aria-label={item.name}>
        {item.status === 'uploading' ? (
          <>
            <Progress type="circle" percent={item.percent} size={48} />
            <span className="aps-upload-card-name">上传中</span>
          </>
        ) : (
          <>
            <Tooltip title={item.message}>
              <span className="aps-upload-card-failure">
                <CloseCircleFilled className="aps-upload-card-error-icon" />
                <span className="aps-upload-card-name">{item.name}</span>
              </span>
            </Tooltip>
            {!disabled && (
              <Button type="link" size="small" danger onClick={onRemove}>
                删除
              </Button>
            )}
          </>
        )}
      </figure>
    );
  }
  return (
    <figure className="aps-upload-card" aria-label={item.name}>
      {url ? <img src={url} alt={item.name} /> : <LoadingOutlined />}
      <div className="aps-upload-card-actions">
        <Tooltip title="预览">
          <Button type="text" size="small" icon={<EyeOutlined />} aria-label="预览" onClick={onPreview} />
        </Tooltip>
        {!disabled && (
          <>
            <Tooltip title="前移">
              <Button type="text" size="small" icon={<ArrowLeftOutlined />} aria-label="前移" onClick={onPrev} />
            </Tooltip>
            <Tooltip title="后移">
              <Button type="text" size="small" icon={<ArrowRightOutlined />} aria-label="后移" onClick={onNext} />
            </Tooltip>
            <Tooltip title="删除">
              <Button type="text" size="small" icon={<DeleteOutlined />} aria-label="删除" onClick={onRemove} />
            </Tooltip>
          </>
        )}
      </div>
    </figure>
  );
}
