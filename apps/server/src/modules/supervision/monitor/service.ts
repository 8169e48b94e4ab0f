import {
  formatDateTime,
  MONITOR_SEVERITIES,
  MONITOR_SIGNAL_INFO,
  MONITOR_SIGNAL_TYPES,
  type MonitorDashboard,
  type MonitorSeverity,
  type MonitorSignalDto,
  type MonitorSignalExportQuery,
  type MonitorSignalListQuery,
  type MonitorSignalType,
  type MonitorSortColumn,
  type MonitorTargetType,
  type PageResult,
  STAGE_NORM_HOURS,
  stageName,
} from '@aps/shared';
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { cachedOrLoad, snapshotVersions } from '../../../core/list-cache.ts';
import { fetchPage } from '../../../core/paging.ts';
import { escapeLike } from '../../../core/super-query.ts';
import type { Db } from '../../../db/client.ts';
import type { ListExport } from '../../platform/excel/export.ts';
import { scopeFilter, scopeValues } from '../../platform/permission/data-scope.ts';
import { sysDepart } from '../../platform/system/tables.ts';
import type { PlanActor } from '../../procurement/plan/service.ts';
import { purchasePackage } from '../../procurement/project/tables.ts';
import { MONITOR_SOURCE_TABLES, type RefreshResult, refreshTenant } from './refresh.ts';
import { supervisionRefresh, supervisionSignal, supervisionStageStat } from './tables.ts';

export type MonitorActor = Pick<PlanActor, 'tenantId' | 'scope'>;

export interface MonitorService {
  dashboard(actor: MonitorActor): Promise<MonitorDashboard>;
  list(actor: MonitorActor, q: MonitorSignalListQuery): Promise<PageResult<MonitorSignalDto>>;
  exportList(actor: MonitorActor, q: MonitorSignalExportQuery): ListExport<MonitorSignalDto>;
  /** Recomputes a tenant's signals now (the quartz job, tests, the bench's preparation). */
  refresh(tenantId: number): Promise<RefreshResult>;
}

/**
 * How fresh the signals are: a read after any write to a source table (MONITOR_SOURCE_TABLES, seen through the
 * list cache's table versions: this process's writes and every other's via aps_table_changed) waits for one
 * refresh shared by all readers; time alone (an award turning 30 days old) is re-evaluated in the background
 * once the last refresh is older than MAX_AGE_MS, the stale rows answering meanwhile.
 */
export const MONITOR_MAX_AGE_MS = 10 * 60_000;
/**
 * A tenant whose last refresh took longer than this (a hundred thousand packages: tens of seconds) is not made to
 * wait after a change: its current rows answer while the refresh runs, so they are behind by one refresh at most.
 */
export const MONITOR_WAIT_LIMIT_MS = 2_000;
const OVERDUE_SHOWN = 10;
const RESULT_TABLES = ['supervision_signal', 'supervision_stage_stat', 'supervision_refresh', 'purchase_package'];
/** What a page of the signals list reads: the signals, then the names of their packages and departments. */
const LIST_TABLES = ['supervision_signal', 'purchase_package', 'sys_depart'];

const s = supervisionSignal;
const SORT: Record<MonitorSortColumn, PgColumn> = {
  detectedAt: s.detectedAt,
  occurredAt: s.occurredAt,
  severity: s.severityRank,
  signalType: s.signalType,
};
const SEVERITY_OF_RANK: Record<number, MonitorSeverity> = { 1: 'high', 2: 'medium', 3: 'low' };

type Snapshot = ReturnType<typeof snapshotVersions>;
const sameVersions = (a: Snapshot, b: Snapshot) =>
  a.generation === b.generation && a.versions.every((v, i) => v === b.versions[i]);

export function createMonitorService({ db, now = () => new Date() }: { db: Db; now?: () => Date }): MonitorService {
  const fresh = new Map<number, { seen: Snapshot; at: number; millis: number }>();
  const running = new Map<number, { seen: Snapshot; promise: Promise<RefreshResult> }>();

  function startRefresh(tenantId: number, seen: Snapshot): Promise<RefreshResult> {
    const before = running.get(tenantId)?.promise.catch(() => undefined) ?? Promise.resolve();
    const promise = before
      .then(() => refreshTenant(db, tenantId, now()))
      .then((result) => {
        fresh.set(tenantId, { seen, at: Date.now(), millis: result.millis });
        return result;
      })
      .finally(() => {
        if (running.get(tenantId)?.promise === promise) running.delete(tenantId);
      });
    running.set(tenantId, { seen, promise });
    return promise;
  }

  async function ensureFresh(tenantId: number): Promise<void> {
    const seen = snapshotVersions(MONITOR_SOURCE_TABLES);
    const last = fresh.get(tenantId);
    const job = running.get(tenantId);
    if (last && sameVersions(last.seen, seen)) {
      // Unchanged: only time-based findings may be behind; refreshed in the background.
      if (Date.now() - last.at > MONITOR_MAX_AGE_MS && !job) startRefresh(tenantId, seen).catch(() => undefined);
      return;
    }
    if (job && sameVersions(job.seen, seen)) {
      if (last && last.millis > MONITOR_WAIT_LIMIT_MS) return;
      await job.promise;
      return;
    }
    const started = startRefresh(tenantId, seen);
    if (last && last.millis > MONITOR_WAIT_LIMIT_MS) {
      started.catch(() => undefined);
      return;
    }
    await started;
  }

  function where(actor: MonitorActor, q: Omit<MonitorSignalExportQuery, 'column' | 'order' | '_t'>): SQL | undefined {
    const end = q.dateEnd ? new Date(`${q.dateEnd}T00:00:00`) : undefined;
    if (end) end.setDate(end.getDate() + 1);
    return and(
      eq(s.tenantId, actor.tenantId),
      scopeFilter(actor.scope, s.sysOrgCode),
      q.signalType ? eq(s.signalType, q.signalType) : undefined,
      q.sysOrgCode ? sql`${s.sysOrgCode} LIKE ${`${escapeLike(q.sysOrgCode)}%`}` : undefined,
      q.dateBegin ? gte(s.occurredAt, new Date(`${q.dateBegin}T00:00:00`)) : undefined,
      end ? lt(s.occurredAt, end) : undefined,
    );
  }

  /**
   * The page's signals first (an index walk of supervision_signal), then the names of just those packages and
   * departments: joined before the LIMIT, the planner hashes every package of the tenant for ten rows.
   */
  function rows(filter: SQL | undefined, q: { column?: MonitorSortColumn; order?: 'asc' | 'desc' }) {
    const dir = q.order === 'asc' ? asc : desc;
    const sort = SORT[q.column ?? 'occurredAt'];
    return async (offset: number, limit: number, after?: SQL) => {
      const page = await db
        .select()
        .from(s)
        .where(and(filter, after))
        .orderBy(dir(sort), dir(s.id))
        .limit(limit)
        .offset(offset);
      const packageIds = [...new Set(page.map((r) => r.packageId).filter((id): id is string => id !== null))];
      const orgCodes = [...new Set(page.map((r) => r.sysOrgCode))];
      const tenantId = page[0]?.tenantId;
      const [packages, departs] = await Promise.all([
        packageIds.length
          ? db
              .select({ id: purchasePackage.id, name: purchasePackage.packageName })
              .from(purchasePackage)
              .where(inArray(purchasePackage.id, packageIds))
          : [],
        orgCodes.length && tenantId !== undefined
          ? db
              .select({ code: sysDepart.orgCode, name: sysDepart.departName })
              .from(sysDepart)
              .where(and(eq(sysDepart.tenantId, tenantId), inArray(sysDepart.orgCode, orgCodes)))
              .orderBy(asc(sysDepart.departName))
          : [],
      ]);
      const packageName = new Map(packages.map((p) => [p.id, p.name]));
      const departName = new Map<string, string>();
      for (const d of departs) if (d.code && !departName.has(d.code)) departName.set(d.code, d.name);
      return page.map((r) => ({
        s: r,
        packageName: r.packageId ? (packageName.get(r.packageId) ?? null) : null,
        departName: departName.get(r.sysOrgCode) ?? null,
      }));
    };
  }

  function toDto(r: { s: typeof s.$inferSelect; packageName: string | null; departName: string | null }) {
    const type = r.s.signalType as MonitorSignalType;
    const severity = SEVERITY_OF_RANK[r.s.severityRank] ?? 'low';
    return {
      id: r.s.id,
      signalType: type,
      signalTypeName: MONITOR_SIGNAL_INFO[type]?.label ?? type,
      severity,
      severityName: MONITOR_SEVERITIES[severity],
      description: r.s.description,
      targetType: r.s.targetType as MonitorTargetType,
      targetId: r.s.targetId,
      packageId: r.s.packageId,
      projectId: r.s.projectId,
      contractId: r.s.contractId,
      supplierId: r.s.supplierId,
      packageName: r.packageName,
      sysOrgCode: r.s.sysOrgCode,
      departName: r.departName,
      occurredAt: formatDateTime(r.s.occurredAt) ?? '',
      detectedAt: formatDateTime(r.s.detectedAt) ?? '',
    } satisfies MonitorSignalDto;
  }

  async function loadDashboard(actor: MonitorActor, at: Date): Promise<MonitorDashboard> {
    const scoped = and(eq(s.tenantId, actor.tenantId), scopeFilter(actor.scope, s.sysOrgCode));
    const start = new Date(at.getFullYear(), at.getMonth() - 11, 1);
    const month = sql<string>`to_char(date_trunc('month', ${s.occurredAt}), 'YYYY-MM')`;
    const st = supervisionStageStat;
    const [counts, months, stats, overdue, refreshed] = await Promise.all([
      db
        .select({ type: s.signalType, stage: s.stage, n: count() })
        .from(s)
        .where(scoped)
        .groupBy(s.signalType, s.stage),
      db
        .select({ month, type: s.signalType, n: count() })
        .from(s)
        .where(and(scoped, gte(s.occurredAt, start)))
        .groupBy(month, s.signalType),
      db
        .select({
          stage: st.stage,
          completed: sql<number>`sum(${st.completed})::int`.mapWith(Number),
          hours: sql<string>`sum(${st.totalHours})::text`,
        })
        .from(st)
        .where(and(eq(st.tenantId, actor.tenantId), scopeFilter(actor.scope, st.sysOrgCode)))
        .groupBy(st.stage),
      db
        .select({
          packageId: s.packageId,
          packageName: purchasePackage.packageName,
          stage: s.stage,
          sysOrgCode: s.sysOrgCode,
          occurredAt: s.occurredAt,
        })
        .from(s)
        .leftJoin(purchasePackage, eq(purchasePackage.id, s.packageId))
        .where(and(scoped, eq(s.signalType, 'stageOverdue')))
        .orderBy(asc(s.occurredAt), asc(s.id))
        .limit(OVERDUE_SHOWN),
      db
        .select({ at: supervisionRefresh.refreshedAt })
        .from(supervisionRefresh)
        .where(eq(supervisionRefresh.tenantId, actor.tenantId)),
    ]);
    const perType = new Map<string, number>();
    const overdueByStage = new Map<number, number>();
    for (const r of counts) {
      perType.set(r.type, (perType.get(r.type) ?? 0) + r.n);
      if (r.type === 'stageOverdue' && r.stage !== null) overdueByStage.set(r.stage, r.n);
    }
    const monthKeys = Array.from({ length: 12 }, (_, i) => {
      const d = new Date(start.getFullYear(), start.getMonth() + i, 1);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
    });
    const zero = () => Object.fromEntries(MONITOR_SIGNAL_TYPES.map((t) => [t, 0])) as Record<MonitorSignalType, number>;
    const byMonth = new Map(monthKeys.map((m) => [m, zero()]));
    for (const r of months) {
      const slot = byMonth.get(r.month);
      if (slot && r.type in slot) slot[r.type as MonitorSignalType] = r.n;
    }
    const statOf = new Map(stats.map((r) => [r.stage, r]));
    const hour = 3_600_000;
    return {
      counts: MONITOR_SIGNAL_TYPES.map((t) => ({
        signalType: t,
        name: MONITOR_SIGNAL_INFO[t].label,
        severity: MONITOR_SIGNAL_INFO[t].severity,
        count: perType.get(t) ?? 0,
      })),
      total: [...perType.values()].reduce((a, b) => a + b, 0),
      byMonth: monthKeys.map((m) => ({ month: m, counts: byMonth.get(m) ?? zero() })),
      stageDurations: Object.entries(STAGE_NORM_HOURS).map(([key, normHours]) => {
        const stage = Number(key);
        const stat = statOf.get(stage);
        return {
          stage,
          name: stageName(stage),
          normHours,
          completed: stat?.completed ?? 0,
          averageHours: stat?.completed ? Math.round((Number(stat.hours) / stat.completed) * 10) / 10 : null,
          overdueNow: overdueByStage.get(stage) ?? 0,
        };
      }),
      overdue: overdue.map((r) => {
        const stage = r.stage ?? 0;
        const norm = STAGE_NORM_HOURS[stage as keyof typeof STAGE_NORM_HOURS] ?? 0;
        return {
          packageId: r.packageId ?? '',
          packageName: r.packageName,
          stage,
          stageName: stageName(stage),
          sysOrgCode: r.sysOrgCode,
          enteredAt: formatDateTime(new Date(r.occurredAt.getTime() - norm * hour)) ?? '',
          hoursOver: Math.floor((at.getTime() - r.occurredAt.getTime()) / hour),
        };
      }),
      refreshedAt: formatDateTime(refreshed[0]?.at ?? null),
    };
  }

  return {
    refresh: (tenantId) => startRefresh(tenantId, snapshotVersions(MONITOR_SOURCE_TABLES)),

    async dashboard(actor) {
      await ensureFresh(actor.tenantId);
      const at = now();
      // Hours over are to the hour: one load per scope and hour while the signals are unchanged.
      const key = `monitor:dashboard\u0000${JSON.stringify([actor.tenantId, actor.scope])}\u0000${Math.floor(at.getTime() / 3_600_000)}`;
      return cachedOrLoad(key, RESULT_TABLES, () => loadDashboard(actor, at));
    },

    async list(actor, q) {
      await ensureFresh(actor.tenantId);
      const filter = where(actor, q);
      const column = q.column ?? 'occurredAt';
      const order = q.order === 'asc' ? 'asc' : 'desc';
      return fetchPage(q, db.select({ n: count() }).from(s).where(filter), rows(filter, q), toDto, {
        keyset: { table: s, sort: SORT[column], id: s.id, order },
        // A page asked again (every supervisor opening 监控中心 reads page 1) costs no query until the signals, a
        // package name or a department change. The key holds everything `where` and the order read.
        rowsCache: {
          key: `supervision_signal${JSON.stringify([
            actor.tenantId,
            actor.scope.kind,
            scopeValues(actor.scope),
            q.signalType,
            q.sysOrgCode,
            q.dateBegin,
            q.dateEnd,
            column,
            order,
            q.pageNo,
            q.pageSize,
            q.cursor ?? null,
          ])}`,
          tables: LIST_TABLES,
        },
      });
    },

    exportList(actor, q) {
      const filter = where(actor, q);
      const read = rows(filter, q);
      let ready: Promise<void> | undefined;
      return {
        sheetName: '风险信号',
        columns: [
          { header: '风险类型', width: 26, value: (r) => r.signalTypeName },
          { header: '严重程度', width: 10, value: (r) => r.severityName },
          { header: '说明', width: 60, value: (r) => r.description, wrap: true },
          { header: '标包', width: 30, value: (r) => r.packageName },
          { header: '部门', width: 20, value: (r) => r.departName ?? r.sysOrgCode },
          { header: '发生时间', width: 20, value: (r) => r.occurredAt },
          { header: '发现时间', width: 20, value: (r) => r.detectedAt },
        ],
        async page(offset, limit) {
          ready ??= ensureFresh(actor.tenantId);
          await ready;
          return (await read(offset, limit)).map(toDto);
        },
      };
    },
  };
}
