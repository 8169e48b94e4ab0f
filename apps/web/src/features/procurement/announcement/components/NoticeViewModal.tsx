import type { BidDto, NoticeAttachmentDto, NoticeDto, SupplierNoticeDto } from '@aps/shared';
import { BID_STATUS_NAMES, NOTICE_STATUS_NAMES, NOTICE_TYPES, stageName } from '@aps/shared/constants';
import {
  App,
  Button,
  Descriptions,
  Divider,
  Empty,
  Flex,
  Modal,
  Popconfirm,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { warnFailure } from '../../../../shared/list/download.ts';
import { downloadStoredFile } from '../../../../shared/upload/api.ts';
import { sanitizeHtml } from '../../../platform/announcement/components/AnnouncementDetailModal.tsx';
import { RecordHistoryButton } from '../../../supervision/history/RecordHistory.tsx';
import { TimetableChangeTable } from '../../package/components/TimetableChangeTable.tsx';
import { useMyBid, useNoticeMutations, usePackageBids, useStaffNotice, useSupplierNotice } from '../api.ts';
import { quoteText } from '../quote.ts';
import { BidModal, quotedByRate } from './BidModal.tsx';

const typeName = (t: string) => NOTICE_TYPES[t as keyof typeof NOTICE_TYPES] ?? t;

function Attachments({ files }: { files: NoticeAttachmentDto[] }) {
  const { message } = App.useApp();
  if (files.length === 0) return <Typography.Text type="secondary">无</Typography.Text>;
  return (
    <Space direction="vertical" size={2}>
      {files.map((f) => (
        <Typography.Link
          key={f.fileId}
          onClick={() => downloadStoredFile(f.filePath, f.fileName).catch((e) => warnFailure(message, e, '下载失败'))}
        >
          {f.fileName}
        </Typography.Link>
      ))}
    </Space>
  );
}

/** The notice's body (sanitised HTML: notices are written by people, read by every supplier) and its files. */
function NoticeBody({ notice }: { notice: NoticeDto }) {
  const html = useMemo(() => sanitizeHtml(notice.content), [notice.content]);
  return (
    <>
      <Typography.Title level={4} style={{ textAlign: 'center' }}>
        {notice.title}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
        {typeName(notice.noticeType)} · 发布时间：{notice.publishTime ?? '未发布'}
      </Typography.Paragraph>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above. */}
      <div className="notice-body" dangerouslySetInnerHTML={{ __html: html }} />
      <TimetableChangeTable change={notice.timetableChange} />
      <Divider titlePlacement="start" plain>
        附件
      </Divider>
      <Attachments files={notice.attachments} />
    </>
  );
}

/** Supplier side of a published notice: window, own sign-up and bid, 报名 / 投标 / 修改投标 / 撤回. */
function SupplierPanel({
  notice,
  canSignUp,
  canBid,
}: {
  notice: SupplierNoticeDto;
  canSignUp: boolean;
  canBid: boolean;
}) {
  const supplier = canSignUp || canBid;
  const { message } = App.useApp();
  const { signUp, withdrawBid } = useNoticeMutations();
  const myBid = useMyBid(notice.packageId, notice.signedUp && canBid);
  const [bidding, setBidding] = useState(false);
  const bid = myBid.data ?? null;
  const isPurchase = notice.noticeType === 'purchase';
  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      message.success(done);
    } catch (err) {
      warnFailure(message, err, '操作失败');
    }
  };
  return (
    <>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        title="标包信息"
        items={[
          { key: 'p', label: '采购名称', children: notice.purchaseName },
          { key: 'k', label: '标包', children: `${notice.packageNo} ${notice.packageName}` },
          { key: 's', label: '当前阶段', children: stageName(notice.purchaseStage) },
          { key: 'f', label: '最高限价（元）', children: notice.fixedPrice ?? '—' },
          { key: 'q', label: '报价方式', children: quotedByRate(notice) ? '下浮率' : '报价' },
          {
            key: 'w',
            label: '报名时间',
            children: `${notice.signUpStartTime ?? '—'} 至 ${notice.signUpEndTime ?? '—'}`,
          },
          { key: 'd', label: '投标截止', children: notice.bidDeadline ?? '—' },
          { key: 'o', label: '开标时间', children: notice.openingStartTime ?? '—' },
          ...(supplier
            ? [
                {
                  key: 'me',
                  label: '我的状态',
                  span: 2,
                  children: (
                    <Space wrap>
                      <Tag color={notice.signedUp ? 'green' : 'default'}>{notice.signedUp ? '已报名' : '未报名'}</Tag>
                      {bid && (
                        <Tag color={bid.status === '1' ? 'blue' : 'default'}>
                          {BID_STATUS_NAMES[bid.status]}
                          {bid.status === '1' ? `（第${bid.revision}版）` : ''}
                        </Tag>
                      )}
                      {bid && bid.status === '1' && <span>我的报价：{quoteText(bid)}</span>}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {isPurchase && (
        <Flex justify="end" gap={8} style={{ marginTop: 12 }}>
          {canSignUp && !notice.signedUp && (
            <Button
              type="primary"
              loading={signUp.isPending}
              onClick={() => act(() => signUp.mutateAsync(notice.packageId), '报名成功')}
            >
              报名
            </Button>
          )}
          {canBid && notice.signedUp && (
            <Button type="primary" onClick={() => setBidding(true)}>
              {bid?.status === '1' ? '修改投标' : '投标'}
            </Button>
          )}
          {canBid && bid?.status === '1' && (
            <Popconfirm
              title="确定撤回投标吗？"
              onConfirm={() => act(() => withdrawBid.mutateAsync(notice.packageId), '撤回成功')}
            >
              <Button danger>撤回投标</Button>
            </Popconfirm>
          )}
        </Flex>
      )}
      {bidding && <BidModal notice={notice} current={bid} open={bidding} onClose={() => setBidding(false)} />}
    </>
  );
}

/** Staff side: the package's sign-ups and bids; amounts stay 已密封 until the opening. */
function StaffBidsPanel({ packageId }: { packageId: string }) {
  const data = usePackageBids(packageId, true);
  if (data.isLoading) return <Spin />;
  const bids = data.data?.bids ?? [];
  const opening = data.data?.opening ?? null;
  return (
    <>
      <Divider titlePlacement="start" plain>
        报名与投标（报名 {data.data?.signUps.length ?? 0} 家，投标 {bids.filter((b) => b.status === '1').length} 家
        {opening ? `，已于 ${opening.openedTime} 开标` : '，未开标'}）
      </Divider>
      <Table<BidDto>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={bids}
        locale={{ emptyText: <Empty description="暂无投标" image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
        columns={[
          { title: '供应商', dataIndex: 'supplierName' },
          { title: '状态', dataIndex: 'status', width: 90, render: (s: BidDto['status']) => BID_STATUS_NAMES[s] },
          {
            title: '报价',
            key: 'quote',
            width: 260,
            render: (_, b) => (b.sealed ? <Tag icon={null}>已密封</Tag> : b.price || b.rate ? quoteText(b) : '—'),
          },
          { title: '响应文件', key: 'files', width: 90, render: (_, b) => `${b.files.length} 个` },
          { title: '提交时间', dataIndex: 'submitTime', width: 170 },
        ]}
      />
    </>
  );
}

/**
 * A notice opened from the tabs: the sanitised body and attachments; a supplier sees the package window and signs
 * up or bids from here; staff see its status and (with the package permission) the sealed bids.
 */
export function NoticeViewModal({
  id,
  staff,
  canSignUp,
  canBid,
  canSeeBids,
  onClose,
}: {
  id: string;
  /** Read through the staff endpoint (drafts and revoked notices of the data scope). */
  staff: boolean;
  canSignUp: boolean;
  canBid: boolean;
  canSeeBids: boolean;
  onClose: () => void;
}) {
  const supplierView = useSupplierNotice(id, !staff);
  const staffView = useStaffNotice(id, staff);
  const notice = staff ? staffView.data : supplierView.data;
  return (
    <Modal open title="公告详情" width={960} footer={null} onCancel={onClose} destroyOnHidden>
      {!notice && <Spin />}
      {notice && (
        <Flex vertical gap={12}>
          {staff && (
            <Space>
              <Tag>{typeName(notice.noticeType)}</Tag>
              <Tag color={notice.status === '1' ? 'green' : notice.status === '2' ? 'red' : 'default'}>
                {NOTICE_STATUS_NAMES[notice.status]}
              </Tag>
              <span>
                {notice.purchaseName} / {notice.packageName}（{stageName(notice.purchaseStage)}）
              </span>
              <RecordHistoryButton table="notice" id={notice.id} />
            </Space>
          )}
          <NoticeBody notice={notice} />
          {!staff && <SupplierPanel notice={notice as SupplierNoticeDto} canSignUp={canSignUp} canBid={canBid} />}
          {canSeeBids && notice.noticeType === 'purchase' && <StaffBidsPanel packageId={notice.packageId} />}
        </Flex>
      )}
    </Modal>
  );
}
