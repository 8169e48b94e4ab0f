import { bigint, boolean, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** logType: 1 login/logout, 2 operation (every write), 3 visit. */
export const sysLog = pgTable(
  'sys_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    tenantId: integer('tenant_id'),
    logType: smallint('log_type').notNull(),
    logContent: text('log_content').notNull(),
    userId: text('userid'),
    username: text('username'),
    ip: text('ip'),
    method: text('method'),
    requestUrl: text('request_url'),
    requestParam: text('request_param'),
    statusCode: integer('status_code'),
    success: boolean('success').notNull(),
    costTime: integer('cost_time'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sys_log_type_time_idx').on(t.logType, t.createTime.desc().nullsFirst()),
    index('sys_log_user_idx').on(t.username),
  ],
);
