import { DeleteOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Space } from 'antd';
import { type Key, type ReactNode, useState } from 'react';
import { usePermissionCheck } from '../auth/Can.tsx';
import { DOWNLOAD_FAILED, errorText, warnFailure } from './download.ts';

export const SELECT_ONE = '请选择一条记录！';

export interface ListToolbarProps {
  /** 新增 */
  onAdd?: () => void;
  addCode?: string;
  addText?: string;
  /** 批量删除: refused with 请选择一条记录！ when nothing is selected, confirmed otherwise. */
  selectedKeys?: Key[];
  onBatchDelete?: (keys: Key[]) => Promise<unknown>;
  batchDeleteCode?: string;
  /** 导出: a blob download (see downloadBlob). */
  onExport?: () => Promise<void>;
  exportCode?: string;
  /** More buttons after the standard ones. */
  children?: ReactNode;
  /** Right-aligned content (e.g. 已选择 N 项). */
  extra?: ReactNode;
}

/** The buttons above a list, each shown only with its permission code. */
export function ListToolbar({
  onAdd,
  addCode,
  addText = '新增',
  selectedKeys = [],
  onBatchDelete,
  batchDeleteCode,
  onExport,
  exportCode,
  children,
  extra,
}: ListToolbarProps) {
  const { message, modal } = App.useApp();
  const can = usePermissionCheck();
  const [exporting, setExporting] = useState(false);

  function batchDelete() {
    if (!onBatchDelete) return;
    if (selectedKeys.length === 0) {
      message.warning(SELECT_ONE);
      return;
    }
    modal.confirm({
      title: '确认删除',
      content: `是否删除选中的 ${selectedKeys.length} 条数据?`,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await onBatchDelete(selectedKeys);
        } catch (err) {
          warnFailure(message, err, '删除失败');
        }
      },
    });
  }

  async function exportList() {
    if (!onExport) return;
    setExporting(true);
    try {
      await onExport();
    } catch (err) {
      message.warning(errorText(err, DOWNLOAD_FAILED));
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="aps-list-toolbar" style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 12 }}>
      <Space size={8} wrap>
        {onAdd && can(addCode) && (
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
            {addText}
          </Button>
        )}
        {onExport && can(exportCode) && (
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportList}>
            导出
          </Button>
        )}
        {children}
        {onBatchDelete && can(batchDeleteCode) && (
          <Button icon={<DeleteOutlined />} onClick={batchDelete}>
            批量删除
          </Button>
        )}
      </Space>
      <div style={{ marginLeft: 'auto', color: 'rgba(0,0,0,0.45)' }}>
        {extra ?? (selectedKeys.length > 0 ? `已选择 ${selectedKeys.length} 项` : null)}
      </div>
    </div>
  );
}
