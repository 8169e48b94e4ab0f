import type { CheckRuleItem } from '@aps/shared';
import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Fill rules (填值规则, platform-wide): a pattern such as CG-${yyyyMMdd}-${seq:4} and when its sequence restarts. */
export const sysFillRule = pgTable(
  'sys_fill_rule',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ruleCode: text('rule_code').notNull(),
    ruleName: text('rule_name').notNull(),
    pattern: text('pattern').notNull(),
    resetPeriod: text('reset_period').notNull().default('daily'),
    description: text('description'),
    createBy: text('create_by'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sys_fill_rule_code_uq').on(t.ruleCode)],
);

/**
 * The sequence of a fill rule per tenant and period (e.g. one day). One upsert statement increments it and
 * returns the new value, so parallel requests each get their own number.
 */
export const sysFillRuleSeq = pgTable(
  'sys_fill_rule_seq',
  {
    ruleCode: text('rule_code').notNull(),
    tenantId: integer('tenant_id').notNull(),
    period: text('period').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'sys_fill_rule_seq_pk', columns: [t.ruleCode, t.tenantId, t.period] })],
);

/** Check rules (校验规则, platform-wide): a value is checked segment by segment against rule_json. */
export const sysCheckRule = pgTable(
  'sys_check_rule',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ruleCode: text('rule_code').notNull(),
    ruleName: text('rule_name').notNull(),
    ruleJson: jsonb('rule_json').$type<CheckRuleItem[]>().notNull(),
    description: text('description'),
    createBy: text('create_by'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sys_check_rule_code_uq').on(t.ruleCode)],
);
