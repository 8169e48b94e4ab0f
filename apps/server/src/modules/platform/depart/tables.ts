import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sysDepart, sysPermission, sysTenant, sysUser } from '../system/tables.ts';

/**
 * The menus and buttons a department may hand out to its department roles (its ceiling). Granting a
 * department a permission gives nobody anything by itself: users get it through a department role.
 */
export const sysDepartPermission = pgTable(
  'sys_depart_permission',
  {
    departId: uuid('depart_id')
      .notNull()
      .references(() => sysDepart.id, { onDelete: 'cascade' }),
    permissionId: uuid('permission_id')
      .notNull()
      .references(() => sysPermission.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.departId, t.permissionId] })],
);

/** A role defined by and valid inside one department (e.g. 项目负责人 of one project). */
export const sysDepartRole = pgTable(
  'sys_depart_role',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    departId: uuid('depart_id')
      .notNull()
      .references(() => sysDepart.id, { onDelete: 'cascade' }),
    roleName: text('role_name').notNull(),
    roleCode: text('role_code').notNull(),
    description: text('description'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sys_depart_role_code_uq').on(t.departId, t.roleCode)],
);

/** Permissions of a department role: always a subset of its department's sys_depart_permission. */
export const sysDepartRolePermission = pgTable(
  'sys_depart_role_permission',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => sysDepartRole.id, { onDelete: 'cascade' }),
    permissionId: uuid('permission_id')
      .notNull()
      .references(() => sysPermission.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

/** Users holding a department role; effective only while they still belong to that department. */
export const sysDepartRoleUser = pgTable(
  'sys_depart_role_user',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => sysDepartRole.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('sys_depart_role_user_role_idx').on(t.roleId)],
);
