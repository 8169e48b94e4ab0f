import { Alert, Card, Drawer, Skeleton, Space, Tag } from 'antd';
import { useTaskDetail } from '../api.ts';
import { BUSINESS_TYPE_LABELS } from '../workflow.labels.ts';
import { ApprovalPanel } from './ApprovalPanel.tsx';
import { BusinessView } from './BusinessView.tsx';
import { HistoryTimeline } from './HistoryTimeline.tsx';
import { ProcessViewer } from './ProcessViewer.tsx';

/**
 * 办理 of a task: the business object read-only, the approval panel (when the user may still act), the history
 * timeline and the diagram with finished and current nodes.
 */
export function TaskDrawer({ taskId, onClose }: { taskId: string | null; onClose(): void }) {
  const query = useTaskDetail(taskId);
  const detail = query.data;
  return (
    <Drawer
      open={taskId !== null}
      onClose={onClose}
      size={960}
      destroyOnHidden
      title={
        detail ? (
          <Space>
            <span>{`办理：${detail.task.title}`}</span>
            <Tag>{BUSINESS_TYPE_LABELS[detail.instance.businessType] ?? detail.instance.businessType}</Tag>
            <Tag color="blue">{detail.task.nodeName}</Tag>
          </Space>
        ) : (
          '办理'
        )
      }
    >
      {!detail ? (
        query.isError ? (
          <Alert type="error" showIcon title={query.error instanceof Error ? query.error.message : '加载失败'} />
        ) : (
          <Skeleton active />
        )
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Card size="small" title="业务信息">
            <BusinessView
              businessType={detail.instance.businessType}
              businessKey={detail.instance.businessKey}
              title={detail.instance.title}
              variables={detail.instance.variables}
            />
          </Card>
          <Card size="small" title="审批">
            {detail.canAct ? (
              <ApprovalPanel detail={detail} onDone={onClose} />
            ) : (
              <Alert type="info" showIcon title="该任务已处理或您不是当前处理人" />
            )}
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
