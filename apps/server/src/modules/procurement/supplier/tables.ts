import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sysTenant, sysUser } from '../../platform/system/tables.ts';

/**
 * A supplier (供应商/投标人) of a tenant: the company that signs up and bids. The minimal record the procurement
 * path needs (issue 14); the supplier issue extends it (admission, qualification, blacklist). status: SUPPLIER_STATUS
 * ('1' 注册待审, '2' 准入, '3' 合格, '4' 暂停, '5' 黑名单, '6' 淘汰).
 */
export const supplier = pgTable(
  'supplier',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    name: text('name').notNull(),
    /** 统一社会信用代码. */
    creditCode: text('credit_code').notNull(),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    status: text('status').notNull().default('2'),
    delFlag: smallint('del_flag').notNull().default(0),
    createBy: text('create_by'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('supplier_credit_code_uq').on(t.tenantId, t.creditCode).where(sql`del_flag = 0`),
    index('supplier_name_idx').on(t.tenantId, t.name),
  ],
);

/** Which external users (userEnd 3) act for which supplier: one supplier per user in a tenant. */
export const supplierUser = pgTable(
  'supplier_user',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => supplier.id, { onDelete: 'cascade' }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId] }), index('supplier_user_supplier_idx').on(t.supplierId)],
);
