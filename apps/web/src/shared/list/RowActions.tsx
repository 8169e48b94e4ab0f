import { DownOutlined } from '@ant-design/icons';
import { App, Button, Divider, Dropdown, type MenuProps, Popconfirm, Space } from 'antd';
import type { ReactNode } from 'react';
import { usePermissionCheck } from '../auth/Can.tsx';
import { warnFailure } from './download.ts';

export interface MoreAction {
  key: string;
  label: ReactNode;
  code?: string;
  danger?: boolean;
  /** Asks this question before running the action. */
  confirm?: string;
  onClick(): unknown;
}

export interface RowActionsProps {
  onEdit?: () => void;
  editCode?: string;
  editText?: string;
  onDelete?: () => Promise<unknown>;
  deleteCode?: string;
  deleteConfirm?: string;
  deleteText?: string;
  /** Shown after 编辑, before 删除 and 更多. */
  extra?: ReactNode;
  /** The 更多 dropdown; hidden when no item is allowed. */
  more?: MoreAction[];
}

/** The action column of a row: 编辑, extra actions, 删除 (confirmed), 更多 ▾ — each shown only with its code. */
export function RowActions({
  onEdit,
  editCode,
  editText = '编辑',
  onDelete,
  deleteCode,
  deleteConfirm = '确定删除吗?',
  deleteText = '删除',
  extra,
  more = [],
}: RowActionsProps) {
  const { message, modal } = App.useApp();
  const can = usePermissionCheck();
  const allowedMore = more.filter((m) => can(m.code));

  const items: ReactNode[] = [];
  if (onEdit && can(editCode))
    items.push(
      <Button key="edit" type="link" size="small" onClick={onEdit}>
        {editText}
      </Button>,
    );
  if (extra) items.push(<span key="extra">{extra}</span>);
  if (onDelete && can(deleteCode))
    items.push(
      <Popconfirm
        key="delete"
        title={deleteConfirm}
        okText="确定"
        cancelText="取消"
        onConfirm={async () => {
          try {
            await onDelete();
          } catch (err) {
            warnFailure(message, err, '删除失败');
          }
        }}
      >
        <Button type="link" size="small" danger>
          {deleteText}
        </Button>
      </Popconfirm>,
    );
  if (allowedMore.length) {
    const menu: MenuProps = {
      items: allowedMore.map((m) => ({ key: m.key, label: m.label, danger: m.danger })),
      onClick: ({ key }) => {
        const action = allowedMore.find((m) => m.key === key);
        if (!action) return;
        const run = async () => {
          try {
            await action.onClick();
          } catch (err) {
            warnFailure(message, err, '操作失败');
          }
        };
        if (action.confirm)
          modal.confirm({ title: action.confirm, okText: '确定', cancelText: '取消', onOk: () => run() });
        else void run();
      },
    };
    items.push(
      <Dropdown key="more" menu={menu} trigger={['click']}>
        <Button type="link" size="small">
          更多 <DownOutlined />
        </Button>
      </Dropdown>,
    );
  }

  return (
    <Space className="aps-row-actions" size={0} separator={<Divider orientation="vertical" />}>
      {items}
    </Space>
  );
}
