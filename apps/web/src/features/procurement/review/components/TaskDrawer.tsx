import {
  type BidFilesDto,
  type PackageDto,
  PERMISSIONS,
  REVIEW_IDENTITIES,
  REVIEW_LIMITS,
  type ReviewTaskDetailDto,
} from '@aps/shared';
import { App, Button, Card, Descriptions, Drawer, Input, List, Modal, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useCan } from '../../../../shared/auth/Can.tsx';
import { warnFailure } from '../../../../shared/list/index.ts';
import { downloadStoredFile } from '../../../../shared/upload/api.ts';
import { StageTag } from '../../package/components/PackageTags.tsx';
import { PurchaseInfoCard } from '../../package/components/PurchaseInfoCard.tsx';
import { reviewTaskApi, useDecline, useTaskDetail } from '../api.ts';
import { MemberStateTag } from './MemberStateTag.tsx';
import { SignInModal } from './SignInModal.tsx';

/** The stage from which the bidders' files are open (已开标); the server refuses earlier reads as well. */
const OPENED_STAGE = 5;

/**
 * The card reads only the package fields that the task card carries (layout one: codes, names, quantities, times,
 * rounds, brands, payment and the review timer), so the task card stands in for the package here.
 */
const asPackage = (d: ReviewTaskDetailDto) => ({ ...d.card, id: d.card.packageId }) as unknown as PackageDto;

function BidderFiles({ detail }: { detail: ReviewTaskDetailDto }) {
  const { message } = App.useApp();
  const [files, setFiles] = useState<Record<string, BidFilesDto>>({});
  const opened = detail.card.purchaseStage >= OPENED_STAGE;
  const load = (bidId: string) =>
    reviewTaskApi
      .files(detail.card.packageId, bidId)
      .then((f) => setFiles((all) => ({ ...all, [bidId]: f })))
      .catch((e) => warnFailure(message, e, '读取投标文件失败'));
  return (
    <Card size="small" title="投标人及投标文件">
      <List
        size="small"
        dataSource={detail.bidders}
        locale={{ emptyText: '暂无投标人' }}
        renderItem={(b) => (
          <List.Item
            extra={
              opened && !files[b.bidId] ? (
                <Button size="small" type="link" onClick={() => load(b.bidId)}>
                  查看投标文件
                </Button>
              ) : null
            }
          >
            <Space direction="vertical" size={2}>
              <span>{b.supplierName}</span>
              {files[b.bidId]?.files.map((f) => (
                <Button
                  key={f.fileId}
                  type="link"
                  size="small"
                  style={{ padding: 0 }}
                  onClick={() =>
                    downloadStoredFile(f.filePath, f.fileName).catch((e) => warnFailure(message, e, '下载失败'))
                  }
                >
                  {f.fileName}
                </Button>
              ))}
              {files[b.bidId]?.files.length === 0 && <span className="aps-muted">未上传文件</span>}
            </Space>
          </List.Item>
        )}
      />
      {!opened && <Tag color="orange">开标后可查看投标文件</Tag>}
    </Card>
  );
}

/** 进入评审: the task's purchase information, review timer, my identity, the committee, the bidders and 签到 / 拒绝. */
export function TaskDrawer({ taskId, onClose }: { taskId: string | null; onClose: () => void }) {
  const { message } = App.useApp();
  const { data: detail, isLoading } = useTaskDetail(taskId);
  const [signing, setSigning] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
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
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <PurchaseInfoCard pkg={asPackage(detail)} />
          <Card size="small" title="我的评审">
            <Descriptions
              size="small"
              column={{ xs: 1, md: 3 }}
              items={[
                { key: 'identity', label: '我的身份', children: REVIEW_IDENTITIES[detail.identity.identity] },
                { key: 'state', label: '任务状态', children: <MemberStateTag state={detail.task.state} /> },
                { key: 'stage', label: '采购阶段', children: <StageTag stage={detail.card.purchaseStage} /> },
                {
                  key: 'committee',
                  label: '评审委员会',
                  span: 3,
                  children: (
                    <Space wrap>
                      {detail.committee.members.map((m) => (
                        <span key={m.id}>
                          {m.realname} <MemberStateTag state={m.state} />
                        </span>
                      ))}
                    </Space>
                  ),
                },
              ]}
            />
          </Card>
          <BidderFiles detail={detail} />
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
        </Space>
      )}
    </Drawer>
  );
}
