import {
  formatDateTime,
  idQuerySchema,
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
import { crudRoutes } from '../../../core/crud-routes.ts';
import { badRequest, ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { actorOf, auditGetWrite } from '../dict/kit.ts';
import { nextFireTimes } from './scheduler.ts';

const TAGS = ['定时任务'];
const P = PERMISSIONS.job;

/** Scheduled jobs (/sys/quartzJob/*). Start, pause and run-once are GETs as in the source system, audited by hand. */
export const quartzRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { quartz, audit } = services;

  crudRoutes(app, services.dicts, {
    base: '/sys/quartzJob',
    name: '定时任务',
    list: {
      access: P.list,
      query: quartzJobListQuerySchema,
      summary: '定时任务分页列表（含下次执行时间）',
      run: (_request, query) => quartz.list(query),
      dictText: { status: QUARTZ_STATUS_LABELS },
    },
    byId: { access: P.list, run: (_request, id) => quartz.byId(String(id)) },
    exportXls: {
      access: P.list,
      file: { name: '定时任务.xlsx', ascii: 'quartz-jobs.xlsx', sheet: '定时任务' },
      columns: [
        { header: '任务类名', width: 28, value: (r) => r.jobClassName },
        { header: '任务名称', width: 20, value: (r) => r.jobTitle },
        { header: 'cron表达式', width: 20, value: (r) => r.cronExpression },
        { header: '参数', width: 20, value: (r) => r.parameter },
        { header: '描述', width: 30, wrap: true, value: (r) => r.description },
        { header: '状态', width: 8, value: (r) => QUARTZ_STATUS_LABELS[r.status] ?? String(r.status) },
        { header: '下次执行时间', width: 20, value: (r) => r.nextFireTime },
      ],
    },
    add: {
      access: P.edit,
      body: quartzJobAddSchema,
      run: (request, body) => quartz.add(actorOf(request).username, body),
      message: '创建定时任务成功',
    },
    edit: {
      access: P.edit,
      body: quartzJobEditSchema,
      run: (_request, body) => quartz.edit(body),
      message: '更新定时任务成功',
    },
    remove: { access: P.edit, run: (_request, ids) => quartz.remove(ids.map(String)) },
  });

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
