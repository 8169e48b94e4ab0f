import type { RectificationDto } from '@aps/shared';
import { canRectify, PERMISSIONS, RECTIFICATION_API, RECTIFICATION_STATES } from '@aps/shared/constants';
import { Card, Form, Input, Select, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { Can } from '../../../../shared/auth/Can.tsx';
import { SearchBar } from '../../../../shared/list/SearchBar.tsx';
import { useServerTable } from '../../../../shared/list/useServerTable.ts';
import { rectificationKeys } from '../api.ts';
import { AnswerModal } from '../components/AnswerModal.tsx';
import { RectificationDrawer } from '../components/RectificationDrawer.tsx';
import { rectificationColumns } from './RectificationListPage.tsx';

const STATE_OPTIONS = Object.entries(RECTIFICATION_STATES).map(([value, label]) => ({ value, label }));

/** 我的整改 (supplier portal, supervision/MyRectifications): the supplier's own orders and its answers. */
export default function MyRectificationsPage() {
  const [form] = Form.useForm<{ rectNo?: string; state?: string }>();
  const table = useServerTable<RectificationDto>({
    queryKey: rectificationKeys.mine,
    url: RECTIFICATION_API.supplierList,
    scrollX: 1100,
  });
  const [viewing, setViewing] = useState<string | null>(null);
  const [answering, setAnswering] = useState<RectificationDto | null>(null);
  const columns: TableColumnsType<RectificationDto> = [
    ...rectificationColumns(setViewing),
    { title: '整改要求', dataIndex: 'requirement', width: 240, ellipsis: true },
    {
      title: '操作',
      key: 'action',
      width: 160,
      fixed: 'right',
      render: (_, row) => (
        <Space>
          <Typography.Link onClick={() => setViewing(row.id)}>详情</Typography.Link>
          {canRectify('answer', row.state) ? (
            <Can code={PERMISSIONS.rectification.answer}>
              <Typography.Link onClick={() => setAnswering(row)}>提交整改</Typography.Link>
            </Can>
          ) : null}
        </Space>
      ),
    },
  ];
  return (
    <Card variant="borderless" className="aps-list-page">
      <SearchBar name="myRectificationSearch" form={form} onSearch={table.search} onReset={table.reset}>
        <Form.Item label="整改单号" name="rectNo">
          <Input placeholder="请输入整改单号" allowClear />
        </Form.Item>
        <Form.Item label="状态" name="state">
          <Select placeholder="请选择" allowClear options={STATE_OPTIONS} />
        </Form.Item>
      </SearchBar>
      <Table<RectificationDto> {...table.tableProps} columns={columns} />
      <RectificationDrawer id={viewing} supplier onClose={() => setViewing(null)} />
      <AnswerModal order={answering} supplier onClose={() => setAnswering(null)} />
    </Card>
  );
}
