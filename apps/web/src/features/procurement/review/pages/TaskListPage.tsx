import { MEMBER_STATES, PURCHASE_METHODS, type ReviewTaskRowDto } from '@aps/shared';
import { Card, Form, Input, Select, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { SearchBar, useServerTable } from '../../../../shared/list/index.ts';
import { StageTag } from '../../package/components/PackageTags.tsx';
import { reviewTaskApi, reviewTaskKeys } from '../api.ts';
import { MemberStateTag } from '../components/MemberStateTag.tsx';
import { TaskDrawer } from '../components/TaskDrawer.tsx';
import { identityColumn, openTaskColumn } from '../components/taskColumns.tsx';

interface Filters {
  name?: string;
  state?: string;
  scope?: 'open' | 'all';
}

/** 评审任务 (issue 15 §3): the signed-in expert's own tasks, newest first, with 进入评审 to the task drawer. */
export default function TaskListPage() {
  const [form] = Form.useForm<Filters>();
  const [openId, setOpenId] = useState<string | null>(null);
  const table = useServerTable<ReviewTaskRowDto>({
    queryKey: reviewTaskKeys.all,
    url: reviewTaskApi.listUrl,
    defaultSort: null,
    scrollX: 1200,
  });
  const { rowSelection: _, ...tableProps } = table.tableProps;
  const columns: TableColumnsType<ReviewTaskRowDto> = [
    { title: '采购编号', dataIndex: 'purchaseCode', width: 160 },
    { title: '采购名称', dataIndex: 'purchaseName', width: 200, ellipsis: true },
    { title: '标包名称', dataIndex: 'packageName', width: 180, ellipsis: true },
    {
      title: '采购方式',
      dataIndex: 'purchaseMethod',
      width: 110,
      render: (m: keyof typeof PURCHASE_METHODS) => PURCHASE_METHODS[m] ?? m,
    },
    { title: '采购阶段', dataIndex: 'purchaseStage', width: 140, render: (s: number) => <StageTag stage={s} /> },
    identityColumn,
    {
      title: '任务状态',
      dataIndex: 'state',
      width: 100,
      render: (s: ReviewTaskRowDto['state']) => <MemberStateTag state={s} />,
    },
    {
      title: '开标时间',
      dataIndex: 'openingStartTime',
      width: 170,
      render: (v: string | null) => v?.replace('T', ' ').slice(0, 19) ?? '—',
    },
    openTaskColumn('进入评审', setOpenId),
  ];
  return (
    <Card variant="borderless" className="aps-list-page">
      <SearchBar<Filters> name="reviewTaskSearch" form={form} onSearch={table.search} onReset={table.reset}>
        <Form.Item label="标包名称" name="name">
          <Input placeholder="标包名称" allowClear />
        </Form.Item>
        <Form.Item label="任务状态" name="state">
          <Select
            allowClear
            placeholder="请选择"
            options={Object.entries(MEMBER_STATES).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        <Form.Item label="范围" name="scope">
          <Select
            allowClear
            placeholder="进行中的任务"
            options={[
              { value: 'open', label: '进行中的任务' },
              { value: 'all', label: '全部任务' },
            ]}
          />
        </Form.Item>
      </SearchBar>
      <Table<ReviewTaskRowDto> {...tableProps} columns={columns} />
      <TaskDrawer taskId={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
