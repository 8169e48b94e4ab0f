import type { AnnouncementAdminDto } from '@aps/shared';
import {
  ANNOUNCEMENT_CATEGORY_LABELS,
  ANNOUNCEMENT_MESSAGES,
  ANNOUNCEMENT_MSG_TYPE_LABELS,
  ANNOUNCEMENT_SEND_STATUS,
  ANNOUNCEMENT_SEND_STATUS_LABELS,
  PRIORITY_LABELS,
} from '@aps/shared/constants';
import { App, Badge, Button, Card, Form, Input, Popconfirm, Select, Table, type TableColumnsType, Tooltip } from 'antd';
import { useState } from 'react';
import { usePermissionCheck } from '../../../../shared/auth/Can.tsx';
import { CrudRowActions } from '../../../../shared/list/CrudRowActions.tsx';
import { CrudToolbar } from '../../../../shared/list/CrudToolbar.tsx';
import { warnFailure } from '../../../../shared/list/download.ts';
import { SearchBar } from '../../../../shared/list/SearchBar.tsx';
import { useCrudList } from '../../../../shared/list/useCrudList.ts';
import { announcementAdminApi, toViewerDto, useAnnouncementMutation } from '../admin.api.ts';
import { AnnouncementDetailModal } from '../components/AnnouncementDetailModal.tsx';
import { AnnouncementFormModal } from '../components/AnnouncementFormModal.tsx';
import { PriorityTag } from '../components/PriorityTag.tsx';

const STATUS_BADGE: Record<string, 'default' | 'success' | 'warning'> = {
  '0': 'default',
  '1': 'success',
  '2': 'warning',
};
const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

interface AnnouncementFilters {
  titile?: string;
  sendStatus?: string;
  msgCategory?: string;
  priority?: string;
}

/**
 * 系统通告 (system/AnnouncementList): the tenant's announcements, drafted here, 发布 to everyone or chosen users
 * (their notice bell shows it), 撤销 (it leaves the bells), edited while not published, deleted and exported.
 */
export default function AnnouncementAdminPage() {
  const { message } = App.useApp();
  const can = usePermissionCheck();
  const [form] = Form.useForm<AnnouncementFilters>();
  const list = useCrudList(announcementAdminApi, { scrollX: 1420 });
  const [viewing, setViewing] = useState<AnnouncementAdminDto | null>(null);

  const release = useAnnouncementMutation(announcementAdminApi.release);
  const revoke = useAnnouncementMutation(announcementAdminApi.revoke);

  async function run(action: () => Promise<unknown>, done: string) {
    try {
      await action();
      message.success(done);
    } catch (err) {
      warnFailure(message, err, '操作失败');
    }
  }

  /** 发布 a draft or a revoked one, 撤销 a published one: each asks first. */
  function statusAction(row: AnnouncementAdminDto) {
    if (!can(list.codes.edit)) return null;
    const published = row.sendStatus === ANNOUNCEMENT_SEND_STATUS.published;
    return (
      <Popconfirm
        title={published ? '确定撤销该通告吗?' : '确定发布该通告吗?'}
        description={
          published
            ? '撤销后，用户将不再看到该通告'
            : row.msgType === 'USER'
              ? `发布后，将通知 ${row.userIds.length} 位指定用户`
              : '发布后，将通知全体用户'
        }
        okText="确定"
        cancelText="取消"
        onConfirm={() =>
          published
            ? run(() => revoke.mutateAsync(row.id), ANNOUNCEMENT_MESSAGES.revoked)
            : run(() => release.mutateAsync(row.id), ANNOUNCEMENT_MESSAGES.released)
        }
      >
        <Button type="link" size="small" danger={published}>
          {published ? '撤销' : '发布'}
        </Button>
      </Popconfirm>
    );
  }

  const columns: TableColumnsType<AnnouncementAdminDto> = [
    {
      title: '标题',
      dataIndex: 'titile',
      width: 240,
      fixed: 'left',
      ellipsis: { showTitle: false },
      ...list.sortable('titile'),
      render: (title: string, row) => (
        <Tooltip title={title} placement="topLeft">
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setViewing(row)}>
            {title}
          </Button>
        </Tooltip>
      ),
    },
    {
      title: '消息类型',
      dataIndex: 'msgCategory',
      width: 90,
      render: (v: string) => ANNOUNCEMENT_CATEGORY_LABELS[v] ?? v,
    },
    {
      title: '优先级',
      dataIndex: 'priority',
      width: 80,
      align: 'center',
      ...list.sortable('priority'),
      render: (p: string) => <PriorityTag priority={p} />,
    },
    {
      title: '通告对象',
      dataIndex: 'msgType',
      width: 100,
      render: (v: string, row) =>
        v === 'USER' ? `${ANNOUNCEMENT_MSG_TYPE_LABELS.USER}(${row.userIds.length})` : ANNOUNCEMENT_MSG_TYPE_LABELS[v],
    },
    {
      title: '发布状态',
      dataIndex: 'sendStatus',
      width: 90,
      render: (v: string) => (
        <Badge status={STATUS_BADGE[v] ?? 'default'} text={ANNOUNCEMENT_SEND_STATUS_LABELS[v] ?? v} />
      ),
    },
    { title: '发布人', dataIndex: 'sender', width: 100, ellipsis: true },
    { title: '发布时间', dataIndex: 'sendTime', width: 165, ...list.sortable('sendTime') },
    { title: '撤销时间', dataIndex: 'cancelTime', width: 165 },
    {
      title: '已读/送达',
      key: 'reads',
      width: 90,
      align: 'right',
      render: (_, row) =>
        row.sendStatus === ANNOUNCEMENT_SEND_STATUS.draft ? '-' : `${row.readCount}/${row.sendCount}`,
    },
    {
      title: '创建时间',
      dataIndex: 'createTime',
      width: 165,
      ...list.sortable('createTime'),
    },
    {
      title: '操作',
      key: 'action',
      width: 150,
      fixed: 'right',
      render: (_, row) => (
        <CrudRowActions
          list={list}
          row={row}
          // A published announcement is read-only until it is revoked (server rule).
          edit={row.sendStatus !== ANNOUNCEMENT_SEND_STATUS.published}
          extra={statusAction(row)}
          more={[{ key: 'view', label: '查看', onClick: () => setViewing(row) }]}
        />
      ),
    },
  ];

  return (
    <Card variant="borderless" className="aps-list-page">
      <SearchBar<AnnouncementFilters> name="announcementSearch" form={form} onSearch={list.search} onReset={list.reset}>
        <Form.Item label="标题" name="titile">
          <Input placeholder="请输入标题" allowClear />
        </Form.Item>
        <Form.Item label="发布状态" name="sendStatus">
          <Select placeholder="请选择" allowClear options={options(ANNOUNCEMENT_SEND_STATUS_LABELS)} />
        </Form.Item>
        <Form.Item label="消息类型" name="msgCategory">
          <Select placeholder="请选择" allowClear options={options(ANNOUNCEMENT_CATEGORY_LABELS)} />
        </Form.Item>
        <Form.Item label="优先级" name="priority">
          <Select placeholder="请选择" allowClear options={options(PRIORITY_LABELS)} />
        </Form.Item>
      </SearchBar>
      <CrudToolbar list={list} exportName="系统通告.xlsx" />
      <Table<AnnouncementAdminDto> {...list.table.tableProps} columns={columns} />
      <AnnouncementFormModal open={list.editor.open} announcement={list.editor.record} onClose={list.editor.hide} />
      <AnnouncementDetailModal announcement={viewing ? toViewerDto(viewing) : null} onClose={() => setViewing(null)} />
    </Card>
  );
}
