import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sysTenant } from '../system/tables.ts';

/**
 * An online report (§3 "Online report config"): an administrator's SELECT over the business tables. The SQL
 * names its parameters as `${name}` (declared in onl_cgreport_param, or the system's `${sys_tenant_id}`,
 * `${sys_user_code}`, `${sys_org_code}`); they become bound parameters, never text. It runs in a READ ONLY
 * transaction with a statement timeout. `org_code_field`: the output column holding the row's department
 * code, filtered by the user's data scope (null: the report has no department-owned rows).
 */
export const onlCgreportHead = pgTable(
  'onl_cgreport_head',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    cgrSql: text('cgr_sql').notNull(),
    orgCodeField: text('org_code_field'),
    content: text('content'),
    delState: smallint('del_state').notNull().default(0),
    createBy: text('create_by'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateBy: text('update_by'),
    updateTime: timestamp('update_time', { withTimezone: true }),
  },
  (t) => [uniqueIndex('onl_cgreport_head_code_uq').on(t.tenantId, t.code).where(sql`del_state = 0`)],
);

/**
 * A declared column of a report: the only output columns a client sees, filters on or sorts by.
 * field_type: String, Integer, Number, Date, Datetime. search_mode: single or group (a range).
 * search_hidden: the query item shows only when the form is expanded (§3 hidden flag '1').
 */
export const onlCgreportItem = pgTable(
  'onl_cgreport_item',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    headId: uuid('head_id')
      .notNull()
      .references(() => onlCgreportHead.id, { onDelete: 'cascade' }),
    fieldName: text('field_name').notNull(),
    fieldTxt: text('field_txt').notNull(),
    fieldType: text('field_type').notNull().default('String'),
    fieldWidth: integer('field_width'),
    isShow: boolean('is_show').notNull().default(true),
    isOrder: boolean('is_order').notNull().default(false),
    isSearch: boolean('is_search').notNull().default(false),
    searchMode: text('search_mode').notNull().default('single'),
    searchHidden: boolean('search_hidden').notNull().default(false),
    dictCode: text('dict_code'),
    orderNum: integer('order_num').notNull().default(0),
  },
  (t) => [
    uniqueIndex('onl_cgreport_item_field_uq').on(t.headId, t.fieldName),
    index('onl_cgreport_item_tenant_idx').on(t.tenantId),
  ],
);

/** A named parameter of a report's SQL (`${param_name}`), sent by the client as `self_<param_name>`. */
export const onlCgreportParam = pgTable(
  'onl_cgreport_param',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    headId: uuid('head_id')
      .notNull()
      .references(() => onlCgreportHead.id, { onDelete: 'cascade' }),
    paramName: text('param_name').notNull(),
    paramTxt: text('param_txt').notNull(),
    /** String, Number or Date: the query widget and the check on the value. */
    paramType: text('param_type').notNull().default('String'),
    paramValue: text('param_value'),
    orderNum: integer('order_num').notNull().default(0),
  },
  (t) => [
    uniqueIndex('onl_cgreport_param_name_uq').on(t.headId, t.paramName),
    index('onl_cgreport_param_tenant_idx').on(t.tenantId),
  ],
);
