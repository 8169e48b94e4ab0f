import type { WorkflowInstanceDto } from '@aps/shared';
import type { TableColumnsType } from 'antd';
import { Tag } from 'antd';
import { BUSINESS_TYPE_LABELS, INSTANCE_STATUS_COLORS, INSTANCE_STATUS_LABELS } from '../workflow.labels.ts';

export function InstanceStatusTag({ status }: { status: string }) {
  return <Tag color={INSTANCE_STATUS_COLORS[status]}>{INSTANCE_STATUS_LABELS[status as 'running'] ?? status}</Tag>;
}

/** The columns 我发起的 and 流程实例 share (the latter adds 发起人). */
export function instanceColumns(withInitiator: boolean): TableColumnsType<WorkflowInstanceDto> {
  return [
    { title: '标题', dataIndex: 'title', width: 220, ellipsis: true },
    {
      title: '业务类型',
      dataIndex: 'businessType',
      width: 110,
      render: (v: string) => <Tag>{BUSINESS_TYPE_LABELS[v] ?? v}</Tag>,
    },
    {
      title: '流程',
      dataIndex: 'definitionName',
      width: 160,
      ellipsis: true,
      render: (v: string, r) => `${v} v${r.definitionVersion}`,
    },
    ...(withInitiator
      ? [
          {
            title: '发起人',
            dataIndex: 'initiatorName',
            width: 100,
            render: (v: string | null, r: WorkflowInstanceDto) => v || r.initiator,
          },
        ]
      : []),
    { title: '状态', dataIndex: 'status', width: 90, render: (v: string) => <InstanceStatusTag status={v} /> },
    { title: '当前节点', dataIndex: 'currentNodes', width: 150, ellipsis: true, render: (v: string) => v || '—' },
    {
      title: '当前处理人',
      dataIndex: 'currentAssignees',
      width: 150,
      ellipsis: true,
      render: (v: string) => v || '—',
    },
    { title: '发起时间', dataIndex: 'startTime', width: 170 },
  ];
}
