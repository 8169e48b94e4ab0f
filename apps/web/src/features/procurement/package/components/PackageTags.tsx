import {
  APPROVAL_STATUS_LABELS,
  ELECTION_STATUS_NAMES,
  type ElectionStatus,
  PACKAGE_STATUS_NAMES,
  type PackageStatus,
  PLAN_STATES,
  type PlanState,
  stageName,
} from '@aps/shared/constants';
import { Tag } from 'antd';

/** Closing stages in their own colours; every other stage is "in progress". */
const STAGE_COLORS: Record<number, string> = { 1: 'default', 9: 'green', 10: 'gold', 11: 'cyan', 12: 'blue' };

/** A package stage (1..12) by its name from the shared stage table. */
export function StageTag({ stage }: { stage: number }) {
  return <Tag color={STAGE_COLORS[stage] ?? 'processing'}>{stageName(stage)}</Tag>;
}

export function ElectionTag({ value }: { value: ElectionStatus }) {
  return <Tag color={value === '0' ? 'red' : 'green'}>{ELECTION_STATUS_NAMES[value] ?? value}</Tag>;
}

/** A closed package (终止, 重新采购, 变更方式审批中); nothing for an active one. */
export function PackageStatusTag({ value }: { value: PackageStatus }) {
  if (value === 'active') return null;
  return <Tag color={value === 'terminated' ? 'default' : 'orange'}>{PACKAGE_STATUS_NAMES[value] ?? value}</Tag>;
}

const PLAN_COLORS: Record<PlanState, string> = {
  draft: 'default',
  approving: 'processing',
  approved: 'green',
  executing: 'blue',
  done: 'cyan',
  rejected: 'red',
  void: 'default',
};

export function PlanStateTag({ state }: { state: PlanState }) {
  return <Tag color={PLAN_COLORS[state]}>{PLAN_STATES[state] ?? state}</Tag>;
}

const APPROVAL_COLORS: Record<string, string> = {
  '1': 'default',
  '2': 'processing',
  '3': 'processing',
  '4': 'green',
  '5': 'red',
  '6': 'processing',
};

/** A business row's approvalStatus (workflow codes 1..6) as its label. */
export function ApprovalTag({ value }: { value: string | number }) {
  const label = APPROVAL_STATUS_LABELS[Number(value) as keyof typeof APPROVAL_STATUS_LABELS];
  return <Tag color={APPROVAL_COLORS[String(value)] ?? 'default'}>{label ?? '—'}</Tag>;
}
