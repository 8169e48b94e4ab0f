import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sysTenant, sysUser } from '../../platform/system/tables.ts';

/**
 * The expert pool (专家库, issue 15 §1): one profile per expert user (userEnd 2) and tenant. The draw reads it
 * (status 'normal', a speciality among the package's, no avoidance against a bidder); a committee member keeps a
 * reference to the profile, so a profile is soft-deleted (del_flag) and never removed while it has tasks.
 * status: EXPERT_STATUS ('normal' 正常, 'suspended' 暂停; the codes of review-draw.ts).
 */
export const expertProfile = pgTable(
  'expert_profile',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => sysUser.id),
    /** Category codes of the tenant's category tree (sys_category.code): leaf or root codes. */
    specialities: text('specialities').array().notNull().default(sql`'{}'::text[]`),
    region: text('region'),
    /** 职称. */
    title: text('title'),
    /** 工作单位: an expert employed by a bidder's company is left out of that package's draw. */
    employer: text('employer'),
    /** Declared avoidances: supplier records of the tenant … */
    avoidSupplierIds: uuid('avoid_supplier_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** … and company names that are not (yet) suppliers; compared with the bidders' names. */
    avoidCompanies: text('avoid_companies').array().notNull().default(sql`'{}'::text[]`),
    status: text('status').notNull().default('normal'),
    remarks: text('remarks'),
    delFlag: smallint('del_flag').notNull().default(0),
    createBy: text('create_by'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateBy: text('update_by'),
    updateTime: timestamp('update_time', { withTimezone: true }),
  },
  (t) => [
    // One profile per user and tenant (a deleted one is revived, not duplicated: the unique index is total).
    uniqueIndex('expert_profile_user_uq').on(t.tenantId, t.userId),
    // The draw: the tenant's normal, live experts …
    index('expert_profile_draw_idx').on(t.tenantId, t.status).where(sql`del_flag = 0`),
    // … having any of the package's specialities (specialities && $1).
    index('expert_profile_speciality_idx').using('gin', t.specialities),
    index('expert_profile_time_idx').on(t.tenantId, t.createTime.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('expert_profile_status_ck', sql`status IN ('normal', 'suspended')`),
  ],
);
