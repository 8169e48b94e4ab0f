import type { WorkflowInstanceDto } from '@aps/shared';
import { App, Button, Card, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { warnFailure } from '../../../../shared/list/download.ts';
import { useServerTable } from '../../../../shared/list/useServerTable.ts';
import { RESUBMIT_URLS, useInstanceAction, useResubmit, WORKFLOW_URLS, workflowKeys } from '../api.ts';
import { InstanceDrawer } from '../components/InstanceDrawer.tsx';
import { instanceColumns } from '../components/InstanceTable.tsx';
import { WorkflowSearch } from '../components/TaskSearch.tsx';

/**
 * 我发起的 (workflow/ApplyList): the instances the user started — status, current node and assignees; 撤回 while
 * nobody has acted, 重新提交 after a rejection, 查看 with the diagram.
 */
export default function ApplyListPage() {
  const { message } = App.useApp();
  const table = useServerTable<WorkflowInstanceDto>({
    queryKey: workflowKeys.my,
    url: WORKFLOW_URLS.my,
    defaultSort: null,
    scrollX: 1320,
  });
  const [instanceId, setInstanceId] = useState<string | null>(null);
  const instanceAction = useInstanceAction();
  const resubmit = useResubmit();

  async function run(fn: () => Promise<unknown>) {
    try {
      await fn();
      message.success('操作成功!');
    } catch (err) {
      warnFailure(message, err, '操作失败');
    }
  }

  const columns: TableColumnsType<WorkflowInstanceDto> = [
    ...instanceColumns(false),
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
          {row.status === 'running' && (
            <Popconfirm
              title="确定撤回该申请吗?"
              okText="确定"
              cancelText="取消"
              onConfirm={() => run(() => instanceAction.mutateAsync({ action: 'withdraw', instanceId: row.id }))}
            >
              <Button type="link" size="small">
                撤回
              </Button>
            </Popconfirm>
          )}
          {row.status === 'rejected' && RESUBMIT_URLS[row.businessType] && (
            <Popconfirm
              title="确定重新提交审批吗?"
              okText="确定"
              cancelText="取消"
              onConfirm={() =>
                run(() => resubmit.mutateAsync({ businessType: row.businessType, businessKey: row.businessKey }))
              }
            >
              <Button type="link" size="small">
                重新提交
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card variant="borderless" className="aps-list-page">
      <WorkflowSearch name="applySearch" status onSearch={table.search} onReset={table.reset} />
      <Table<WorkflowInstanceDto> {...table.tableProps} rowSelection={undefined} columns={columns} />
      <InstanceDrawer instanceId={instanceId} onClose={() => setInstanceId(null)} />
    </Card>
  );
}
