import type { WorkflowTaskDto } from '@aps/shared';
import { Button, Card, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useServerTable } from '../../../../shared/list/useServerTable.ts';
import { WORKFLOW_URLS, workflowKeys } from '../api.ts';
import { InstanceDrawer } from '../components/InstanceDrawer.tsx';
import { WorkflowSearch } from '../components/TaskSearch.tsx';
import { ACTION_LABELS, BUSINESS_TYPE_LABELS } from '../workflow.labels.ts';

/** 我的已办 (workflow/DoneList): the tasks the user handled, with what they did; 查看 shows the instance. */
export default function DoneListPage() {
  const table = useServerTable<WorkflowTaskDto>({
    queryKey: workflowKeys.done,
    url: WORKFLOW_URLS.done,
    defaultSort: null,
    scrollX: 1000,
  });
  const [instanceId, setInstanceId] = useState<string | null>(null);

  const columns: TableColumnsType<WorkflowTaskDto> = [
    { title: '标题', dataIndex: 'title', width: 220, ellipsis: true },
    {
      title: '业务类型',
      dataIndex: 'businessType',
      width: 120,
      render: (v: string) => <Tag>{BUSINESS_TYPE_LABELS[v] ?? v}</Tag>,
    },
    { title: '节点', dataIndex: 'nodeName', width: 180 },
    { title: '发起人', dataIndex: 'initiatorName', width: 110, render: (v, r) => v || r.initiator },
    {
      title: '处理结果',
      dataIndex: 'action',
      width: 100,
      render: (v: string | null, r) => (v ? <Tag>{r.actionText ?? ACTION_LABELS[v] ?? v}</Tag> : '—'),
    },
    { title: '处理时间', dataIndex: 'finishTime', width: 170 },
    {
      title: '操作',
      key: 'action',
      fixed: 'right',
      width: 90,
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => setInstanceId(row.instanceId)}>
          查看
        </Button>
      ),
    },
  ];

  return (
    <Card variant="borderless" className="aps-list-page">
      <WorkflowSearch name="doneSearch" time="处理时间" onSearch={table.search} onReset={table.reset} />
      <Table<WorkflowTaskDto> {...table.tableProps} rowSelection={undefined} columns={columns} />
      <InstanceDrawer instanceId={instanceId} onClose={() => setInstanceId(null)} />
    </Card>
  );
}
