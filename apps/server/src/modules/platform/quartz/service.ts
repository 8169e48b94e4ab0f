import {
  formatDateTime,
  type PageResult,
  QUARTZ_MESSAGES,
  QUARTZ_STATUS,
  type QuartzHandlerInfo,
  type QuartzJobAddRequest,
  type QuartzJobDto,
  type QuartzJobEditRequest,
  type QuartzJobListQuery,
  type QuartzJobLogDto,
  type QuartzJobLogQuery,
} from '@aps/shared';
import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { badRequest, notFound } from '../../../core/envelope.ts';
import { fetchPage } from '../../../core/paging.ts';
import { afterTransaction } from '../../../core/request-transaction.ts';
import type { Db } from '../../../db/client.ts';
import { containsPattern, orderOf } from '../dict/kit.ts';
import type { HandlerRegistry } from './handlers/index.ts';
import { nextFireTimes, type QuartzScheduler, type RunOutcome } from './scheduler.ts';
import { sysQuartzJob, sysQuartzJobLog } from './tables.ts';

/** Scheduled jobs (/sys/quartzJob/*): CRUD, start, pause, run once, and the run log. */
export interface QuartzService {
  list(query: QuartzJobListQuery): Promise<PageResult<QuartzJobDto>>;
  byId(id: string): Promise<QuartzJobDto>;
  add(createBy: string, input: QuartzJobAddRequest): Promise<QuartzJobDto>;
  edit(input: QuartzJobEditRequest): Promise<QuartzJobDto>;
  remove(ids: string[]): Promise<number>;
  setStatus(id: string, status: number): Promise<QuartzJobDto>;
  execute(id: string): Promise<RunOutcome>;
  logs(query: QuartzJobLogQuery): Promise<PageResult<QuartzJobLogDto>>;
  handlers(): QuartzHandlerInfo[];
}

const J = sysQuartzJob;
const L = sysQuartzJobLog;
const SORT = { createTime: J.createTime, jobClassName: J.jobClassName, status: J.status };

const COLUMNS = {
  job: J,
  lastFireTime: sql<Date | null>`(SELECT max(l.fire_time) FROM sys_quartz_job_log l WHERE l.job_id = sys_quartz_job.id)`,
  lastSuccess: sql<
    boolean | null
  >`(SELECT l.success FROM sys_quartz_job_log l WHERE l.job_id = sys_quartz_job.id ORDER BY l.start_time DESC, l.id DESC LIMIT 1)`,
};

export function createQuartzService({
  db,
  scheduler,
  handlers,
}: {
  db: Db;
  scheduler: Pick<QuartzScheduler, 'sync' | 'runOnce'>;
  handlers: HandlerRegistry;
}): QuartzService {
  const toDto = (r: {
    job: typeof J.$inferSelect;
    lastFireTime: Date | string | null;
    lastSuccess: boolean | null;
  }): QuartzJobDto => {
    let next: Date | undefined;
    if (r.job.status === QUARTZ_STATUS.running) {
      try {
        next = nextFireTimes(r.job.cronExpression, 1)[0];
      } catch {
        next = undefined;
      }
    }
    return {
      id: r.job.id,
      jobClassName: r.job.jobClassName,
      jobTitle: handlers.get(r.job.jobClassName)?.title ?? null,
      cronExpression: r.job.cronExpression,
      parameter: r.job.parameter,
      description: r.job.description,
      status: r.job.status,
      nextFireTime: formatDateTime(next ?? null),
      lastFireTime: formatDateTime(r.lastFireTime),
      lastSuccess: r.lastSuccess,
      createBy: r.job.createBy,
      createTime: formatDateTime(r.job.createTime) ?? '',
      updateTime: formatDateTime(r.job.updateTime),
    };
  };

  function checkHandler(name: string) {
    if (!handlers.has(name)) throw badRequest(QUARTZ_MESSAGES.handlerUnknown(name) + [...handlers.keys()].join('、'));
  }

  /** Other instances pick the change up at their next sync; this one at once. */
  // After the request's transaction: the scheduler reads the jobs as committed.
  const resync = () => afterTransaction(() => scheduler.sync().catch(() => {}));

  const service: QuartzService = {
    list(q) {
      const filters: SQL[] = [];
      if (q.jobClassName) filters.push(ilike(J.jobClassName, containsPattern(q.jobClassName)));
      if (q.status !== undefined) filters.push(eq(J.status, q.status));
      const where = filters.length ? and(...filters) : undefined;
      return fetchPage(
        q,
        db.select({ n: count() }).from(J).where(where),
        (offset, limit) =>
          db
            .select(COLUMNS)
            .from(J)
            .where(where)
            .orderBy(...orderOf(SORT, q, 'createTime', J.id))
            .offset(offset)
            .limit(limit),
        toDto,
      );
    },

    async byId(id) {
      const [row] = await db.select(COLUMNS).from(J).where(eq(J.id, id));
      if (!row) throw notFound(QUARTZ_MESSAGES.notFound);
      return toDto(row);
    },

    async add(createBy, input) {
      checkHandler(input.jobClassName);
      const [row] = await db
        .insert(J)
        .values({ createBy, ...input })
        .returning({ id: J.id });
      await resync();
      return service.byId(row?.id ?? '');
    },

    async edit({ id, ...input }) {
      checkHandler(input.jobClassName);
      const rows = await db
        .update(J)
        .set({ ...input, updateTime: new Date() })
        .where(eq(J.id, id))
        .returning({ id: J.id });
      if (rows.length === 0) throw notFound(QUARTZ_MESSAGES.notFound);
      await resync();
      return service.byId(id);
    },

    async remove(ids) {
      const rows = await db.delete(J).where(inArray(J.id, ids)).returning({ id: J.id });
      if (rows.length === 0) throw notFound(QUARTZ_MESSAGES.notFound);
      await resync();
      return rows.length;
    },

    async setStatus(id, status) {
      const rows = await db
        .update(J)
        .set({ status, updateTime: new Date() })
        .where(eq(J.id, id))
        .returning({ id: J.id });
      if (rows.length === 0) throw notFound(QUARTZ_MESSAGES.notFound);
      await resync();
      return service.byId(id);
    },

    async execute(id) {
      const outcome = await scheduler.runOnce(id);
      if (!outcome) throw notFound(QUARTZ_MESSAGES.notFound);
      return outcome;
    },

    logs(q) {
      const filters: SQL[] = [];
      if (q.jobId) filters.push(eq(L.jobId, q.jobId));
      if (q.success) filters.push(eq(L.success, q.success === '1'));
      const where = filters.length ? and(...filters) : undefined;
      const dir = q.order === 'asc' ? asc : desc;
      return fetchPage(
        q,
        db.select({ n: count() }).from(L).where(where),
        (offset, limit) =>
          db.select().from(L).where(where).orderBy(dir(L.startTime), dir(L.id)).offset(offset).limit(limit),
        (r): QuartzJobLogDto => ({
          id: r.id,
          jobId: r.jobId,
          jobClassName: r.jobClassName,
          trigger: r.trigger === 'manual' ? 'manual' : 'cron',
          fireTime: formatDateTime(r.fireTime) ?? '',
          startTime: formatDateTime(r.startTime) ?? '',
          endTime: formatDateTime(r.endTime),
          durationMs: r.durationMs,
          success: r.success,
          message: r.message,
          instance: r.instance,
        }),
      );
    },

    handlers() {
      return [...handlers.values()].map((h) => ({ name: h.name, title: h.title, parameterHint: h.parameterHint }));
    },
  };
  return service;
}
