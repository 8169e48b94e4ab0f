import { PERMISSIONS, REVIEW_LIMITS } from '@aps/shared';
import { App, Button, Drawer, Input, Modal, Space, Spin, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useCan } from '../../../../shared/auth/Can.tsx';
import { warnFailure } from '../../../../shared/list/index.ts';
import { useDecline, useTaskDetail } from '../api.ts';
import { SignInModal } from './SignInModal.tsx';
import { REVIEW_STEPS } from './steps/index.tsx';

/** 进入评审: the task's purchase information, review timer, my identity, the committee, the bidders and 签到 / 拒绝. */
export function TaskDrawer({
  taskId,
  onClose,
  initialTab = 'info',
}: {
  taskId: string | null;
  onClose: () => void;
  /** The step tab the drawer opens on (a REVIEW_STEPS key), e.g. 'vote' from 组长推选. */
  initialTab?: string;
}) {
  const { message } = App.useApp();
  const { data: detail, isLoading } = useTaskDetail(taskId);
  const [signing, setSigning] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [tab, setTab] = useState(initialTab);
  // Each task opens on the asked tab (not on the tab the previous task was left at).
  useEffect(() => {
    if (taskId) setTab(initialTab);
  }, [taskId, initialTab]);
  const steps = detail ? REVIEW_STEPS.filter((step) => step.visible(detail)) : [];
  const decline = useDecline();
  const mayAct = useCan(PERMISSIONS.reviewTask.signIn);
  const canAct = mayAct && detail?.task.state === 'drawn' && [4, 5].includes(detail.card.purchaseStage);
  const submitDecline = async () => {
    if (!detail) return;
    if (!reason.trim()) {
      message.warning('请输入拒绝原因');
      return;
    }
    try {
      await decline.mutateAsync({ id: detail.task.id, reason });
      message.success('已拒绝该评审任务');
      setDeclining(false);
    } catch (e) {
      warnFailure(message, e, '操作失败');
    }
  };
  return (
    <Drawer
      title="评审任务"
      width={960}
      open={!!taskId}
      onClose={onClose}
      destroyOnHidden
      extra={
        canAct && (
          <Space>
            <Button danger onClick={() => setDeclining(true)}>
              拒绝
            </Button>
            <Button type="primary" onClick={() => setSigning(true)}>
              签到
            </Button>
          </Space>
        )
      }
    >
      {isLoading || !detail ? (
        <Spin />
      ) : (
        <>
          <Tabs
            // A step the task has not reached falls back to 采购信息.
            activeKey={steps.some((step) => step.key === tab) ? tab : 'info'}
            onChange={setTab}
            items={steps.map((step) => ({
              key: step.key,
              label: step.label,
              children: step.render(detail),
            }))}
          />
          <SignInModal taskId={detail.task.id} open={signing} onClose={() => setSigning(false)} />
          <Modal
            title="拒绝评审任务"
            open={declining}
            onCancel={() => setDeclining(false)}
            onOk={submitDecline}
            okText="确认拒绝"
            okButtonProps={{ danger: true }}
            confirmLoading={decline.isPending}
            destroyOnHidden
          >
            <Input.TextArea
              aria-label="拒绝原因"
              placeholder="请输入拒绝原因"
              rows={3}
              maxLength={REVIEW_LIMITS.reason}
              showCount
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </Modal>
        </>
      )}
    </Drawer>
  );
}
