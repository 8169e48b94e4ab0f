import type { WorkflowInstanceDto } from '@aps/shared';
import { PERMISSIONS } from '@aps/shared/constants';
import { App, Button, Card, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useCan } from '../../../../shared/auth/Can.tsx';
import { warnFailure } from '../../../../shared/list/download.ts';
import { useServerTable } from '../../../../shared/list/useServerTable.ts';
import { type InstanceAction, useInstanceAction, WORKFLOW_URLS, workflowKeys } from '../api.ts';
import { InstanceDrawer } from '../components/InstanceDrawer.tsx';
import { instanceColumns } from '../components/InstanceTable.tsx';
import { ReasonModal } from '../components/ReasonModal.tsx';
import { WorkflowSearch } from '../components/TaskSearch.tsx';

const ACTION_TITLES: Record<Exclude<InstanceAction, 'withdraw'>, string> = {
  suspend: '挂起流程',
  resume: '激活流程',
  terminate: '终止流程',
};

/** 流程实例 (workflow/InstanceList, administrators): every instance of the tenant; 挂起 / 激活 / 终止 with a reason. */
export default function InstanceListPage() {
  const { message } = App.useApp();
  const canManage = useCan(PERMISSIONS.workflow.instanceManage);
  const table = useServerTable<WorkflowInstanceDto>({
    queryKey: workflowKeys.instances,
    url: WORKFLOW_URLS.instances,
    defaultSort: null,
    scrollX: 1420,
  });
  const [instanceId, setInstanceId] = useState<string | null>(null);
  const [pending, setPending] = useState<{ action: Exclude<InstanceAction, 'withdraw'>; id: string } | null>(null);
  const action = useInstanceAction();

  async function confirm(reason: string) {
    if (!pending) return;
    try {
      await action.mutateAsync({ action: pending.action, instanceId: pending.id, reason: reason || undefined });
      message.success('操作成功!');
      setPending(null);
    } catch (err) {
      warnFailure(message, err, '操作失败');
    }
  }

  const columns: TableColumnsType<WorkflowInstanceDto> = [
    ...instanceColumns(true),
    {
      title: '操作',
      key: 'action',
      fixed: 'right',
      width: 170,
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setInstanceId(row.id)}>
            查看
          </Button>
          {canManage && row.status === 'running' && (
            <Button type="link" size="small" onClick={() => setPending({ action: 'suspend', id: row.id })}>
              挂起
            </Button>
          )}
          {canManage && row.status === 'suspended' && (
            <Button type="link" size="small" onClick={() => setPending({ action: 'resume', id: row.id })}>
              激活
            </Button>
          )}
          {canManage && (row.status === 'running' || row.status === 'suspended') && (
            <Button type="link" size="small" danger onClick={() => setPending({ action: 'terminate', id: row.id })}>
              终止
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card variant="borderless" className="aps-list-page">
      <WorkflowSearch name="instanceSearch" status initiator onSearch={table.search} onReset={table.reset} />
      <Table<WorkflowInstanceDto> {...table.tableProps} rowSelection={undefined} columns={columns} />
      <InstanceDrawer instanceId={instanceId} onClose={() => setInstanceId(null)} />
      <ReasonModal
        open={pending !== null}
        title={pending ? ACTION_TITLES[pending.action] : ''}
        required={pending?.action !== 'resume'}
        confirming={action.isPending}
        onOk={confirm}
        onCancel={() => setPending(null)}
      />
    </Card>
  );
}
