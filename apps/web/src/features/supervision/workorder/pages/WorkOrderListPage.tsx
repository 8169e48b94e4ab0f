import type { WorkOrderDto } from '@aps/shared';
import { WORK_ORDER_STATES, WORK_ORDER_TYPES, type WorkOrderType } from '@aps/shared/constants';
import { Card, Form, Input, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { CrudToolbar } from '../../../../shared/list/CrudToolbar.tsx';
import { SearchBar } from '../../../../shared/list/SearchBar.tsx';
import { useCrudList } from '../../../../shared/list/useCrudList.ts';
import { workOrderApi } from '../api.ts';
import { STATE_COLORS, WorkOrderDrawer } from '../components/WorkOrderDrawer.tsx';
import { WorkOrderFormModal } from '../components/WorkOrderFormModal.tsx';

interface Filters {
  title?: string;
  state?: string;
  overdue?: string;
}

const STATE_OPTIONS = Object.entries(WORK_ORDER_STATES).map(([value, label]) => ({ value, label }));

/** 运维工单 / 审计工单 / 变更工单: one list per type, filed by anyone, handled by the handler (issue 17 §4). */
export function WorkOrderListPage({ type }: { type: WorkOrderType }) {
  const [form] = Form.useForm<Filters>();
  const list = useCrudList(workOrderApi, { scrollX: 1200, fixedFilters: { type } });
  const [opened, setOpened] = useState<WorkOrderDto | null>(null);

  const columns: TableColumnsType<WorkOrderDto> = [
    { title: '工单编号', dataIndex: 'orderNo', width: 150 },
    {
      title: '标题',
      dataIndex: 'title',
      width: 260,
      ellipsis: true,
      render: (v: string, r) => <Typography.Link onClick={() => setOpened(r)}>{v}</Typography.Link>,
    },
    ...(type === 'modify'
      ? [
          {
            title: '修改内容',
            key: 'target',
            width: 220,
            render: (_: unknown, r: WorkOrderDto) =>
              `${r.targetLabel ?? ''}·${r.fieldLabel ?? ''} → ${r.newValue ?? ''}`,
          },
        ]
      : []),
    {
      title: '状态',
      dataIndex: 'state',
      width: 110,
      render: (v: WorkOrderDto['state'], r) => (
        <>
          <Tag color={STATE_COLORS[v]}>{WORK_ORDER_STATES[v]}</Tag>
          {r.overdue && <Tag color="red">已超期</Tag>}
        </>
      ),
    },
    { title: '处理人', dataIndex: 'handlerName', width: 110, render: (v: string | null) => v ?? '—' },
    { title: '办理时限', dataIndex: 'deadline', width: 170, render: (v: string | null) => v ?? '—' },
    { title: '提交人', dataIndex: 'createBy', width: 110 },
    { title: '提交时间', dataIndex: 'createTime', width: 170 },
    {
      title: '操作',
      key: 'action',
      width: 90,
      fixed: 'right',
      render: (_, r) => <Typography.Link onClick={() => setOpened(r)}>查看</Typography.Link>,
    },
  ];

  return (
    <Card variant="borderless" className="aps-list-page">
      <SearchBar<Filters> name={`workOrderSearch_${type}`} form={form} onSearch={list.search} onReset={list.reset}>
        <Form.Item label="标题" name="title">
          <Input placeholder="请输入标题" allowClear />
        </Form.Item>
        <Form.Item label="状态" name="state">
          <Select placeholder="请选择" allowClear options={STATE_OPTIONS} />
        </Form.Item>
        <Form.Item label="是否超期" name="overdue">
          <Select placeholder="请选择" allowClear options={[{ value: '1', label: '已超期' }]} />
        </Form.Item>
      </SearchBar>
      <CrudToolbar list={list} exportName={`${WORK_ORDER_TYPES[type]}工单.xlsx`} batchDelete={false} />
      <Table<WorkOrderDto> {...list.table.tableProps} columns={columns} />
      <WorkOrderFormModal type={type} open={list.editor.open} onClose={list.editor.hide} />
      <WorkOrderDrawer order={opened} onClose={() => setOpened(null)} />
    </Card>
  );
}
