import { index, integer, numeric, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sysTenant } from '../../platform/system/tables.ts';

/**
 * 监控中心's materialised risk signals (issue 17 §1): written only by the monitor's refresh (refresh.ts), which
 * runs the shared rules over the tenant's facts. `signal_key` names the finding (type + package, or department +
 * supplier), so a signal that keeps firing keeps its `detected_at`; one that stops firing is deleted.
 */
export const supervisionSignal = pgTable(
  'supervision_signal',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    signalKey: text('signal_key').notNull(),
    signalType: text('signal_type').notNull(),
    /** 1 high, 2 medium, 3 low: sorts high first. */
    severityRank: smallint('severity_rank').notNull(),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    packageId: uuid('package_id'),
    projectId: uuid('project_id'),
    contractId: uuid('contract_id'),
    supplierId: uuid('supplier_id'),
    sysOrgCode: text('sys_org_code').notNull(),
    /** The stage an overdue-stage signal is about. */
    stage: smallint('stage'),
    description: text('description').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull().defaultNow(),
    /** The refresh run that last wrote it (a refresh writes only the findings that changed). */
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('supervision_signal_key_uq').on(t.tenantId, t.signalKey),
    // The list's sort orders, each with the id as its tie-break (fetchPage's keyset pages on (sort, id)). Ascending
    // on purpose: a backward scan is exactly ORDER BY x DESC, id DESC (NULLS FIRST); an index declared DESC is
    // NULLS LAST and matches neither direction, so the planner sorted all 111k rows for each page (EXPLAIN).
    index('supervision_signal_tenant_detected_idx').on(t.tenantId, t.detectedAt, t.id),
    index('supervision_signal_tenant_severity_idx').on(t.tenantId, t.severityRank, t.id),
    index('supervision_signal_tenant_type_sort_idx').on(t.tenantId, t.signalType, t.id),
    index('supervision_signal_tenant_type_idx').on(
      t.tenantId,
      t.signalType,
      t.occurredAt,
      t.sysOrgCode.op('text_pattern_ops'),
    ),
    index('supervision_signal_tenant_occurred_idx').on(t.tenantId, t.occurredAt, t.id),
    index('supervision_signal_org_idx').on(t.tenantId, t.sysOrgCode.op('text_pattern_ops')),
  ],
);

/**
 * Completed stage stays per department and stage (from purchase_package_history), recomputed by the same refresh:
 * the dashboard's "stage durations vs norms" adds these up within the caller's data scope.
 */
export const supervisionStageStat = pgTable(
  'supervision_stage_stat',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    sysOrgCode: text('sys_org_code').notNull(),
    stage: smallint('stage').notNull(),
    completed: integer('completed').notNull(),
    totalHours: numeric('total_hours', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [uniqueIndex('supervision_stage_stat_uq').on(t.tenantId, t.sysOrgCode, t.stage)],
);

/** The last refresh per tenant (what the dashboard shows as 更新时间; other instances read it too). */
export const supervisionRefresh = pgTable('supervision_refresh', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => sysTenant.id),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
  signals: integer('signals').notNull(),
  millis: integer('millis').notNull(),
});
