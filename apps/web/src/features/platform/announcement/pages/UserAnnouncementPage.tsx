import type { AnnouncementDto } from '@aps/shared';
import { PAGE_SIZE_OPTIONS } from '@aps/shared/constants';
import { App, Badge, Button, Card, Input, Select, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { HttpError } from '../../../../shared/http.ts';
import { useThrottledClick } from '../../../../shared/throttle.ts';
import { type MyAnnouncementParams, useMarkAllRead, useMyAnnouncements } from '../api.ts';
import { PriorityTag } from '../components/PriorityTag.tsx';
import { useAnnouncementViewer } from '../components/useAnnouncementViewer.tsx';

const CATEGORY_TEXT: Record<string, string> = { '1': '通知公告', '2': '系统消息' };

/** /isps/userAnnouncement: the user's announcements, paged on the server, with read state; a row opens the detail. */
export default function UserAnnouncementPage() {
  const { message } = App.useApp();
  const [params, setParams] = useState<MyAnnouncementParams>({
    pageNo: 1,
    pageSize: 10,
    titile: '',
    msgCategory: '',
    readFlag: '',
  });
  const list = useMyAnnouncements(params);
  const markAll = useMarkAllRead();
  const viewer = useAnnouncementViewer();
  const page = list.data;

  const columns: TableColumnsType<AnnouncementDto> = [
    {
      title: '标题',
      dataIndex: 'titile',
      ellipsis: true,
      render: (title: string, row) => (
        <Typography.Link onClick={() => viewer.open(row)} strong={!row.readFlag}>
          {title}
        </Typography.Link>
      ),
    },
    { title: '消息类型', dataIndex: 'msgCategory', width: 110, render: (v: string) => CATEGORY_TEXT[v] ?? v },
    { title: '发布人', dataIndex: 'sender', width: 150, ellipsis: true },
    { title: '发布时间', dataIndex: 'sendTime', width: 190 },
    { title: '优先级', dataIndex: 'priority', width: 90, render: (p: string) => <PriorityTag priority={p} /> },
    {
      title: '阅读状态',
      dataIndex: 'readFlag',
      width: 110,
      render: (read: boolean) => <Badge status={read ? 'default' : 'processing'} text={read ? '已读' : '未读'} />,
    },
    {
      title: '操作',
      key: 'action',
      width: 90,
      render: (_, row) => (
        <Typography.Link onClick={() => viewer.open(row)} aria-label={`查看 ${row.titile}`}>
          查看
        </Typography.Link>
      ),
    },
  ];

  /** 标题 search: a new title starts again on page 1; the same one on page 1 loads the list afresh. */
  const searchTitle = (value: string) => {
    const titile = value.trim();
    if (titile === params.titile && params.pageNo === 1) void list.refetch();
    else setParams((p) => ({ ...p, titile, pageNo: 1 }));
  };

  const readAll = useThrottledClick(async () => {
    try {
      const count = await markAll.mutateAsync();
      message.success(count > 0 ? `已将 ${count} 条消息标注为已读` : '没有未读消息');
    } catch (err) {
      if (err instanceof HttpError && !err.shown) message.warning(err.message);
    }
  });

  return (
    <Card variant="borderless">
      <Space wrap style={{ marginBottom: 16, justifyContent: 'space-between', width: '100%' }}>
        <Space wrap>
          <Input.Search
            aria-label="标题"
            placeholder="请输入标题"
            allowClear
            maxLength={100}
            style={{ width: 220 }}
            onSearch={searchTitle}
          />
          <Select
            aria-label="消息类型"
            style={{ width: 140 }}
            value={params.msgCategory}
            onChange={(msgCategory) => setParams((p) => ({ ...p, msgCategory, pageNo: 1 }))}
            options={[
              { value: '', label: '全部类型' },
              { value: '1', label: '通知公告' },
              { value: '2', label: '系统消息' },
            ]}
          />
          <Select
            aria-label="阅读状态"
            style={{ width: 120 }}
            value={params.readFlag}
            onChange={(readFlag) => setParams((p) => ({ ...p, readFlag, pageNo: 1 }))}
            options={[
              { value: '', label: '全部' },
              { value: '0', label: '未读' },
              { value: '1', label: '已读' },
            ]}
          />
        </Space>
        <Button onClick={readAll} loading={markAll.isPending}>
          全部标注已读
        </Button>
      </Space>
      <Table<AnnouncementDto>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={page?.records ?? []}
        loading={list.isFetching}
        scroll={{ x: 900 }}
        pagination={{
          current: params.pageNo,
          pageSize: params.pageSize,
          total: page?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
          showTotal: (total, [from, to]) => `${from}-${to} 共 ${total} 条`,
          onChange: (pageNo, pageSize) => setParams((p) => ({ ...p, pageNo, pageSize })),
        }}
      />
      {viewer.modal}
    </Card>
  );
}
