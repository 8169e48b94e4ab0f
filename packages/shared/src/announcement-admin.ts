import { z } from 'zod';
import { ANNOUNCEMENT_MESSAGES } from './announcement-admin.constants.ts';
import { momentSchema } from './primitives.ts';
import { pageQuerySchema } from './query.ts';
import { maxLengthMessage } from './rules.ts';
import { containsTextSchema, uuidSchema } from './user.ts';

export {
  ANNOUNCEMENT_CATEGORY_LABELS,
  ANNOUNCEMENT_MESSAGES,
  ANNOUNCEMENT_MSG_TYPE,
  ANNOUNCEMENT_MSG_TYPE_LABELS,
  ANNOUNCEMENT_SEND_STATUS,
  ANNOUNCEMENT_SEND_STATUS_LABELS,
  PRIORITY_LABELS,
} from './announcement-admin.constants.ts';

export const ANNOUNCEMENT_SORTABLE_COLUMNS = ['createTime', 'sendTime', 'priority', 'titile', 'endTime'] as const;

const dateTime = momentSchema
  .nullish()
  .or(z.literal(''))
  .transform((v) => v || null);

/** "a,b" or ["a","b"] → unique uuids. */
const userIdsSchema = z
  .union([z.string().max(40_000), z.array(z.string())])
  .transform((v) => [...new Set((Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))])
  .pipe(z.array(uuidSchema).max(5000, '一次最多选择5000个用户'));

const announcementFields = {
  titile: z
    .string({ error: ANNOUNCEMENT_MESSAGES.titleRequired })
    .trim()
    .min(1, ANNOUNCEMENT_MESSAGES.titleRequired)
    .max(100, maxLengthMessage(100)),
  msgContent: z
    .string({ error: ANNOUNCEMENT_MESSAGES.contentRequired })
    .min(1, ANNOUNCEMENT_MESSAGES.contentRequired)
    .max(200_000, maxLengthMessage(200_000)),
  msgAbstract: z
    .string()
    .trim()
    .max(500, maxLengthMessage(500))
    .nullish()
    .transform((v) => v || null),
  priority: z.enum(['L', 'M', 'H'], { error: '优先级只能是L（一般）、M（重要）或H（紧急）' }).default('L'),
  msgCategory: z.enum(['1', '2'], { error: '消息类型只能是1（通知公告）或2（系统消息）' }).default('1'),
  msgType: z.enum(['ALL', 'USER'], { error: '通告对象只能是ALL（全体用户）或USER（指定用户）' }).default('ALL'),
  userIds: userIdsSchema.optional(),
  startTime: dateTime,
  endTime: dateTime,
  /** 'component' opens a dynamic page (§3), 'url' a route; openPage names it. */
  openType: z
    .enum(['url', 'component', ''])
    .nullish()
    .transform((v) => v || null),
  openPage: z
    .string()
    .trim()
    .max(255, maxLengthMessage(255))
    .nullish()
    .transform((v) => v || null),
  busType: z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((v) => v || null),
  busId: z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((v) => v || null),
};

const refineAnnouncement = <
  T extends { msgType: string; userIds?: string[]; startTime: string | null; endTime: string | null },
>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  if (v.msgType === 'USER' && !v.userIds?.length) {
    ctx.addIssue({ code: 'custom', message: ANNOUNCEMENT_MESSAGES.usersRequired, path: ['userIds'] });
  }
  if (v.startTime && v.endTime && v.endTime < v.startTime) {
    ctx.addIssue({ code: 'custom', message: ANNOUNCEMENT_MESSAGES.endBeforeStart, path: ['endTime'] });
  }
};

export const announcementAddSchema = z.object(announcementFields).superRefine(refineAnnouncement);
export type AnnouncementAddRequest = z.infer<typeof announcementAddSchema>;
export const announcementEditSchema = z
  .object({ id: uuidSchema, ...announcementFields })
  .superRefine(refineAnnouncement);
export type AnnouncementEditRequest = z.infer<typeof announcementEditSchema>;

export const announcementListQuerySchema = pageQuerySchema.extend({
  column: z.enum(ANNOUNCEMENT_SORTABLE_COLUMNS, { error: '不支持按该字段排序' }).optional(),
  titile: containsTextSchema,
  sendStatus: z.enum(['0', '1', '2']).optional(),
  msgCategory: z.enum(['1', '2']).optional(),
  priority: z.enum(['L', 'M', 'H']).optional(),
});
export type AnnouncementListQuery = z.infer<typeof announcementListQuerySchema>;

/** An announcement as the administration list shows it. */
export interface AnnouncementAdminDto {
  id: string;
  titile: string;
  msgContent: string;
  msgAbstract: string | null;
  sender: string | null;
  priority: 'L' | 'M' | 'H';
  msgCategory: string;
  msgType: string;
  userIds: string[];
  sendStatus: string;
  sendTime: string | null;
  cancelTime: string | null;
  startTime: string | null;
  endTime: string | null;
  openType: string | null;
  openPage: string | null;
  busType: string | null;
  busId: string | null;
  createBy: string | null;
  createTime: string;
  updateTime: string | null;
  /** Send rows created at release, and how many of them are read. */
  sendCount: number;
  readCount: number;
}
