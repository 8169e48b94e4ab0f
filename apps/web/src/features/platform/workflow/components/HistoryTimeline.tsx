import type { WorkflowHistoryDto } from '@aps/shared';
import { Empty, Timeline, Typography } from 'antd';
import { ACTION_LABELS } from '../workflow.labels.ts';

const ACTION_COLORS: Record<string, string> = {
  approve: 'green',
  reject: 'red',
  return: 'orange',
  terminate: 'red',
  withdraw: 'gray',
  start: 'blue',
  resubmit: 'blue',
};

/** 审批记录: one line per action — who, when, node, action, comment. */
export function HistoryTimeline({ history }: { history: readonly WorkflowHistoryDto[] }) {
  if (!history.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无审批记录" />;
  return (
    <Timeline
      className="aps-wf-history"
      items={history.map((h) => ({
        key: h.id,
        color: ACTION_COLORS[h.action] ?? 'blue',
        content: (
          <div data-action={h.action}>
            <div>
              <Typography.Text strong>{h.actorName || h.actor}</Typography.Text>
              <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                {h.time}
              </Typography.Text>
            </div>
            <div>
              {h.nodeName ? `${h.nodeName} · ` : ''}
              <Typography.Text strong>{ACTION_LABELS[h.action] ?? h.action}</Typography.Text>
            </div>
            {h.comment && <Typography.Paragraph style={{ margin: 0 }}>意见：{h.comment}</Typography.Paragraph>}
          </div>
        ),
      }))}
    />
  );
}
