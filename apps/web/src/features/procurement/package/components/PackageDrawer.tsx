import { BID_STATUS_NAMES, PERMISSIONS, PRICE_METHODS, REVIEW_ITEM_KINDS, stageName } from '@aps/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Empty, Skeleton, Space, Table, Tabs, Tag, Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useCan } from '../../../../shared/auth/Can.tsx';
import { Money } from '../../../../shared/controls/index.ts';
import { PackageLetters } from '../../bid/components/PackageLetters.tsx';
import { procurementKeys } from '../../plan/api.ts';
import { type PackageDetail, packageApi, usePackage, usePackageHistory } from '../api.ts';
import { PackageActions } from './PackageActions.tsx';
import { type InfoLayout, PurchaseInfoCard } from './PurchaseInfoCard.tsx';

const ACTION_NAMES: Record<string, string> = {
  create: '创建',
  publish: '发布公告',
  changeTimetable: '变更公告：时间变更',
  extendDeadline: '变更公告：延期投标',
  openResponses: '开始响应',
  closeResponses: '截止投标',
  open: '开标',
  startReview: '开始评审',
  score: '开始评分',
  summarize: '评审汇总',
  endReview: '结束评审',
  submitEndAudit: '提交结束审核',
  endAuditApproved: '结束审核通过',
  endAuditRejected: '结束审核驳回',
  endPublicity: '结束公示并定标',
  rebid: '重新采购',
  changeMethod: '变更方式',
  terminate: '终止',
};

/** The stage history of a package as a timeline (who moved it, from which stage to which, when, why). */
export function StageTimeline({ packageId }: { packageId: string }) {
  const history = usePackageHistory(packageId);
  if (history.isLoading) return <Skeleton active />;
  if (!history.data?.length) return <Empty description="暂无阶段记录" />;
  return (
    <Timeline
      aria-label="阶段历史"
      items={history.data.map((h) => ({
        color: h.electionStatus === '0' ? 'red' : 'blue',
        children: (
          <div>
            <Typography.Text strong>{ACTION_NAMES[h.action] ?? h.action}</Typography.Text>{' '}
            <Typography.Text type="secondary">
              {stageName(h.fromStage)} → {stageName(h.toStage)}
            </Typography.Text>
            {h.electionStatus === '0' && <Tag color="red">流标</Tag>}
            <div>
              <Typography.Text type="secondary">
                {h.createTime} · {h.actor}
              </Typography.Text>
            </div>
            {h.reason && <div>{h.reason}</div>}
          </div>
        ),
      }))}
    />
  );
}

/** 选商设置 as read-only text (from stage 2 the settings are locked). */
export function SelectionSummary({ pkg }: { pkg: PackageDetail }) {
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'price', label: '价格分计算方法', children: PRICE_METHODS[pkg.priceMethod] ?? pkg.priceMethod },
          ...(pkg.priceMethod === 'average_benchmark'
            ? [
                {
                  key: 'kab',
                  label: 'K / α / β',
                  children: `${pkg.priceK ?? 0} / ${pkg.priceAlpha} / ${pkg.priceBeta}`,
                },
              ]
            : []),
          { key: 'rounds', label: '报价轮次', children: pkg.quotationRoundCount },
          { key: 'candidates', label: '推荐候选人数', children: pkg.purchaseCandidateCount },
          { key: 'min', label: '最少投标人数', children: pkg.minBidders },
          {
            key: 'experts',
            label: '专家要求',
            children: `${pkg.expertCount ?? '—'}人 ${pkg.expertSpecialities ?? ''}`,
          },
          { key: 'signUp', label: '报名时间', children: `${pkg.signUpStartTime ?? '—'} ~ ${pkg.signUpEndTime ?? '—'}` },
          { key: 'deadline', label: '投标截止', children: pkg.bidDeadline ?? '—' },
          { key: 'opening', label: '开标时间', children: pkg.openingStartTime ?? '—' },
          { key: 'publicity', label: '公示天数', children: pkg.publicityDays },
        ]}
      />
      <Table
        size="small"
        rowKey={(r) => `${r.sortNo}-${r.name}`}
        pagination={false}
        dataSource={pkg.reviewItems ?? []}
        columns={[
          {
            title: '类型',
            dataIndex: 'kind',
            width: 120,
            render: (k: keyof typeof REVIEW_ITEM_KINDS) => REVIEW_ITEM_KINDS[k],
          },
          { title: '评审项', dataIndex: 'name' },
          {
            title: '最高分',
            dataIndex: 'maxScore',
            width: 100,
            render: (v: number | null, r) => (r.kind === 'scoring' ? (v ?? '—') : '通过/不通过'),
          },
        ]}
      />
    </Space>
  );
}

/** 报名与投标: sign-ups, bids (amounts sealed before the opening) and the opening record. */
export function ResponsesPanel({ pkg }: { pkg: PackageDetail }) {
  const signUps = useQuery({
    queryKey: [...procurementKeys.bids(pkg.id), 'signUps'],
    queryFn: () => packageApi.signUps(pkg.id),
  });
  const bids = useQuery({
    queryKey: [...procurementKeys.bids(pkg.id), 'bids'],
    queryFn: () => packageApi.bids(pkg.id),
  });
  const opening = useQuery({
    queryKey: [...procurementKeys.bids(pkg.id), 'opening'],
    queryFn: () => packageApi.opening(pkg.id),
    enabled: pkg.purchaseStage >= 5,
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Title level={5}>报名（{signUps.data?.length ?? 0}家）</Typography.Title>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        loading={signUps.isLoading}
        dataSource={signUps.data ?? []}
        columns={[
          {
            title: '供应商',
            dataIndex: 'supplierName',
            render: (name: string, r) =>
              r.supplierWarning ? (
                <Space size={4}>
                  {name}
                  <Tag color="orange">{r.supplierWarning}</Tag>
                </Space>
              ) : (
                name
              ),
          },
          { title: '报名时间', dataIndex: 'signUpTime', width: 180 },
        ]}
      />
      <Typography.Title level={5}>投标（{bids.data?.filter((b) => b.status === '1').length ?? 0}家）</Typography.Title>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        loading={bids.isLoading}
        dataSource={bids.data ?? []}
        columns={[
          { title: '供应商', dataIndex: 'supplierName' },
          { title: '状态', dataIndex: 'status', width: 90, render: (s: '1' | '2') => BID_STATUS_NAMES[s] },
          {
            title: '报价',
            key: 'price',
            width: 160,
            render: (_, b) =>
              b.sealed ? (
                <Tag>开标前密封</Tag>
              ) : b.rate ? (
                `下浮率 ${b.rate}`
              ) : (
                <Money value={b.evaluatedPrice ?? b.price} />
              ),
          },
          { title: '提交时间', dataIndex: 'submitTime', width: 180 },
        ]}
      />
      {pkg.purchaseStage >= 5 && (
        <>
          <Typography.Title level={5}>开标记录</Typography.Title>
          {opening.data ? (
            <>
              <Typography.Text>
                开标时间 {opening.data.openedTime}，开标人 {opening.data.openedBy}，投标人 {opening.data.bidderCount}
                家（最少
                {opening.data.minBidders}家）
              </Typography.Text>
              <Table
                size="small"
                rowKey="bidId"
                pagination={false}
                dataSource={opening.data.entries}
                columns={[
                  { title: '供应商', dataIndex: 'supplierName' },
                  {
                    title: '报价',
                    key: 'price',
                    render: (_, e) => (e.rate ? `下浮率 ${e.rate}` : <Money value={e.price} />),
                  },
                  { title: '评标价', dataIndex: 'evaluatedPrice', render: (v: string | null) => <Money value={v} /> },
                  { title: '文件数', dataIndex: 'fileCount', width: 80 },
                ]}
              />
            </>
          ) : (
            <Empty description="暂无开标记录" />
          )}
        </>
      )}
    </Space>
  );
}

export interface PackageDrawerProps {
  packageId: string | null;
  onClose: () => void;
  layout?: InfoLayout;
  /** Page-specific content above the tabs (the selection form, the review seam, …). */
  children?: (pkg: PackageDetail) => ReactNode;
}

/** The package drawer shared by the buyer's pages: 采购信息, 选商设置, 报名与投标, 阶段历史 and the allowed actions. */
export function PackageDrawer({ packageId, onClose, layout = 4, children }: PackageDrawerProps) {
  const detail = usePackage(packageId);
  const pkg = detail.data;
  const canLetters = useCan(PERMISSIONS.purchaseResult.list);
  return (
    <Drawer
      open={!!packageId}
      onClose={onClose}
      size={960}
      title={pkg ? `标包：${pkg.packageName}` : '标包'}
      extra={pkg ? <PackageActions pkg={pkg} /> : null}
      destroyOnHidden
    >
      {!pkg ? (
        <Skeleton active />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <PurchaseInfoCard pkg={pkg} layout={layout} />
          {children?.(pkg)}
          <Tabs
            items={[
              { key: 'selection', label: '选商设置', children: <SelectionSummary pkg={pkg} /> },
              { key: 'responses', label: '报名与投标', children: <ResponsesPanel pkg={pkg} /> },
              { key: 'history', label: '阶段历史', children: <StageTimeline packageId={pkg.id} /> },
              ...(canLetters
                ? [{ key: 'letters', label: '通知书', children: <PackageLetters packageId={pkg.id} /> }]
                : []),
            ]}
          />
        </Space>
      )}
    </Drawer>
  );
}
