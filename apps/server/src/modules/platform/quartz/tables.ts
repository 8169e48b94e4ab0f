import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sysTenant } from '../system/tables.ts';

/** Scheduled jobs (platform-wide). job_class_name names a registered handler; status 0 running, -1 paused. */
export const sysQuartzJob = pgTable('sys_quartz_job', {
  id: uuid('id').primaryKey().defaultRandom(),
  jobClassName: text('job_class_name').notNull(),
  cronExpression: text('cron_expression').notNull(),
  parameter: text('parameter'),
  description: text('description'),
  status: smallint('status').notNull().default(0),
  createBy: text('create_by'),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per run. For cron runs the row is also the claim: (job_id, fire_time) is unique, so when several
 * server instances reach the same fire time only the one whose insert succeeds runs the job.
 */
export const sysQuartzJobLog = pgTable(
  'sys_quartz_job_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => sysQuartzJob.id, { onDelete: 'cascade' }),
    jobClassName: text('job_class_name').notNull(),
    /** 'cron' or 'manual' (执行一次). */
    trigger: text('trigger').notNull(),
    fireTime: timestamp('fire_time', { withTimezone: true, precision: 3 }).notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull().defaultNow(),
    endTime: timestamp('end_time', { withTimezone: true }),
    durationMs: integer('duration_ms'),
    success: boolean('success'),
    message: text('message'),
    instance: text('instance'),
  },
  (t) => [
    uniqueIndex('sys_quartz_job_log_fire_uq').on(t.jobId, t.fireTime, t.trigger),
    index('sys_quartz_job_log_time_idx').on(t.startTime.desc().nullsFirst()),
  ],
);

/** The nightly roll-up: purchase records created per tenant, day and stage (written by the purchaseStats job). */
export const statPurchaseDaily = pgTable(
  'stat_purchase_daily',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    statDate: date('stat_date').notNull(),
    purchaseStage: smallint('purchase_stage').notNull(),
    recordCount: integer('record_count').notNull(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'stat_purchase_daily_pk', columns: [t.tenantId, t.statDate, t.purchaseStage] })],
);
