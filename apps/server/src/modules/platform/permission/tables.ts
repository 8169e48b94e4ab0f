import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sysPermission } from '../system/tables.ts';

/**
 * A data rule of a menu: "rows where <column> <condition> <value>". The column is a field name from
 * the menu's allow-list (permission/data-rule.ts), the value a literal or #{sys_user_code} / #{sys_org_code}.
 * Rules are chosen per role (sys_role_data_rule) and narrow that role's rows of the menu's list.
 */
export const sysPermissionDataRule = pgTable(
  'sys_permission_data_rule',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    permissionId: uuid('permission_id')
      .notNull()
      .references(() => sysPermission.id, { onDelete: 'cascade' }),
    ruleName: text('rule_name').notNull(),
    ruleColumn: text('rule_column').notNull(),
    ruleConditions: text('rule_conditions').notNull(),
    ruleValue: text('rule_value').notNull(),
    /** '1' active, '0' inactive. */
    status: text('status').notNull().default('1'),
    createBy: text('create_by'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true }),
  },
  (t) => [index('sys_permission_data_rule_perm_idx').on(t.permissionId)],
);
