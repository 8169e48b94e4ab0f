import {
  formatDateTime,
  idQuerySchema,
  idsQuerySchema,
  LOGIN,
  PERMISSIONS,
  QUARTZ_MESSAGES,
  QUARTZ_STATUS,
  QUARTZ_STATUS_LABELS,
  quartzCronPreviewQuerySchema,
  quartzJobAddSchema,
  quartzJobEditSchema,
  quartzJobListQuerySchema,
  quartzJobLogQuerySchema,
  validateQuartzCron,
} from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageWithDictText } from '../../core/dict-text.ts';
import { badRequest, ok } from '../../core/envelope.ts';
import type { Services } from '../../services.ts';
import { actorOf, auditGetWrite, EXPORT_LIMIT, sendXlsx } from '../dict/kit.ts';
import { nextFireTimes } from './scheduler.ts';

const TAGS = ['定时任务'];
const P = PERMISSIONS.job;

/** Scheduled jobs (/sys/quartzJob/*). Start, pause and run-once are GETs as in the source system, audited by hand. */
export const quartzRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { quartz, audit } = services;

  app.get(
    '/sys/quartzJob/list',
    {
      config: { access: P.list },
      schema: { tags: TAGS, summary: '定时任务分页列表（含下次执行时间）', querystring: quartzJobListQuerySchema },
    },
    async (request) =>
      ok(await pageWithDictText(services.dicts, await quartz.list(request.query), { status: QUARTZ_STATUS_LABELS })),
  );

  app.get(
    '/sys/quartzJob/queryById',
    { config: { access: P.list }, schema: { tags: TAGS, summary: '定时任务详情', querystring: idQuerySchema } },
    async (request) => ok(await quartz.byId(request.query.id)),
  );

  app.get(
    '/sys/quartzJob/handlers',
    { config: { access: P.list }, schema: { tags: TAGS, summary: '可用的任务类名' } },
    async () => ok(quartz.handlers()),
  );

  app.get(
    '/sys/quartzJob/logs',
    {
      config: { access: P.list },
      schema: { tags: TAGS, summary: '任务执行日志（分页）', querystring: quartzJobLogQuerySchema },
    },
    async (request) => ok(await quartz.logs(request.query)),
  );

  app.get(
    '/sys/quartzJob/cronPreview',
    {
      config: { access: LOGIN },
      schema: { tags: TAGS, summary: 'cron表达式最近N次执行时间', querystring: quartzCronPreviewQuerySchema },
    },
    async (request) => {
      const { cronExpression, count } = request.query;
      const problem = validateQuartzCron(cronExpression);
      if (problem) throw badRequest(problem);
      return ok(nextFireTimes(cronExpression, count).map((d) => formatDateTime(d)));
    },
  );

  app.get(
    '/sys/quartzJob/exportXls',
    {
      config: { access: P.list },
      schema: {
        tags: TAGS,
        summary: '导出定时任务 (.xlsx)',
        querystring: quartzJobListQuerySchema.omit({ pageNo: true, pageSize: true }),
      },
    },
    async (request, reply) => {
      const page = await quartz.list({ ...request.query, pageNo: 1, pageSize: EXPORT_LIMIT });
      return sendXlsx(
        reply,
        { name: '定时任务.xlsx', ascii: 'quartz-jobs.xlsx', sheet: '定时任务' },
        [
          { header: '任务类名', width: 28, value: (r) => r.jobClassName },
          { header: '任务名称', width: 20, value: (r) => r.jobTitle },
          { header: 'cron表达式', width: 20, value: (r) => r.cronExpression },
          { header: '参数', width: 20, value: (r) => r.parameter },
          { header: '描述', width: 30, wrap: true, value: (r) => r.description },
          { header: '状态', width: 8, value: (r) => QUARTZ_STATUS_LABELS[r.status] ?? String(r.status) },
          { header: '下次执行时间', width: 20, value: (r) => r.nextFireTime },
        ],
        page.records,
      );
    },
  );

  app.post(
    '/sys/quartzJob/add',
    {
      config: { access: P.edit, audit: '新增定时任务' },
      schema: { tags: TAGS, summary: '新增定时任务', body: quartzJobAddSchema },
    },
    async (request) => ok(await quartz.add(actorOf(request).username, request.body), '创建定时任务成功'),
  );

  app.put(
    '/sys/quartzJob/edit',
    {
      config: { access: P.edit, audit: '编辑定时任务' },
      schema: { tags: TAGS, summary: '编辑定时任务', body: quartzJobEditSchema },
    },
    async (request) => ok(await quartz.edit(request.body), '更新定时任务成功'),
  );

  app.delete(
    '/sys/quartzJob/delete',
    {
      config: { access: P.edit, audit: '删除定时任务' },
      schema: { tags: TAGS, summary: '删除定时任务', querystring: idQuerySchema },
    },
    async (request) => ok(await quartz.remove([request.query.id]), '删除成功!'),
  );

  app.delete(
    '/sys/quartzJob/deleteBatch',
    {
      config: { access: P.edit, audit: '批量删除定时任务' },
      schema: { tags: TAGS, summary: '批量删除定时任务', querystring: idsQuerySchema },
    },
    async (request) => ok(await quartz.remove(request.query.ids), '删除成功!'),
  );

  app.get(
    '/sys/quartzJob/resume',
    { config: { access: P.edit }, schema: { tags: TAGS, summary: '启动定时任务', querystring: idQuerySchema } },
    async (request) => {
      const job = await auditGetWrite(audit, request, '启动定时任务', () =>
        quartz.setStatus(request.query.id, QUARTZ_STATUS.running),
      );
      return ok(job, QUARTZ_MESSAGES.started);
    },
  );

  app.get(
    '/sys/quartzJob/pause',
    { config: { access: P.edit }, schema: { tags: TAGS, summary: '暂停定时任务', querystring: idQuerySchema } },
    async (request) => {
      const job = await auditGetWrite(audit, request, '暂停定时任务', () =>
        quartz.setStatus(request.query.id, QUARTZ_STATUS.paused),
      );
      return ok(job, QUARTZ_MESSAGES.paused);
    },
  );

  app.get(
    '/sys/quartzJob/execute',
    { config: { access: P.edit }, schema: { tags: TAGS, summary: '立即执行一次', querystring: idQuerySchema } },
    async (request) => {
      const outcome = await auditGetWrite(audit, request, '立即执行定时任务', () => quartz.execute(request.query.id));
      if (!outcome.success) throw badRequest(`执行失败：${outcome.message}`);
      return ok(outcome, QUARTZ_MESSAGES.executed);
    },
  );
};
