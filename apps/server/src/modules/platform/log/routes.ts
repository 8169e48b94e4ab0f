import {
  LOG_TYPE_LABELS,
  loginfoQuerySchema,
  logListQuerySchema,
  PERMISSIONS,
  visitInfoQuerySchema,
} from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageWithDictText } from '../../../core/dict-text.ts';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { actorOf, EXPORT_LIMIT, sendXlsx } from '../dict/kit.ts';

const TAGS = ['系统日志'];
const P = PERMISSIONS.log;

/** Login, visit and operation logs of the tenant (§7 Announcements and logs: /sys/loginfo, /sys/visitInfo). */
export const logRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { logs } = services;

  app.get(
    '/sys/log/list',
    {
      config: { access: P.list },
      schema: { tags: TAGS, summary: '日志分页列表（logType 1登录 2操作 3访问）', querystring: logListQuerySchema },
    },
    async (request) =>
      ok(
        await pageWithDictText(services.dicts, await logs.list(actorOf(request).tenantId, request.query), {
          logType: LOG_TYPE_LABELS,
        }),
      ),
  );

  app.get(
    '/sys/log/exportXls',
    {
      config: { access: P.list },
      schema: {
        tags: TAGS,
        summary: '导出日志 (.xlsx)',
        querystring: logListQuerySchema.omit({ pageNo: true, pageSize: true }),
      },
    },
    async (request, reply) => {
      const page = await logs.list(actorOf(request).tenantId, { ...request.query, pageNo: 1, pageSize: EXPORT_LIMIT });
      return sendXlsx(
        reply,
        { name: '系统日志.xlsx', ascii: 'logs.xlsx', sheet: '系统日志' },
        [
          { header: '日志类型', width: 10, value: (r) => LOG_TYPE_LABELS[r.logType] ?? String(r.logType) },
          { header: '日志内容', width: 50, wrap: true, value: (r) => r.logContent },
          { header: '操作人', width: 14, value: (r) => r.username },
          { header: 'IP', width: 16, value: (r) => r.ip },
          { header: '请求方法', width: 10, value: (r) => r.method },
          { header: '请求地址', width: 40, value: (r) => r.requestUrl },
          { header: '结果', width: 8, value: (r) => (r.success ? '成功' : '失败') },
          { header: '耗时(毫秒)', width: 12, value: (r) => r.costTime },
          { header: '时间', width: 20, value: (r) => r.createTime },
        ],
        page.records,
      );
    },
  );

  app.get(
    '/sys/loginfo',
    {
      config: { access: P.list },
      schema: {
        tags: TAGS,
        summary: '登录日志（分页，含今日访问、今日IP、累计访问）',
        querystring: loginfoQuerySchema,
      },
    },
    async (request) => ok(await logs.loginfo(actorOf(request).tenantId, request.query)),
  );

  app.get(
    '/sys/visitInfo',
    {
      // The 系统日志 page's chart (issue 12 §4: not for every signed-in user).
      config: { access: P.list },
      schema: { tags: TAGS, summary: '近N天每日访问量与IP数（图表）', querystring: visitInfoQuerySchema },
    },
    async (request) => ok(await logs.visits(actorOf(request).tenantId, request.query.days)),
  );
};
