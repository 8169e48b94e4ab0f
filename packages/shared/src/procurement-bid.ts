/**
 * Request schemas of notices, sign-ups and bids beside those of the contract (procurement.ts: noticeSchema,
 * noticeListQuerySchema, signUpSchema, bidSchema).
 */
import { z } from 'zod';
import { noticeListQuerySchema, noticeSchema } from './procurement.ts';
import { AWARD_LETTER_KIND, PROCUREMENT_BID_MESSAGES as M, NOTICE_STATUS } from './procurement-bid.constants.ts';
import { pageQuerySchema } from './query.ts';

export * from './procurement-bid.constants.ts';

export const noticeIdSchema = z.object({ id: z.string({ error: M.noticeNotFound }).uuid(M.noticeNotFound) });
export const noticeEditSchema = noticeSchema.extend(noticeIdSchema.shape);
export type NoticeEditRequest = z.infer<typeof noticeEditSchema>;
/** Staff list: the contract's filters plus the status (草稿, 已发布, 已撤销). */
export const noticeStaffListQuerySchema = noticeListQuerySchema.extend({
  status: z.enum(Object.values(NOTICE_STATUS) as [string, ...string[]], { error: '公告状态不正确' }).optional(),
});
/** Supplier list (PurchaseAnnouncementTabs): published notices by type (the tab) and title. */
export const supplierNoticeQuerySchema = noticeListQuerySchema.omit({ packageId: true });
export const packageIdQuerySchema = z.object({
  packageId: z.string({ error: '标包不存在或已删除' }).uuid('标包不存在或已删除'),
});
export const myListQuerySchema = pageQuerySchema;

/** Staff list of award letters: by package, supplier name (contains) and type (win/lose). */
export const awardLetterListQuerySchema = pageQuerySchema.extend({
  packageId: z.string().uuid('标包不存在或已删除').optional(),
  supplierName: z.string().trim().max(100, '供应商名称过长').optional(),
  type: z.enum(Object.values(AWARD_LETTER_KIND) as [string, ...string[]], { error: '通知书类型不正确' }).optional(),
});
export type AwardLetterListQuery = z.infer<typeof awardLetterListQuerySchema>;
export const awardLetterIdSchema = z.object({ id: z.string({ error: M.letterNotFound }).uuid(M.letterNotFound) });
