import type { WorkflowTaskDto } from '@aps/shared';
import { Button, Card, Table, type TableColumnsType, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useServerTable } from '../../../../shared/list/useServerTable.ts';
import { WORKFLOW_URLS, workflowKeys } from '../api.ts';
import { TaskDrawer } from '../components/TaskDrawer.tsx';
import { WorkflowSearch } from '../components/TaskSearch.tsx';
import { BUSINESS_TYPE_LABELS } from '../workflow.labels.ts';

/** 我的待办 (workflow/TodoList): the user's open tasks, paged on the server; 办理 opens the task. */
export default function TodoListPage() {
  const table = useServerTable<WorkflowTaskDto>({
    queryKey: workflowKeys.todo,
    url: WORKFLOW_URLS.todo,
    defaultSort: null,
    scrollX: 900,
  });
  const [params, setParams] = useSearchParams();
  const [taskId, setTaskId] = useState<string | null>(params.get('taskId'));

  // The bell's message opens /workflow/todo?taskId=…: open that task, then drop the parameter.
  useEffect(() => {
    const fromLink = params.get('taskId');
    if (!fromLink) return;
    setTaskId(fromLink);
    setParams({}, { replace: true });
  }, [params, setParams]);

  const columns: TableColumnsType<WorkflowTaskDto> = [
    { title: '标题', dataIndex: 'title', width: 220, ellipsis: true },
    {
      title: '业务类型',
      dataIndex: 'businessType',
      width: 120,
      render: (v: string) => <Tag>{BUSINESS_TYPE_LABELS[v] ?? v}</Tag>,
    },
    { title: '当前节点', dataIndex: 'nodeName', width: 180 },
    { title: '发起人', dataIndex: 'initiatorName', width: 110, render: (v, r) => v || r.initiator },
    { title: '到达时间', dataIndex: 'createTime', width: 170 },
    {
      title: '操作',
      key: 'action',
      fixed: 'right',
      width: 90,
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => setTaskId(row.id)}>
          办理
        </Button>
      ),
    },
  ];

  return (
    <Card variant="borderless" className="aps-list-page">
      <WorkflowSearch name="todoSearch" time="到达时间" onSearch={table.search} onReset={table.reset} />
      <Table<WorkflowTaskDto> {...table.tableProps} rowSelection={undefined} columns={columns} />
      <TaskDrawer taskId={taskId} onClose={() => setTaskId(null)} />
    </Card>
  );
}
