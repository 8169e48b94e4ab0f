import { z } from 'zod';
import { pageQuerySchema } from './query.ts';
import { containsTextSchema } from './user.ts';

export const markReadSchema = z.object({ anntId: z.string().uuid('通告id有误') });
export const announcementIdQuerySchema = z.object({ id: z.string().uuid('通告id有误') });

/** GET /sys/sysAnnouncementSend/getMyAnnouncementSend: the user's announcements, paged (§2 /isps/userAnnouncement). */
export const myAnnouncementQuerySchema = pageQuerySchema.pick({ pageNo: true, pageSize: true, _t: true }).extend({
  /** Part of the title (case-insensitive); empty for all. */
  titile: containsTextSchema,
  /** '1' notices, '2' system messages; empty for both. */
  msgCategory: z.enum(['1', '2', '']).optional(),
  /** '1' read, '0' unread; empty for both. */
  readFlag: z.enum(['0', '1', '']).optional(),
});
export type MyAnnouncementQuery = z.infer<typeof myAnnouncementQuerySchema>;
