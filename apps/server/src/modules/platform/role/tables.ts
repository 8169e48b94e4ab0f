import { index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { sysPermissionDataRule } from '../permission/tables.ts';
import { sysRole } from '../system/tables.ts';

/** The data rules a role applies (per menu, through the rule's permission_id). */
export const sysRoleDataRule = pgTable(
  'sys_role_data_rule',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => sysRole.id, { onDelete: 'cascade' }),
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => sysPermissionDataRule.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.ruleId] }), index('sys_role_data_rule_rule_idx').on(t.ruleId)],
);
