/** Notice rows as the queries select them, and their mapping to the DTOs (staff and supplier views). */
import {
  type BidStatus,
  formatDateTime,
  type NoticeDto,
  type NoticeStatus,
  type SupplierNoticeDto,
  TIMETABLE_FIELD_KEYS,
  TIMETABLE_FIELDS,
  type Timetable,
} from '@aps/shared';
import { sql } from 'drizzle-orm';
import { sanitizeAnnouncementHtml } from '../../platform/announcement/sanitize.ts';
import type { NoticeAttachment } from './tables.ts';

export type Row = {
  id: string;
  package_id: string;
  notice_type: string;
  title: string;
  content: string;
  attachments: NoticeAttachment[];
  status: string;
  publish_time: string | null;
  publish_by: string | null;
  revoke_time: string | null;
  create_by: string | null;
  create_time: string;
  package_name: string;
  package_no: string;
  purchase_name: string;
  purchase_code: string;
  purchase_stage: number;
  timetable_after: Timetable | null;
  timetable_before: Timetable | null;
  /** The package's current timetable, JSON timestamps (the 原 of a draft 变更公告). */
  current_timetable: Record<keyof Timetable, string | null>;
  total?: number;
};

export type SupplierRow = Row & {
  purchase_category: string;
  sign_up_start_time: string | null;
  sign_up_end_time: string | null;
  bid_deadline: string | null;
  opening_start_time: string | null;
  fixed_price: string | null;
  lower_coefficient_type: number | null;
  signed_up: boolean;
  bid_status: string | null;
};

export const toDto = (r: Row): NoticeDto => ({
  id: r.id,
  packageId: r.package_id,
  noticeType: r.notice_type,
  title: r.title,
  // Sanitised on save, and again on display (as announcements are).
  content: sanitizeAnnouncementHtml(r.content),
  attachments: r.attachments ?? [],
  status: r.status as NoticeStatus,
  publishTime: formatDateTime(r.publish_time),
  publishBy: r.publish_by,
  revokeTime: formatDateTime(r.revoke_time),
  createBy: r.create_by,
  createTime: formatDateTime(r.create_time) ?? '',
  packageName: r.package_name,
  packageNo: r.package_no,
  purchaseName: r.purchase_name,
  purchaseCode: r.purchase_code,
  purchaseStage: Number(r.purchase_stage),
  timetableChange: timetableChange(r),
});

/** The changed fields of a 变更公告: 原 from the stored snapshot once published, from the package while a draft. */
function timetableChange(r: Row): NoticeDto['timetableChange'] {
  if (!r.timetable_after) return null;
  const current = Object.fromEntries(
    TIMETABLE_FIELD_KEYS.map((f) => [f, formatDateTime(r.current_timetable[f])]),
  ) as Timetable;
  const before = r.timetable_before ?? current;
  const after = r.timetable_after;
  return TIMETABLE_FIELD_KEYS.filter((f) => (before[f] ?? null) !== (after[f] ?? null)).map((f) => ({
    field: f,
    label: TIMETABLE_FIELDS[f],
    before: before[f] ?? null,
    after: after[f] ?? null,
  }));
}

/** The package's current timetable as JSON timestamps (formatted in JS, as every other time of the DTO). */
const CURRENT_TIMETABLE = sql`json_build_object('signUpStartTime', p.sign_up_start_time,
  'signUpEndTime', p.sign_up_end_time, 'bidDeadline', p.bid_deadline,
  'openingTime', p.opening_start_time) AS current_timetable`;

export const toSupplierDto = (r: SupplierRow): SupplierNoticeDto => ({
  ...toDto(r),
  purchaseCategory: r.purchase_category,
  signUpStartTime: formatDateTime(r.sign_up_start_time),
  signUpEndTime: formatDateTime(r.sign_up_end_time),
  bidDeadline: formatDateTime(r.bid_deadline),
  openingStartTime: formatDateTime(r.opening_start_time),
  fixedPrice: r.fixed_price,
  lowerCoefficientType: r.lower_coefficient_type === null ? null : Number(r.lower_coefficient_type),
  signedUp: r.signed_up,
  bidStatus: (r.bid_status as BidStatus | null) ?? null,
});

export const SELECT = sql`n.id, n.package_id, n.notice_type, n.title, n.content, n.attachments, n.status, n.publish_time,
  n.publish_by, n.revoke_time, n.create_by, n.create_time, p.package_name, p.package_no, p.purchase_name,
  p.purchase_code, p.purchase_stage, n.timetable_after, n.timetable_before, ${CURRENT_TIMETABLE}`;
