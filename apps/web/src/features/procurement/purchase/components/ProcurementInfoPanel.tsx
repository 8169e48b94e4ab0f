import type { PurchaseRecordDto } from '@aps/shared';
import {
  DICT,
  priceLimitInTenThousands,
  reviewTiming,
  showsLowerCoefficient,
  showsQuotationRounds,
} from '@aps/shared/constants';
import { Descriptions, type DescriptionsProps, Tag } from 'antd';
import { ElapsedTime, Money, useSessionDictText } from '../../../../shared/controls/index.ts';
import { PurchaseStageTag } from './PurchaseStageTag.tsx';

const EMPTY = '—';
const text = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? EMPTY : String(value);
/** A stored numeric (e.g. "1149.000") as people write it: 1149. */
const quantity = (value: string | null) =>
  value !== null && Number.isFinite(Number(value)) ? String(Number(value)) : text(value);
/** The supply period is a span of days (YYYY-MM-DD, §9). */
const day = (value: string | null) => (value ? value.slice(0, 10) : EMPTY);

/** §4: a live timer while under review, the opening → review-stop span once ended. */
export function ReviewDuration({ record }: { record: PurchaseRecordDto }) {
  const timing = reviewTiming(record);
  if (timing.kind === 'running') return <ElapsedTime target={timing.from} />;
  if (timing.kind === 'ended') return <ElapsedTime target={timing.from} end={timing.to} />;
  return <>{EMPTY}</>;
}

/**
 * The procurement information panel, template one (§2): code, name, review duration, package, planned quantity,
 * warranty, supply period, price limit in 万元, quotation rounds (not for scoreType 3), brands and payment.
 */
export function ProcurementInfoPanel({ record }: { record: PurchaseRecordDto }) {
  const priceLimit = priceLimitInTenThousands(record.fixedPrice);
  const items: DescriptionsProps['items'] = [
    { key: 'code', label: '采购编号', children: record.purchaseCode },
    { key: 'name', label: '采购名称', children: record.purchaseName },
    { key: 'review', label: '评审用时', children: <ReviewDuration record={record} /> },
    { key: 'packageNo', label: '标段编号', children: text(record.packageNo) },
    { key: 'packageName', label: '标段名称', children: text(record.packageName) },
    { key: 'number', label: '计划数量', children: quantity(record.number) },
    { key: 'warranty', label: '质保期（月）', children: text(record.warrantyPeriod) },
    {
      key: 'supply',
      label: '供货周期',
      children:
        record.materialStartTime || record.materialEndTime
          ? `${day(record.materialStartTime)} ~ ${day(record.materialEndTime)}`
          : EMPTY,
    },
    {
      key: 'priceLimit',
      label: '限价（万元）',
      children: priceLimit === null ? EMPTY : <Money value={priceLimit} />,
    },
    ...(showsQuotationRounds(record.scoreType)
      ? [
          { key: 'rounds', label: '报价轮次', children: text(record.quotationRoundCount) },
          { key: 'round', label: '当前选商轮次', children: text(record.currentRoundNo) },
        ]
      : []),
    { key: 'brands', label: '品牌要求', children: text(record.brandRequirements), span: 2 },
    { key: 'pay', label: '付款方式', children: text(record.payTypeMemo), span: 2 },
  ];
  return <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} items={items} title="采购信息" />;
}

/** The package's selection state (§4): stage, election status (dictionary), lower coefficient only for type 1. */
export function PackageStatePanel({ record }: { record: PurchaseRecordDto }) {
  const election = useSessionDictText(DICT.electionStatus, record.electionStatus);
  const items: DescriptionsProps['items'] = [
    { key: 'stage', label: '采购阶段', children: <PurchaseStageTag value={record.purchaseStage} /> },
    {
      key: 'election',
      label: '选商状态',
      children: record.electionStatus ? (
        <Tag color={record.electionStatus === '1' ? 'green' : 'red'}>{election ?? record.electionStatus}</Tag>
      ) : (
        EMPTY
      ),
    },
    { key: 'fixedPrice', label: '限价（元）', children: <Money value={record.fixedPrice} /> },
    ...(showsLowerCoefficient(record.lowerCoefficientType)
      ? [{ key: 'lower', label: '下浮系数', children: text(record.lowerCoefficient) }]
      : []),
    { key: 'opening', label: '开标时间', children: text(record.openingStartTime) },
    { key: 'candidates', label: '候选人数', children: text(record.purchaseCandidateCount) },
  ];
  return <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} items={items} title="标段状态" />;
}
