import type { DemoRequestDto } from '@aps/shared';
import { PERMISSIONS } from '@aps/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Skeleton, Tag } from 'antd';
import { useCan } from '../../../../shared/auth/Can.tsx';
import { Money } from '../../../../shared/controls/Money.tsx';
import { http } from '../../../../shared/http.ts';
import { demoRequestKey } from '../api.ts';
import { APPROVAL_STATUS_COLORS, APPROVAL_STATUS_LABELS, BUSINESS_TYPE_LABELS } from '../workflow.labels.ts';

export interface BusinessViewProps {
  businessType: string;
  businessKey: string;
  title: string;
  /** The variables the business module started the process with (amount, …): shown to approvers who may not
   * open the business module itself. */
  variables?: Record<string, unknown>;
}

/** 申请示例's read-only view: title, amount, reason and its approval status. */
function DemoRequestView({ id }: { id: string }) {
  const query = useQuery({
    queryKey: [...demoRequestKey, 'one', id],
    queryFn: ({ signal }) => http.get<DemoRequestDto>('/demo/request/queryById', { id, _t: Date.now() }, signal),
  });
  if (!query.data) return <Skeleton active paragraph={{ rows: 3 }} />;
  const r = query.data;
  return (
    <Descriptions
      bordered
      size="small"
      column={2}
      items={[
        { key: 'title', label: '标题', children: r.title, span: 2 },
        { key: 'amount', label: '金额（元）', children: <Money value={r.amount} /> },
        {
          key: 'status',
          label: '审批状态',
          children: (
            <Tag color={APPROVAL_STATUS_COLORS[r.approvalStatus]}>{APPROVAL_STATUS_LABELS[r.approvalStatus]}</Tag>
          ),
        },
        {
          key: 'reason',
          label: '申请理由',
          children: <span style={{ whiteSpace: 'pre-wrap' }}>{r.reason}</span>,
          span: 2,
        },
        { key: 'createBy', label: '申请人', children: r.createBy },
        { key: 'createTime', label: '申请时间', children: r.createTime },
      ]}
    />
  );
}

/**
 * The business object behind a task or instance, read-only. 申请示例 shows its form; the business modules add
 * their views here as they arrive (until then the type, key and title).
 */
export function BusinessView({ businessType, businessKey, title, variables = {} }: BusinessViewProps) {
  const canReadDemo = useCan(PERMISSIONS.demoRequest.list);
  if (businessType === 'demo_request' && canReadDemo) return <DemoRequestView id={businessKey} />;
  const amount = variables.amount;
  const reason = variables.reason;
  return (
    <Descriptions
      bordered
      size="small"
      column={2}
      items={[
        { key: 'title', label: '标题', children: title, span: 2 },
        { key: 'type', label: '业务类型', children: BUSINESS_TYPE_LABELS[businessType] ?? businessType },
        { key: 'key', label: '业务编号', children: businessKey },
        ...(typeof amount === 'number' || typeof amount === 'string'
          ? [{ key: 'amount', label: '金额（元）', children: <Money value={amount} /> }]
          : []),
        ...(typeof reason === 'string' && reason
          ? [{ key: 'reason', label: '申请理由', children: reason, span: 2 }]
          : []),
      ]}
    />
  );
}
