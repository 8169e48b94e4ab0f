/**
 * 监控中心 (issue 17 §1): the risk signals a supervisor watches, their rules' parameters, the stage-duration norms,
 * the API paths and the DTOs. zod-free (the web imports it); the rules themselves are `supervision-monitor-rules.ts`.
 */
import type { PurchaseStage } from './procurement.constants.ts';

export const SUPERVISION_MONITOR_API = {
  dashboard: '/supervision/monitor/dashboard',
  signals: '/supervision/monitor/signals',
  exportSignals: '/supervision/monitor/signals/export',
} as const;

/** The signal types, in the order the dashboard shows them. */
export const MONITOR_SIGNAL_TYPES = [
  'singleBidder',
  'nearLimitPrice',
  'repeatWinner',
  'relatedBidders',
  'shortPublicity',
  'unsignedContract',
  'stageOverdue',
] as const;
export type MonitorSignalType = (typeof MONITOR_SIGNAL_TYPES)[number];

export const MONITOR_SEVERITIES = { high: '高', medium: '中', low: '低' } as const;
export type MonitorSeverity = keyof typeof MONITOR_SEVERITIES;

export const MONITOR_SIGNAL_INFO: Record<MonitorSignalType, { label: string; severity: MonitorSeverity }> = {
  singleBidder: { label: '单一有效投标人', severity: 'high' },
  nearLimitPrice: { label: '中标价接近限价', severity: 'medium' },
  repeatWinner: { label: '同一供应商在同一部门反复中标', severity: 'medium' },
  relatedBidders: { label: '关联投标', severity: 'high' },
  shortPublicity: { label: '公示期不足', severity: 'high' },
  unsignedContract: { label: '中标后30天未签合同', severity: 'low' },
  stageOverdue: { label: '阶段超期', severity: 'low' },
};

/** What a signal points at (the 发起检查 targetType). */
export const MONITOR_TARGET_TYPES = ['package', 'project', 'contract', 'supplier'] as const;
export type MonitorTargetType = (typeof MONITOR_TARGET_TYPES)[number];

/**
 * The rules' parameters (decisions.md, 监控中心). publicityMinDays is the domain's "≥ 3 days under tender rules"
 * (procurement-domain.md stage 11, PROCUREMENT_DEFAULTS.publicityDays).
 */
export const MONITOR_RULES = {
  /** A winning price at or above this share of the package's limit (fixedPrice). */
  nearLimitRatio: 0.99,
  /** The same supplier winning at least this many packages of one department … */
  repeatWinCount: 3,
  /** … within this many months (counted back from the last of those awards). */
  repeatWinMonths: 12,
  /** A result publicity shorter than this many days. */
  publicityMinDays: 3,
  /** An award without a signed contract after this many days. */
  contractWithinDays: 30,
} as const;

/**
 * Norms per stage in hours (decisions.md, 监控中心): how long a package should stay in a stage. 公告中 and 响应中
 * follow the statutory 20-day tender window; publicity the 3 days; 已定标 (12) is final and has no norm.
 */
export const STAGE_NORM_HOURS: Record<Exclude<PurchaseStage, 12>, number> = {
  1: 7 * 24,
  2: 10 * 24,
  3: 20 * 24,
  4: 2 * 24,
  5: 2 * 24,
  6: 3 * 24,
  7: 5 * 24,
  8: 5 * 24,
  9: 5 * 24,
  10: 7 * 24,
  11: 5 * 24,
};

export const MONITOR_SORTABLE_COLUMNS = ['detectedAt', 'occurredAt', 'severity', 'signalType'] as const;
export type MonitorSortColumn = (typeof MONITOR_SORTABLE_COLUMNS)[number];

export const MONITOR_MESSAGES = {
  badType: '风险类型不正确',
  badSort: '不支持按该字段排序',
  dateOrder: '结束日期不能早于开始日期',
} as const;

/** One row of the signals list. */
export interface MonitorSignalDto {
  id: string;
  signalType: MonitorSignalType;
  signalTypeName: string;
  severity: MonitorSeverity;
  severityName: string;
  description: string;
  targetType: MonitorTargetType;
  targetId: string;
  packageId: string | null;
  projectId: string | null;
  contractId: string | null;
  supplierId: string | null;
  packageName: string | null;
  sysOrgCode: string;
  departName: string | null;
  /** When the fact happened (award, publicity start, stage entry…), yyyy-MM-dd HH:mm:ss. */
  occurredAt: string;
  /** When the monitor first saw it. */
  detectedAt: string;
}

export interface MonitorDashboard {
  counts: { signalType: MonitorSignalType; name: string; severity: MonitorSeverity; count: number }[];
  total: number;
  /** Signals per month of their occurrence, the last 12 months (yyyy-MM), per type. */
  byMonth: { month: string; counts: Record<MonitorSignalType, number> }[];
  /** Per stage: completed stage stays (from the stage history), their average and the norm, in hours. */
  stageDurations: {
    stage: number;
    name: string;
    normHours: number;
    completed: number;
    averageHours: number | null;
    overdueNow: number;
  }[];
  /** The longest-overdue packages now (stage entered longer ago than its norm). */
  overdue: {
    packageId: string;
    packageName: string | null;
    stage: number;
    stageName: string;
    sysOrgCode: string;
    enteredAt: string;
    hoursOver: number;
  }[];
  /** When the signals were last computed (yyyy-MM-dd HH:mm:ss). */
  refreshedAt: string | null;
}

/** The query string of the 发起检查 link (the inspection page's agreed interface). */
export function inspectionLink(signal: Pick<MonitorSignalDto, 'targetType' | 'targetId' | 'signalType'>): string {
  const q = new URLSearchParams({
    create: '1',
    targetType: signal.targetType,
    targetId: signal.targetId,
    signal: signal.signalType,
  });
  return `/supervision/inspection?${q.toString()}`;
}

/**
 * Where a signal's 查看 opens its record: the record's list page with `?open=<id>`, which opens that record's
 * detail drawer (a package in 标包明细, a contract in 合同管理, a supplier in 供应商名录).
 */
export function recordLink(signal: Pick<MonitorSignalDto, 'targetType' | 'targetId' | 'packageId'>): {
  path: string;
  label: string;
} {
  const open = (path: string, id: string) => `${path}?${new URLSearchParams({ open: id }).toString()}`;
  switch (signal.targetType) {
    case 'contract':
      return { path: open('/contract/list', signal.targetId), label: '查看合同' };
    case 'supplier':
      return { path: open('/supplier/directory', signal.targetId), label: '查看供应商' };
    case 'project':
      return signal.packageId
        ? { path: open('/purchase/packageDetail', signal.packageId), label: '查看标包' }
        : { path: '/purchase/packageDetail', label: '查看项目' };
    default:
      return { path: open('/purchase/packageDetail', signal.targetId), label: '查看标包' };
  }
}
