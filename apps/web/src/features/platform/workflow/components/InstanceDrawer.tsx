import { Alert, Card, Descriptions, Drawer, Skeleton, Space, Tag } from 'antd';
import { useInstanceDetail } from '../api.ts';
import { BUSINESS_TYPE_LABELS, INSTANCE_STATUS_COLORS, INSTANCE_STATUS_LABELS } from '../workflow.labels.ts';
import { BusinessView } from './BusinessView.tsx';
import { HistoryTimeline } from './HistoryTimeline.tsx';
import { ProcessViewer } from './ProcessViewer.tsx';

/** 查看 an instance: its state, current nodes and assignees, the business object, the diagram and the history. */
export function InstanceDrawer({ instanceId, onClose }: { instanceId: string | null; onClose(): void }) {
  const query = useInstanceDetail(instanceId);
  const detail = query.data;
  const instance = detail?.instance;
  return (
    <Drawer
      open={instanceId !== null}
      onClose={onClose}
      size={960}
      destroyOnHidden
      title={instance ? `流程详情：${instance.title}` : '流程详情'}
    >
      {!detail || !instance ? (
        query.isError ? (
          <Alert type="error" showIcon title={query.error instanceof Error ? query.error.message : '加载失败'} />
        ) : (
          <Skeleton active />
        )
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions
            bordered
            size="small"
            column={2}
            items={[
              { key: 'def', label: '流程', children: `${instance.definitionName}（v${instance.definitionVersion}）` },
              {
                key: 'status',
                label: '状态',
                children: (
                  <Tag color={INSTANCE_STATUS_COLORS[instance.status]}>
                    {INSTANCE_STATUS_LABELS[instance.status] ?? instance.status}
                  </Tag>
                ),
              },
              {
                key: 'type',
                label: '业务类型',
                children: BUSINESS_TYPE_LABELS[instance.businessType] ?? instance.businessType,
              },
              { key: 'initiator', label: '发起人', children: instance.initiatorName || instance.initiator },
              {
                key: 'current',
                label: '当前节点',
                children: detail.currentTasks.length
                  ? [...new Set(detail.currentTasks.map((t) => t.nodeName))].join('、')
                  : '—',
              },
              {
                key: 'assignees',
                label: '当前处理人',
                children: detail.currentTasks.map((t) => t.assigneeName || t.assignee).join('、') || '—',
              },
              { key: 'start', label: '发起时间', children: instance.startTime },
              { key: 'end', label: '结束时间', children: instance.endTime || '—' },
            ]}
          />
          <Card size="small" title="业务信息">
            <BusinessView
              businessType={instance.businessType}
              businessKey={instance.businessKey}
              title={instance.title}
              variables={instance.variables}
            />
          </Card>
          <Card size="small" title="流程图">
            <ProcessViewer {...detail.diagram} />
          </Card>
          <Card size="small" title="审批记录">
            <HistoryTimeline history={detail.history} />
          </Card>
        </Space>
      )}
    </Drawer>
  );
}
