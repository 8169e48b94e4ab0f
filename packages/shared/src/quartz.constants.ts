/**
 * The zod-free half of scheduled jobs (定时任务): status codes, labels and messages the server answers with and the
 * web's job pages show (exported from `constants.ts`, so the web imports them without zod).
 */

/** sys_quartz_job.status: 0 running, -1 paused (Quartz's convention). */
export const QUARTZ_STATUS = { running: 0, paused: -1 } as const;
export const QUARTZ_STATUS_LABELS: Record<number, string> = { 0: '正常', [-1]: '停止' };

export const QUARTZ_MESSAGES = {
  handlerRequired: '请选择任务类名!',
  handlerUnknown: (name: string) => `任务类名“${name}”不存在，可用的有：`,
  cronRequired: '请输入cron表达式!',
  notFound: '定时任务不存在',
  started: '启动定时任务成功',
  paused: '暂停定时任务成功',
  executed: '执行成功!',
} as const;
