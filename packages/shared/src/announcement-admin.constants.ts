/**
 * The zod-free half of announcement administration: status and type codes, their labels and the messages the
 * server answers with. The schemas in `announcement-admin.ts` use them and the web's admin page and form reuse them
 * (exported from `constants.ts`, so the web imports them without zod).
 */

/** sys_announcement.send_status: '0' draft, '1' published, '2' revoked. */
export const ANNOUNCEMENT_SEND_STATUS = { draft: '0', published: '1', revoked: '2' } as const;
export const ANNOUNCEMENT_SEND_STATUS_LABELS: Record<string, string> = { '0': '未发布', '1': '已发布', '2': '已撤销' };
/** msgType: ALL everyone in the tenant, USER the chosen users. */
export const ANNOUNCEMENT_MSG_TYPE = { all: 'ALL', user: 'USER' } as const;
export const ANNOUNCEMENT_MSG_TYPE_LABELS: Record<string, string> = { ALL: '全体用户', USER: '指定用户' };
export const PRIORITY_LABELS: Record<string, string> = { L: '一般', M: '重要', H: '紧急' };
export const ANNOUNCEMENT_CATEGORY_LABELS: Record<string, string> = { '1': '通知公告', '2': '系统消息' };

export const ANNOUNCEMENT_MESSAGES = {
  titleRequired: '请输入标题!',
  contentRequired: '请输入内容!',
  usersRequired: '请选择用户!',
  badUser: '所选用户不属于当前租户',
  notFound: '通告不存在',
  publishedReadOnly: '已发布的通告不能编辑，请先撤销',
  alreadyPublished: '该通告已发布',
  notPublished: '该通告未发布，无需撤销',
  endBeforeStart: '结束时间不能早于开始时间',
  released: '该系统通知发布成功',
  revoked: '该系统通知撤销成功',
} as const;
