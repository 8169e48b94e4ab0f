import type { Timetable } from '@aps/shared';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sysTenant } from '../../platform/system/tables.ts';
import { purchasePackage } from '../project/tables.ts';

/** An attachment of a notice: a file of the tenant uploaded through /sys/common/upload. */
export interface NoticeAttachment {
  fileId: string;
  filePath: string;
  fileName: string;
  fileSize: number;
}

/**
 * A procurement notice of one package (issue 14 §4): 采购公告, 变更公告, 结果公示, 流标公告, 终止公告
 * (noticeType: purchase, change, result, failed, terminate). status: '0' draft, '1' published, '2' revoked.
 * The body is sanitised HTML. sys_org_code is the package's department (data scope of the staff list).
 */
export const purchaseNotice = pgTable(
  'purchase_notice',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    packageId: uuid('package_id')
      .notNull()
      .references(() => purchasePackage.id),
    sysOrgCode: text('sys_org_code').notNull(),
    noticeType: text('notice_type').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    attachments: jsonb('attachments').$type<NoticeAttachment[]>().notNull().default([]),
    /** 变更公告: the new timetable (YYYY-MM-DD HH:mm:ss per field), applied on publication. */
    timetableAfter: jsonb('timetable_after').$type<Timetable>(),
    /** 变更公告: the package's timetable just before the publication applied `timetableAfter` (原 → 新). */
    timetableBefore: jsonb('timetable_before').$type<Timetable>(),
    status: text('status').notNull().default('0'),
    publishTime: timestamp('publish_time', { withTimezone: true }),
    publishBy: text('publish_by'),
    revokeTime: timestamp('revoke_time', { withTimezone: true }),
    delFlag: smallint('del_flag').notNull().default(0),
    createBy: text('create_by'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateBy: text('update_by'),
    updateTime: timestamp('update_time', { withTimezone: true }),
  },
  (t) => [
    index('purchase_notice_list_idx')
      .on(t.tenantId, t.createTime.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`del_flag = 0`),
    index('purchase_notice_published_idx')
      .on(t.tenantId, t.noticeType, t.publishTime.desc().nullsFirst())
      .where(sql`del_flag = 0 AND status = '1'`),
    index('purchase_notice_package_idx').on(t.packageId),
  ],
);
