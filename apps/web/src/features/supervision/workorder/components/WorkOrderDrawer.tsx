import type { WorkOrderDto } from '@aps/shared';
import { PERMISSIONS, WORK_ORDER_STATES, WORK_ORDER_TYPES } from '@aps/shared/constants';
import { App, Button, Descriptions, Drawer, Form, Input, List, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useCan } from '../../../../shared/auth/Can.tsx';
import { useWorkOrder, useWorkOrderAction } from '../api.ts';

export const STATE_COLORS: Record<string, string> = {
  pending: 'default',
  processing: 'processing',
  done: 'green',
  rejected: 'red',
};

const OPEN = ['pending', 'processing'];

/** One work order: its fields, the 修改 target with before/after, the handler's actions and the comment thread. */
export function WorkOrderDrawer({ order, onClose }: { order: WorkOrderDto | null; onClose(): void }) {
  const { message } = App.useApp();
  const detail = useWorkOrder(order?.id ?? null);
  const action = useWorkOrderAction();
  const canHandle = useCan(PERMISSIONS.workOrder.handle);
  const canApprove = useCan(PERMISSIONS.workOrder.approve);
  const canComment = useCan(PERMISSIONS.workOrder.add);
  const [note, setNote] = useState('');
  const [comment, setComment] = useState('');
  const o = detail.data;

  const run = async (name: 'accept' | 'complete' | 'reject' | 'approve', done: string) => {
    if (!o) return;
    await action.mutateAsync({ action: name, body: { id: o.id, result: note || null } });
    setNote('');
    message.success(done);
  };
  const fail = (e: unknown) => message.error(e instanceof Error ? e.message : String(e));
  const open = !!o && OPEN.includes(o.state);

  return (
    <Drawer open={!!order} onClose={onClose} size={860} title="工单详情" destroyOnHidden>
      {!o ? (
        <Skeleton active />
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions
            bordered
            size="small"
            column={2}
            items={[
              { key: 'no', label: '工单编号', children: o.orderNo },
              { key: 'type', label: '类型', children: WORK_ORDER_TYPES[o.type] },
              { key: 'title', label: '标题', children: o.title, span: 2 },
              { key: 'content', label: '问题描述', children: o.content, span: 2 },
              {
                key: 'state',
                label: '状态',
                children: (
                  <Space>
                    <Tag color={STATE_COLORS[o.state]}>{WORK_ORDER_STATES[o.state]}</Tag>
                    {o.overdue && <Tag color="red">已超期</Tag>}
                  </Space>
                ),
              },
              { key: 'handler', label: '处理人', children: o.handlerName ?? '—' },
              { key: 'deadline', label: '办理时限', children: o.deadline ?? '—' },
              { key: 'by', label: '提交人', children: `${o.createBy ?? ''} ${o.createTime}` },
              ...(o.type === 'modify'
                ? [
                    {
                      key: 'target',
                      label: '修改记录',
                      children: `${o.targetLabel ?? ''} ${o.targetId ?? ''}`,
                      span: 2,
                    },
                    { key: 'field', label: '修改字段', children: o.fieldLabel ?? '—' },
                    { key: 'new', label: '申请修改为', children: o.newValue ?? '—' },
                    { key: 'before', label: '修改前', children: o.beforeValue ?? '—' },
                    { key: 'after', label: '修改后', children: o.afterValue ?? '—' },
                  ]
                : []),
              { key: 'result', label: '办理意见', children: o.result ?? '—', span: 2 },
              {
                key: 'files',
                label: '附件',
                span: 2,
                children: o.attachments.length ? o.attachments.map((f) => f.fileName).join('、') : '—',
              },
            ]}
          />
          {open && o.type !== 'audit' && (canHandle || canApprove) && (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Input.TextArea
                rows={2}
                maxLength={1000}
                value={note}
                onChange={(e) => setNote(e.target.value)}
                placeholder="办理意见（可选）"
                aria-label="办理意见"
              />
              <Space>
                {canHandle && o.state === 'pending' && (
                  <Button onClick={() => run('accept', '受理成功！').catch(fail)}>受理</Button>
                )}
                {canHandle && o.type === 'operation' && o.state === 'processing' && (
                  <Button type="primary" onClick={() => run('complete', '办结成功！').catch(fail)}>
                    办结
                  </Button>
                )}
                {canApprove && o.type === 'modify' && (
                  <Button type="primary" onClick={() => run('approve', '审核通过，修改已应用').catch(fail)}>
                    审核通过并应用
                  </Button>
                )}
                {canHandle && (
                  <Button danger onClick={() => run('reject', '已驳回').catch(fail)}>
                    驳回
                  </Button>
                )}
              </Space>
            </Space>
          )}
          {o.type === 'audit' && open && (
            <Typography.Text type="secondary">审核工单在「我的待办」中审批，审批结束后自动办结。</Typography.Text>
          )}
          <Typography.Title level={5} style={{ margin: 0 }}>
            评论
          </Typography.Title>
          <List
            size="small"
            bordered
            locale={{ emptyText: '暂无评论' }}
            dataSource={o.comments}
            renderItem={(c) => (
              <List.Item>
                <List.Item.Meta title={`${c.createBy} · ${c.createTime}`} description={c.content} />
              </List.Item>
            )}
          />
          {canComment && (
            <Form layout="inline" style={{ width: '100%' }}>
              <Form.Item style={{ flex: 1 }}>
                <Input
                  value={comment}
                  onChange={(e) => setComment(e.target.value)}
                  maxLength={1000}
                  placeholder="输入评论"
                  aria-label="评论内容"
                />
              </Form.Item>
              <Button
                disabled={!comment.trim()}
                onClick={() =>
                  action
                    .mutateAsync({ action: 'comment', body: { id: o.id, content: comment } })
                    .then(() => {
                      setComment('');
                      message.success('评论成功！');
                    })
                    .catch(fail)
                }
              >
                发表评论
              </Button>
            </Form>
          )}
        </Space>
      )}
    </Drawer>
  );
}
