import type { DemoRequestDto } from '@aps/shared';
import { APPROVAL_STATUS, APPROVAL_STATUS_LABELS, PERMISSIONS } from '@aps/shared/constants';
import { App, Button, Card, Form, Input, Popconfirm, Select, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { usePermissionCheck } from '../../../../shared/auth/Can.tsx';
import { Money } from '../../../../shared/controls/Money.tsx';
import { CrudRowActions } from '../../../../shared/list/CrudRowActions.tsx';
import { CrudToolbar } from '../../../../shared/list/CrudToolbar.tsx';
import { warnFailure } from '../../../../shared/list/download.ts';
import { SearchBar } from '../../../../shared/list/SearchBar.tsx';
import { useCrudList } from '../../../../shared/list/useCrudList.ts';
import { InstanceDrawer } from '../../workflow/components/InstanceDrawer.tsx';
import { demoRequestApi, useSubmitDemoRequest } from '../../workflow/demoRequest.api.ts';
import { APPROVAL_STATUS_COLORS } from '../../workflow/workflow.labels.ts';
import { RequestFormModal } from '../RequestFormModal.tsx';

interface Filters {
  title?: string;
  approvalStatus?: number;
}

const STATUS_OPTIONS = Object.entries(APPROVAL_STATUS_LABELS).map(([value, label]) => ({
  value: Number(value),
  label,
}));

const editable = (status: number) => status === APPROVAL_STATUS.draft || status === APPROVAL_STATUS.rejected;

/**
 * 申请示例 (demo/RequestDemo): a small business form started through the `demo_request` process — 提交审批,
 * 重新提交 after 已驳回, 查看进度 with the diagram and the history.
 */
export default function RequestDemoPage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<Filters>();
  const list = useCrudList(demoRequestApi);
  const submit = useSubmitDemoRequest();
  const can = usePermissionCheck();
  const [progressOf, setProgressOf] = useState<string | null>(null);

  async function send(row: DemoRequestDto) {
    const again = row.approvalStatus === APPROVAL_STATUS.rejected;
    try {
      await submit.mutateAsync({ id: row.id, again });
      message.success(again ? '已重新提交审批' : '已提交审批');
    } catch (err) {
      warnFailure(message, err, '提交失败');
    }
  }

  const columns: TableColumnsType<DemoRequestDto> = [
    { title: '标题', dataIndex: 'title', ellipsis: true, ...list.sortable('title') },
    {
      title: '金额（元）',
      dataIndex: 'amount',
      width: 150,
      align: 'right',
      ...list.sortable('amount'),
      render: (v: number) => <Money value={v} />,
    },
    { title: '申请理由', dataIndex: 'reason', ellipsis: true, render: (v: string | null) => v || '—' },
    {
      title: '审批状态',
      dataIndex: 'approvalStatus',
      width: 110,
      render: (v: number, r) => (
        <Tag color={APPROVAL_STATUS_COLORS[v]}>{r.approvalStatusText || APPROVAL_STATUS_LABELS[v as 1]}</Tag>
      ),
    },
    { title: '创建时间', dataIndex: 'createTime', width: 170, ...list.sortable('createTime') },
    {
      title: '操作',
      key: 'action',
      width: 260,
      render: (_, row) => (
        <CrudRowActions
          list={list}
          row={row}
          edit={editable(row.approvalStatus)}
          extra={
            <>
              {editable(row.approvalStatus) && can(PERMISSIONS.demoRequest.edit) && (
                <Popconfirm
                  title={row.approvalStatus === APPROVAL_STATUS.rejected ? '确定重新提交审批吗?' : '确定提交审批吗?'}
                  okText="确定"
                  cancelText="取消"
                  onConfirm={() => send(row)}
                >
                  <Button type="link" size="small">
                    {row.approvalStatus === APPROVAL_STATUS.rejected ? '重新提交' : '提交审批'}
                  </Button>
                </Popconfirm>
              )}
              {row.instanceId && (
                <Button type="link" size="small" onClick={() => setProgressOf(row.instanceId)}>
                  查看进度
                </Button>
              )}
            </>
          }
        />
      ),
    },
  ];

  return (
    <Card variant="borderless" className="aps-list-page">
      <SearchBar<Filters> name="demoRequestSearch" form={form} onSearch={list.search} onReset={list.reset}>
        <Form.Item label="标题" name="title">
          <Input placeholder="请输入标题" allowClear />
        </Form.Item>
        <Form.Item label="审批状态" name="approvalStatus">
          <Select placeholder="请选择" allowClear options={STATUS_OPTIONS} />
        </Form.Item>
      </SearchBar>
      <CrudToolbar list={list} batchDelete={false} />
      <Table<DemoRequestDto> {...list.table.tableProps} rowSelection={undefined} columns={columns} />
      <RequestFormModal open={list.editor.open} record={list.editor.record} onClose={list.editor.hide} />
      <InstanceDrawer instanceId={progressOf} onClose={() => setProgressOf(null)} />
    </Card>
  );
}
