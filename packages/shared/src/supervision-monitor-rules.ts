/**
 * The 监控中心 risk rules (issue 17 §1): pure functions over facts the server loads per tenant, each unit-tested on
 * hand-built data. Each returns signal drafts; the server stores them (keyed by `key`, so a signal keeps its
 * detection date while it still fires) in `supervision_signal`.
 */
import {
  MONITOR_RULES,
  MONITOR_SIGNAL_INFO,
  type MonitorSignalType,
  type MonitorTargetType,
  STAGE_NORM_HOURS,
} from './supervision-monitor.constants.ts';

/** What the rules read of one package (its award, bids count, publicity, contract, current stage). */
export interface PackageFact {
  packageId: string;
  projectId: string;
  packageName: string;
  sysOrgCode: string;
  stage: number;
  electionStatus: string;
  status: string;
  /** The limit (控制价), a decimal string. */
  fixedPrice: string;
  /** Valid bidders after the review (stage ≥ 9), else bidders at the opening; null before any opening. */
  validBidders: number | null;
  openedAt: Date | null;
  reviewStoppedAt: Date | null;
  winnerSupplierId: string | null;
  winnerName: string | null;
  /** The winner's evaluated price (decimal string), null when unknown. */
  winningPrice: string | null;
  awardedAt: Date | null;
  publicityDays: number;
  publicityStartedAt: Date | null;
  publicityEndAt: Date | null;
  contractId: string | null;
  contractSignedAt: Date | null;
  /** When the package entered its current stage (the last stage history row, else its creation). */
  stageEnteredAt: Date;
}

/** A submitted bid with what the related-bidder rule compares. */
export interface BidFact {
  packageId: string;
  supplierId: string;
  supplierName: string;
  legalRepresentative: string | null;
  contactPhone: string | null;
}

export interface SignalDraft {
  /** Unique per tenant: the same finding keeps its key (and detection date) from one run to the next. */
  key: string;
  signalType: MonitorSignalType;
  targetType: MonitorTargetType;
  targetId: string;
  packageId: string | null;
  projectId: string | null;
  contractId: string | null;
  supplierId: string | null;
  sysOrgCode: string;
  stage: number | null;
  description: string;
  occurredAt: Date;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** A decimal string as integer cents (exact; money has 2 decimals). */
export function toCents(value: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{0,2})\d*)?$/.exec(value.trim());
  if (!m) throw new Error(`不是金额: ${value}`);
  const cents = BigInt(m[2] ?? '0') * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

const pkgDraft = (
  p: PackageFact,
  signalType: MonitorSignalType,
  description: string,
  occurredAt: Date,
  extra: Partial<SignalDraft> = {},
): SignalDraft => ({
  key: `${signalType}:${p.packageId}`,
  signalType,
  targetType: 'package',
  targetId: p.packageId,
  packageId: p.packageId,
  projectId: p.projectId,
  contractId: p.contractId,
  supplierId: p.winnerSupplierId,
  sysOrgCode: p.sysOrgCode,
  stage: null,
  description,
  occurredAt,
  ...extra,
});

/** 1. 单一有效投标人: the opening or the review left exactly one valid bidder. */
export function singleBidder(p: PackageFact): SignalDraft | null {
  if (p.validBidders !== 1) return null;
  const at = p.reviewStoppedAt ?? p.openedAt ?? p.stageEnteredAt;
  return pkgDraft(p, 'singleBidder', `标包「${p.packageName}」仅有1家有效投标人`, at);
}

/** 2. 中标价接近限价: the winning price is at least 99 % of the limit. */
export function nearLimitPrice(p: PackageFact): SignalDraft | null {
  if (p.winningPrice === null || !p.winnerSupplierId) return null;
  const limit = toCents(p.fixedPrice);
  if (limit <= 0n) return null;
  const win = toCents(p.winningPrice);
  const percent = Math.round(MONITOR_RULES.nearLimitRatio * 100);
  if (win * 100n < limit * BigInt(percent)) return null;
  const ratio = ((Number(win) / Number(limit)) * 100).toFixed(2);
  return pkgDraft(
    p,
    'nearLimitPrice',
    `标包「${p.packageName}」中标价${p.winningPrice}元为限价${p.fixedPrice}元的${ratio}%`,
    p.awardedAt ?? p.stageEnteredAt,
  );
}

/**
 * 3. 同一供应商在同一部门反复中标: one supplier won at least repeatWinCount packages of one department within the
 * last repeatWinMonths months. One signal per department and supplier, dated at the latest award.
 */
export function repeatWinners(packages: readonly PackageFact[], now: Date): SignalDraft[] {
  const since = new Date(now);
  since.setMonth(since.getMonth() - MONITOR_RULES.repeatWinMonths);
  const groups = new Map<string, PackageFact[]>();
  for (const p of packages) {
    if (!p.winnerSupplierId || !p.awardedAt || p.awardedAt < since || p.awardedAt > now) continue;
    const key = `${p.sysOrgCode}\u0000${p.winnerSupplierId}`;
    const list = groups.get(key);
    if (list) list.push(p);
    else groups.set(key, [p]);
  }
  const out: SignalDraft[] = [];
  for (const list of groups.values()) {
    if (list.length < MONITOR_RULES.repeatWinCount) continue;
    const last = list.reduce((a, b) => ((b.awardedAt as Date) > (a.awardedAt as Date) ? b : a));
    const supplierId = last.winnerSupplierId as string;
    out.push({
      key: `repeatWinner:${last.sysOrgCode}:${supplierId}`,
      signalType: 'repeatWinner',
      targetType: 'supplier',
      targetId: supplierId,
      packageId: last.packageId,
      projectId: last.projectId,
      contractId: null,
      supplierId,
      sysOrgCode: last.sysOrgCode,
      stage: null,
      description: `供应商「${last.winnerName ?? supplierId}」${MONITOR_RULES.repeatWinMonths}个月内在同一部门中标${list.length}个标包`,
      occurredAt: last.awardedAt as Date,
    });
  }
  return out;
}

const normName = (v: string | null) => (v ?? '').replace(/\s+/g, '');
const normPhone = (v: string | null) => (v ?? '').replace(/\D+/g, '');

/** 4. 关联投标: bidders of one package sharing a legal representative or a contact phone. */
export function relatedBidders(bids: readonly BidFact[], packages: ReadonlyMap<string, PackageFact>): SignalDraft[] {
  const byPackage = new Map<string, BidFact[]>();
  for (const b of bids) {
    const list = byPackage.get(b.packageId);
    if (list) list.push(b);
    else byPackage.set(b.packageId, [b]);
  }
  const out: SignalDraft[] = [];
  for (const [packageId, list] of byPackage) {
    const p = packages.get(packageId);
    if (!p || list.length < 2) continue;
    const reasons: string[] = [];
    const suppliers = new Set<string>();
    const shared = (
      field: 'legalRepresentative' | 'contactPhone',
      norm: (v: string | null) => string,
      what: string,
    ) => {
      const seen = new Map<string, BidFact[]>();
      for (const b of list) {
        const v = norm(b[field]);
        if (!v) continue;
        seen.set(v, [...(seen.get(v) ?? []), b]);
      }
      for (const [, same] of seen) {
        if (same.length < 2) continue;
        for (const b of same) suppliers.add(b.supplierId);
        reasons.push(`${same.map((b) => b.supplierName).join('、')}${what}相同`);
      }
    };
    shared('legalRepresentative', normName, '法定代表人');
    shared('contactPhone', normPhone, '联系电话');
    if (!reasons.length) continue;
    const first = list.find((b) => suppliers.has(b.supplierId)) as BidFact;
    out.push(
      pkgDraft(
        p,
        'relatedBidders',
        `标包「${p.packageName}」投标人${reasons.join('；')}`,
        p.openedAt ?? p.stageEnteredAt,
        {
          supplierId: first.supplierId,
        },
      ),
    );
  }
  return out;
}

/** 5. 公示期不足: a result publicity set, or actually run, shorter than publicityMinDays. */
export function shortPublicity(p: PackageFact): SignalDraft | null {
  if (p.stage < 11 || !p.publicityStartedAt) return null;
  const min = MONITOR_RULES.publicityMinDays;
  const ran = p.publicityEndAt ? (p.publicityEndAt.getTime() - p.publicityStartedAt.getTime()) / DAY : null;
  if (p.publicityDays >= min && (ran === null || ran >= min - 1e-9)) return null;
  const days = ran === null ? p.publicityDays : Math.min(p.publicityDays, Math.round(ran * 10) / 10);
  return pkgDraft(p, 'shortPublicity', `标包「${p.packageName}」结果公示${days}天，少于${min}天`, p.publicityStartedAt);
}

/** 6. 中标后30天未签合同: awarded more than contractWithinDays days ago and no contract signed by both sides. */
export function unsignedContract(p: PackageFact, now: Date): SignalDraft | null {
  if (!p.winnerSupplierId || !p.awardedAt || p.electionStatus !== '1' || p.contractSignedAt) return null;
  const due = p.awardedAt.getTime() + MONITOR_RULES.contractWithinDays * DAY;
  if (now.getTime() <= due) return null;
  const days = Math.floor((now.getTime() - p.awardedAt.getTime()) / DAY);
  const text = `标包「${p.packageName}」定标已${days}天，${p.contractId ? '合同尚未签订' : '尚未起草合同'}`;
  return pkgDraft(p, 'unsignedContract', text, new Date(due), {
    ...(p.contractId ? { targetType: 'contract' as const, targetId: p.contractId } : {}),
  });
}

/** Stage norms: a package still in a stage past its norm (active packages; 已定标 has none). */
export function stageOverdue(p: PackageFact, now: Date): SignalDraft | null {
  if (p.status !== 'active' || p.stage >= 12) return null;
  const norm = STAGE_NORM_HOURS[p.stage as keyof typeof STAGE_NORM_HOURS];
  if (norm === undefined) return null;
  const due = p.stageEnteredAt.getTime() + norm * HOUR;
  if (now.getTime() <= due) return null;
  const over = Math.floor((now.getTime() - due) / HOUR);
  return pkgDraft(
    p,
    'stageOverdue',
    `标包「${p.packageName}」在当前阶段已超出标准时长${norm}小时${over}小时`,
    new Date(due),
    { key: `stageOverdue:${p.packageId}:${p.stage}`, stage: p.stage },
  );
}

/** Every rule over a tenant's facts. */
export function detectSignals(packages: readonly PackageFact[], bids: readonly BidFact[], now: Date): SignalDraft[] {
  const out: SignalDraft[] = [];
  for (const p of packages) {
    for (const rule of [singleBidder, nearLimitPrice, shortPublicity]) {
      const s = rule(p);
      if (s) out.push(s);
    }
    const unsigned = unsignedContract(p, now);
    if (unsigned) out.push(unsigned);
    const overdue = stageOverdue(p, now);
    if (overdue) out.push(overdue);
  }
  out.push(...repeatWinners(packages, now));
  out.push(...relatedBidders(bids, new Map(packages.map((p) => [p.packageId, p]))));
  return out;
}

export const severityOf = (type: MonitorSignalType) => MONITOR_SIGNAL_INFO[type].severity;
