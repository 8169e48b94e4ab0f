import {
  FINDING_SEVERITIES,
  RECTIFICATION_ACTIONS,
  RECTIFICATION_ADDRESSEES,
  RECTIFICATION_PROPOSALS,
  RECTIFICATION_STATES,
} from '@aps/shared/constants';
import { Descriptions, Drawer, Tag, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useRectification } from '../api.ts';

export const RECT_STATE_COLORS: Record<string, string> = { pending: 'orange', answered: 'processing', closed: 'green' };

/** 整改详情: the order, the latest answer and the history of every state change (who, when, comment). */
export function RectificationDrawer({
  id,
  supplier,
  onClose,
}: {
  id: string | null;
  supplier: boolean;
  onClose(): void;
}) {
  const detail = useRectification(id, supplier);
  const r = detail.data;
  return (
    <Drawer open={!!id} onClose={onClose} title="整改详情" size="large" destroyOnHidden>
      {r ? (
        <>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="整改单号">{r.rectNo}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color={RECT_STATE_COLORS[r.state]}>{RECTIFICATION_STATES[r.state]}</Tag>
              {r.overdue ? <Tag color="red">已逾期</Tag> : null}
            </Descriptions.Item>
            <Descriptions.Item label="检查名称" span={2}>
              {r.inspectionTitle}
            </Descriptions.Item>
            <Descriptions.Item label="检查发现" span={2}>
              {`【${FINDING_SEVERITIES[r.severity]}】${r.findingDescription}`}
            </Descriptions.Item>
            <Descriptions.Item label="整改对象">
              {`${RECTIFICATION_ADDRESSEES[r.addresseeType]}：${r.addresseeName}`}
            </Descriptions.Item>
            <Descriptions.Item label="整改期限">{r.deadline}</Descriptions.Item>
            <Descriptions.Item label="整改要求" span={2}>
              {r.requirement}
            </Descriptions.Item>
            <Descriptions.Item label="整改说明" span={2}>
              {r.answer ?? '-'}
            </Descriptions.Item>
            <Descriptions.Item label="整改证据" span={2}>
              {r.answerFiles.map((f) => f.fileName).join('、') || '-'}
            </Descriptions.Item>
            {r.proposal ? (
              <Descriptions.Item label="处置建议" span={2}>
                {RECTIFICATION_PROPOSALS[r.proposal]}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            处理记录
          </Typography.Title>
          <Timeline
            items={(r.history ?? []).map((h) => ({
              key: h.id,
              content: (
                <>
                  <Typography.Text strong>{RECTIFICATION_ACTIONS[h.action]}</Typography.Text>
                  {` ${h.actor} ${dayjs(h.createTime).format('YYYY-MM-DD HH:mm')}`}
                  {h.toState ? ` → ${RECTIFICATION_STATES[h.toState]}` : ''}
                  {h.comment ? <div>{h.comment}</div> : null}
                  {h.files.length ? <div>{`附件：${h.files.map((f) => f.fileName).join('、')}`}</div> : null}
                </>
              ),
            }))}
          />
        </>
      ) : null}
    </Drawer>
  );
}
