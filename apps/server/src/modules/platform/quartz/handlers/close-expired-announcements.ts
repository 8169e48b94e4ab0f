import { sql } from 'drizzle-orm';
import type { JobHandler } from './types.ts';

/** Published announcements whose end time has passed are revoked (send_status '2'), so lists stop showing them. */
export const closeExpiredAnnouncements: JobHandler = {
  name: 'closeExpiredAnnouncements',
  title: '关闭过期通告',
  parameterHint: '无需参数',
  async run({ db }) {
    const result = await db.execute<{ id: string }>(sql`
      UPDATE sys_announcement
      SET send_status = '2', cancel_time = now(), update_time = now()
      WHERE del_flag = 0 AND send_status = '1' AND end_time IS NOT NULL AND end_time <= now()
      RETURNING id`);
    return `关闭过期通告 ${result.rows.length} 条`;
  },
};
