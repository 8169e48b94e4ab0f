import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
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

const createTime = () => timestamp('create_time', { withTimezone: true }).notNull().defaultNow();
const updateTime = () => timestamp('update_time', { withTimezone: true });

/** A tenant is a group company (§1). Numeric ids travel in the tenant-id header. */
export const sysTenant = pgTable('sys_tenant', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  status: smallint('status').notNull().default(1),
  createTime: createTime(),
});

/** Department tree: group (1) → branch companies (2) → projects (3). orgCode is hierarchical (A01A02…). */
export const sysDepart = pgTable(
  'sys_depart',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    parentId: uuid('parent_id'),
    departName: text('depart_name').notNull(),
    departNameAbbr: text('depart_name_abbr'),
    orgCode: text('org_code').notNull(),
    orgCategory: text('org_category').notNull().default('3'),
    departOrder: integer('depart_order').notNull().default(0),
    /** 负责人 (JeecgBoot directorUserIds): the users who lead the department; the workflow's dept_leader assignee. */
    directorUserIds: uuid('director_user_ids').array().notNull().default(sql`'{}'::uuid[]`),
    delFlag: smallint('del_flag').notNull().default(0),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    uniqueIndex('sys_depart_org_code_uq').on(t.orgCode),
    index('sys_depart_tenant_idx').on(t.tenantId, t.parentId),
  ],
);

export const sysUser = pgTable(
  'sys_user',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    realname: text('realname').notNull(),
    passwordHash: text('password_hash').notNull(),
    phone: text('phone'),
    email: text('email'),
    sex: smallint('sex'),
    birthday: date('birthday'),
    avatar: text('avatar'),
    userType: text('user_type').notNull().default('1'),
    /** Comma-joined list of user-end values (§1). */
    userEnd: text('user_end').notNull().default('1'),
    status: smallint('status').notNull().default(1),
    delFlag: smallint('del_flag').notNull().default(0),
    /** The department the user currently works in (switchable when they have several). */
    orgCode: text('org_code'),
    post: text('post'),
    loginFailCount: integer('login_fail_count').notNull().default(0),
    loginFailSince: timestamp('login_fail_since', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The tenant the user last chose (issue 18 §2): sign-in starts there; null until a user of several chooses. */
    loginTenantId: integer('login_tenant_id'),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    uniqueIndex('sys_user_username_uq').on(t.username),
    uniqueIndex('sys_user_phone_uq').on(t.phone).where(sql`phone is not null`),
  ],
);

export const sysUserTenant = pgTable(
  'sys_user_tenant',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tenantId] })],
);

export const sysUserDepart = pgTable(
  'sys_user_depart',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    depId: uuid('dep_id')
      .notNull()
      .references(() => sysDepart.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.depId] }), index('sys_user_depart_dep_idx').on(t.depId)],
);

/** dataScope: '1' all, '2' own department and children, '3' own department only. */
export const sysRole = pgTable(
  'sys_role',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    roleName: text('role_name').notNull(),
    roleCode: text('role_code').notNull(),
    description: text('description'),
    dataScope: text('data_scope').notNull().default('3'),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [uniqueIndex('sys_role_code_uq').on(t.tenantId, t.roleCode)],
);

export const sysUserRole = pgTable(
  'sys_user_role',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => sysRole.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('sys_user_role_role_idx').on(t.roleId)],
);

/**
 * Menus and buttons, one tree for the platform. menuType: 0 top-level menu, 1 sub-menu, 2 button.
 * A button carries its permission code in `perms`.
 */
export const sysPermission = pgTable(
  'sys_permission',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    url: text('url'),
    component: text('component'),
    componentName: text('component_name'),
    redirect: text('redirect'),
    menuType: smallint('menu_type').notNull(),
    perms: text('perms'),
    /** '1' the button is shown when granted; '2' it is shown disabled when not granted. */
    permsType: text('perms_type').notNull().default('1'),
    sortNo: doublePrecision('sort_no').notNull().default(0),
    alwaysShow: boolean('always_show').notNull().default(false),
    icon: text('icon'),
    isRoute: boolean('is_route').notNull().default(true),
    isLeaf: boolean('is_leaf').notNull().default(true),
    keepAlive: boolean('keep_alive').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    internalOrExternal: boolean('internal_or_external').notNull().default(false),
    status: text('status').notNull().default('1'),
    delFlag: smallint('del_flag').notNull().default(0),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    index('sys_permission_parent_idx').on(t.parentId, t.sortNo),
    uniqueIndex('sys_permission_url_uq').on(t.url).where(sql`menu_type <> 2 and del_flag = 0`),
  ],
);

export const sysRolePermission = pgTable(
  'sys_role_permission',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => sysRole.id, { onDelete: 'cascade' }),
    permissionId: uuid('permission_id')
      .notNull()
      .references(() => sysPermission.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const sysDict = pgTable(
  'sys_dict',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dictName: text('dict_name').notNull(),
    dictCode: text('dict_code').notNull(),
    description: text('description'),
    delFlag: smallint('del_flag').notNull().default(0),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [uniqueIndex('sys_dict_code_uq').on(t.dictCode)],
);

export const sysDictItem = pgTable(
  'sys_dict_item',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dictId: uuid('dict_id')
      .notNull()
      .references(() => sysDict.id, { onDelete: 'cascade' }),
    itemText: text('item_text').notNull(),
    itemValue: text('item_value').notNull(),
    itemColor: text('item_color'),
    description: text('description'),
    sortOrder: integer('sort_order').notNull().default(0),
    status: smallint('status').notNull().default(1),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [uniqueIndex('sys_dict_item_value_uq').on(t.dictId, t.itemValue)],
);
