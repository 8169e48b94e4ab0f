import { type PackageDto, PURCHASE_CATEGORIES, PURCHASE_METHODS } from '@aps/shared';
import { reviewTimer } from '@aps/shared/constants';
import { Card, Descriptions, type DescriptionsProps, Select } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { Money } from '../../../../shared/controls/index.ts';
import { ElectionTag, PackageStatusTag, StageTag } from './PackageTags.tsx';

const EMPTY = '—';
const text = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? EMPTY : String(v));
const quantity = (v: string | null) => (v !== null && Number.isFinite(Number(v)) ? String(Number(v)) : text(v));
const day = (v: string | null) => (v ? v.slice(0, 10) : EMPTY);
/** The price limit in 万元 (the value divided by 10000). */
const tenThousands = (v: string | null) => (v === null || v === '' ? null : Number(v) / 10000);

/** The §4 review timer (天/时/分/秒): live while the review runs, fixed once it ended. */
export function ReviewTimer({ pkg }: { pkg: PackageDto }) {
  const [now, setNow] = useState(() => Date.now());
  const timer = reviewTimer(pkg, now);
  const live = timer?.live ?? false;
  useEffect(() => {
    if (!live) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [live]);
  return <span data-testid="review-timer">{timer ? timer.text : EMPTY}</span>;
}

/** The five layouts of the purchase-information card (spec §2): one, two (package dropdown), three, four, five. */
export type InfoLayout = 1 | 2 | 3 | 4 | 5;

export interface PurchaseInfoCardProps {
  pkg: PackageDto;
  layout?: InfoLayout;
  /** Layout two: the project's packages to switch between. */
  packages?: PackageDto[];
  onPackageChange?: (id: string) => void;
  /** Layout five: the campaigner's menu title. */
  menuTitle?: string;
  extra?: ReactNode;
}

/**
 * 采购信息. One: code, name, review duration, package, planned quantity, warranty, supply period, price limit (万元),
 * rounds (not for scoreType 3), brands, payment. Two: one with a package dropdown. Three: the compact header (code,
 * name, package, category, method, stage). Four: one plus fixed price, lower coefficient, package status and start
 * time. Five: the campaigner view titled by its menu.
 */
export function PurchaseInfoCard({
  pkg,
  layout = 1,
  packages,
  onPackageChange,
  menuTitle,
  extra,
}: PurchaseInfoCardProps) {
  const limit = tenThousands(pkg.fixedPrice);
  const base: NonNullable<DescriptionsProps['items']> = [
    { key: 'code', label: '采购编号', children: pkg.purchaseCode },
    { key: 'name', label: '采购名称', children: pkg.purchaseName },
  ];
  const packageItem =
    layout === 2 && packages && packages.length > 1
      ? {
          key: 'package',
          label: '标段名称',
          children: (
            <Select
              size="small"
              aria-label="切换标段"
              style={{ minWidth: 200 }}
              value={pkg.id}
              options={packages.map((p) => ({ value: p.id, label: `${p.packageNo} ${p.packageName}` }))}
              onChange={onPackageChange}
            />
          ),
        }
      : { key: 'package', label: '标段名称', children: text(pkg.packageName) };
  const one: NonNullable<DescriptionsProps['items']> = [
    ...base,
    { key: 'review', label: '评审用时', children: <ReviewTimer pkg={pkg} /> },
    { key: 'packageNo', label: '标段编号', children: text(pkg.packageNo) },
    packageItem,
    { key: 'number', label: '计划数量', children: quantity(pkg.number) },
    { key: 'warranty', label: '质保期（月）', children: text(pkg.warrantyPeriod) },
    {
      key: 'supply',
      label: '供货周期',
      children:
        pkg.materialStartTime || pkg.materialEndTime
          ? `${day(pkg.materialStartTime)} ~ ${day(pkg.materialEndTime)}`
          : EMPTY,
    },
    { key: 'limit', label: '限价（万元）', children: limit === null ? EMPTY : <Money value={limit} /> },
    ...(pkg.scoreType !== '3'
      ? [
          { key: 'rounds', label: '报价轮次', children: text(pkg.quotationRoundCount) },
          { key: 'round', label: '当前选商轮次', children: text(pkg.currentRoundNo) },
        ]
      : []),
    { key: 'brands', label: '品牌要求', children: text(pkg.brandRequirements), span: 2 },
    { key: 'pay', label: '付款方式', children: text(pkg.payTypeMemo), span: 2 },
  ];
  let items: NonNullable<DescriptionsProps['items']>;
  if (layout === 3) {
    items = [
      ...base,
      { key: 'packageNo', label: '标段编号', children: text(pkg.packageNo) },
      { key: 'packageName', label: '标段名称', children: text(pkg.packageName) },
      { key: 'category', label: '采购类别', children: PURCHASE_CATEGORIES[pkg.purchaseCategory] ?? EMPTY },
      { key: 'method', label: '采购方式', children: PURCHASE_METHODS[pkg.purchaseMethod] ?? EMPTY },
      { key: 'stage', label: '采购阶段', children: <StageTag stage={pkg.purchaseStage} /> },
    ];
  } else if (layout === 4) {
    items = [
      ...one,
      { key: 'fixedPrice', label: '限价（元）', children: <Money value={pkg.fixedPrice} /> },
      ...(pkg.lowerCoefficientType === 1
        ? [{ key: 'lower', label: '下浮系数', children: text(pkg.lowerCoefficient) }]
        : []),
      {
        key: 'status',
        label: '标段状态',
        children: (
          <>
            <StageTag stage={pkg.purchaseStage} />
            <ElectionTag value={pkg.electionStatus} />
            <PackageStatusTag value={pkg.status} />
          </>
        ),
      },
      { key: 'start', label: '开标时间', children: text(pkg.openingStartTime) },
    ];
  } else if (layout === 5) {
    items = [
      ...base,
      { key: 'packageName', label: '标段名称', children: `${text(pkg.packageNo)} ${text(pkg.packageName)}` },
      { key: 'signUp', label: '报名时间', children: `${text(pkg.signUpStartTime)} ~ ${text(pkg.signUpEndTime)}` },
      { key: 'deadline', label: '投标截止', children: text(pkg.bidDeadline) },
      { key: 'opening', label: '开标时间', children: text(pkg.openingStartTime) },
    ];
  } else {
    items = one;
  }
  const title = layout === 5 && menuTitle ? `${menuTitle} · 采购信息` : '采购信息';
  return (
    <Card size="small" title={title} extra={extra} variant="outlined">
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} items={items} />
    </Card>
  );
}
