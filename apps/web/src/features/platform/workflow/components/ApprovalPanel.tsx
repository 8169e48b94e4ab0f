import type { WorkflowTaskDetail } from '@aps/shared';
import { App, Button, Form, Input, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { warnFailure } from '../../../../shared/list/download.ts';
import { UserPicker } from '../../../../shared/pickers/UserPicker.tsx';
import { type TaskAction, useTaskAction } from '../api.ts';

type Dialog = 'return' | 'delegate' | 'transfer' | 'addSigner' | null;

const DIALOG_TITLES: Record<Exclude<Dialog, null>, string> = {
  return: '退回',
  delegate: '委派',
  transfer: '转办',
  addSigner: '加签',
};

/**
 * 审批 of a task: the opinion, 同意 / 驳回 (opinion required) / 退回 (to an earlier node) / 委派 / 转办 / 加签 (who).
 * The server decides whether the user may act; its refusal (任务已被他人处理 …) is shown as it says.
 */
export function ApprovalPanel({ detail, onDone }: { detail: WorkflowTaskDetail; onDone(): void }) {
  const { message } = App.useApp();
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [target, setTarget] = useState<string | undefined>();
  const [users, setUsers] = useState('');
  const action = useTaskAction();
  const taskId = detail.task.id;

  async function run(kind: TaskAction, extra: Record<string, string> = {}) {
    try {
      await action.mutateAsync({ action: kind, taskId, comment: comment.trim() || undefined, ...extra });
      message.success('操作成功!');
      setDialog(null);
      onDone();
    } catch (err) {
      warnFailure(message, err, '操作失败');
    }
  }

  function openDialog(kind: Exclude<Dialog, null>) {
    setTarget(undefined);
    setUsers('');
    setDialog(kind);
  }

  async function confirmDialog() {
    if (dialog === 'return') {
      if (!target) return message.warning('请选择退回的节点');
      if (!comment.trim()) return message.warning('请填写退回意见');
      return run('return', { targetNodeId: target });
    }
    if (!users) return message.warning('请选择用户');
    if (dialog === 'addSigner') return run('addSigner', { usernames: users });
    if (dialog) return run(dialog, { username: users });
  }

  return (
    <div className="aps-wf-approval">
      <Form layout="vertical">
        <Form.Item
          label="审批意见"
          htmlFor="aps-wf-comment"
          validateStatus={commentError ? 'error' : undefined}
          help={commentError ?? undefined}
        >
          <Input.TextArea
            id="aps-wf-comment"
            rows={3}
            maxLength={500}
            showCount
            value={comment}
            placeholder="请输入审批意见"
            onChange={(e) => {
              setComment(e.target.value);
              setCommentError(null);
            }}
          />
        </Form.Item>
      </Form>
      <Space wrap>
        <Button type="primary" loading={action.isPending} onClick={() => run('approve')}>
          同意
        </Button>
        <Button
          danger
          loading={action.isPending}
          onClick={() => {
            if (!comment.trim()) return setCommentError('请填写驳回意见');
            void run('reject');
          }}
        >
          驳回
        </Button>
        <Button disabled={!detail.returnTargets.length} onClick={() => openDialog('return')}>
          退回
        </Button>
        <Button onClick={() => openDialog('delegate')}>委派</Button>
        <Button onClick={() => openDialog('transfer')}>转办</Button>
        <Button onClick={() => openDialog('addSigner')}>加签</Button>
      </Space>
      <Modal
        open={dialog !== null}
        title={dialog ? DIALOG_TITLES[dialog] : ''}
        onCancel={() => setDialog(null)}
        onOk={confirmDialog}
        confirmLoading={action.isPending}
        okText="确定"
        cancelText="取消"
        destroyOnHidden
      >
        <Form layout="vertical">
          {dialog === 'return' ? (
            <Form.Item label="退回到" htmlFor="aps-wf-return-target" required>
              <Select
                id="aps-wf-return-target"
                placeholder="请选择节点"
                value={target}
                onChange={setTarget}
                options={detail.returnTargets.map((t) => ({ value: t.nodeId, label: t.nodeName || t.nodeId }))}
              />
            </Form.Item>
          ) : (
            <Form.Item
              label={dialog === 'addSigner' ? '加签人' : dialog === 'delegate' ? '委派给' : '转办给'}
              htmlFor="aps-wf-users"
              required
            >
              <UserPicker id="aps-wf-users" value={users} multiple={dialog === 'addSigner'} onChange={setUsers} />
            </Form.Item>
          )}
          <Form.Item label="意见" htmlFor="aps-wf-dialog-comment" required={dialog === 'return'}>
            <Input.TextArea
              id="aps-wf-dialog-comment"
              rows={2}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
            />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
