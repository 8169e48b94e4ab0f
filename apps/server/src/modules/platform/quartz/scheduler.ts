import crypto from 'node:crypto';
import os from 'node:os';
import { QUARTZ_STATUS, quartzToCroner } from '@aps/shared';
import { Cron } from 'croner';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { HandlerRegistry } from './handlers/index.ts';

/** The croner instance (a schedule calculator only: it runs no function) for a Quartz expression. */
export function cronOf(expression: string): Cron {
  const { pattern, options } = quartzToCroner(expression);
  return new Cron(pattern, options);
}

/** The next `n` fire times of an expression after `from` (empty when it never fires again). */
export function nextFireTimes(expression: string, n: number, from: Date = new Date()): Date[] {
  return cronOf(expression).nextRuns(n, from);
}

export interface RunOutcome {
  logId: number;
  success: boolean;
  message: string;
}

export interface QuartzScheduler {
  /** Loads the jobs and arms their timers; then re-reads sys_quartz_job every few seconds (other instances' edits). */
  start(): Promise<void>;
  /** Disarms every timer and waits for runs in progress. */
  stop(): Promise<void>;
  /** Re-reads the jobs now (after a local edit). A no-op before start. */
  sync(): Promise<void>;
  /** Runs a job once now, whatever its status ("执行一次"). */
  runOnce(jobId: string): Promise<RunOutcome | null>;
  readonly instance: string;
}

type JobRow = {
  id: string;
  job_class_name: string;
  cron_expression: string;
  parameter: string | null;
  status: number;
  update_time: Date;
};

interface Armed {
  key: string;
  job: JobRow;
  cron: Cron;
  timer: NodeJS.Timeout | null;
}

const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Runs sys_quartz_job rows on their cron schedule with croner computing the fire times. Every instance of the
 * server arms the same timers; at a fire time each tries to claim (job_id, fire_time) by inserting the run's
 * log row, and the unique index lets exactly one of them through. So a job fires once per fire time, not once
 * per instance, and every run is logged with its result.
 */
export function createQuartzScheduler({
  db,
  handlers,
  log,
  syncIntervalMs = 5000,
  instance = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`,
}: {
  db: Db;
  handlers: HandlerRegistry;
  log: { info(msg: string): void; error(obj: unknown, msg?: string): void };
  syncIntervalMs?: number;
  instance?: string;
}): QuartzScheduler {
  const armed = new Map<string, Armed>();
  const running = new Set<Promise<unknown>>();
  let started = false;
  let poller: NodeJS.Timeout | null = null;
  let syncing: Promise<void> | null = null;

  function disarm(id: string) {
    const entry = armed.get(id);
    if (entry?.timer) clearTimeout(entry.timer);
    armed.delete(id);
  }

  function arm(entry: Armed, after: Date) {
    const next = entry.cron.nextRun(after);
    if (!next || !started) {
      entry.timer = null;
      return;
    }
    const wait = () => {
      const delay = next.getTime() - Date.now();
      entry.timer = setTimeout(
        () => {
          if (!started || armed.get(entry.job.id) !== entry) return;
          // Long waits are cut into chunks, and a timer that wakes a moment early waits the rest.
          if (Date.now() < next.getTime()) return wait();
          arm(entry, next);
          track(execute(entry.job, next, 'cron'));
        },
        Math.min(Math.max(delay, 0), MAX_TIMER_MS),
      );
      entry.timer.unref();
    };
    wait();
  }

  function track<T>(promise: Promise<T>): Promise<T> {
    running.add(promise);
    promise.finally(() => running.delete(promise)).catch(() => {});
    return promise;
  }

  async function execute(job: JobRow, fireTime: Date, trigger: 'cron' | 'manual'): Promise<RunOutcome | null> {
    try {
      // The claim: only one instance inserts the log row of this fire time; a paused or edited job is not run.
      const claim = await db.execute<{ id: number; parameter: string | null; job_class_name: string }>(sql`
        INSERT INTO sys_quartz_job_log (job_id, job_class_name, trigger, fire_time, start_time, instance)
        SELECT j.id, j.job_class_name, ${trigger}, ${fireTime.toISOString()}::timestamptz, now(), ${instance}
        FROM sys_quartz_job j
        WHERE j.id = ${job.id}
          AND (${trigger} = 'manual' OR (j.status = ${QUARTZ_STATUS.running} AND j.cron_expression = ${job.cron_expression}))
        ON CONFLICT (job_id, fire_time, trigger) DO NOTHING
        RETURNING id, (SELECT parameter FROM sys_quartz_job WHERE id = ${job.id}) AS parameter, job_class_name`);
      const row = claim.rows[0];
      if (!row) return null;
      const t0 = Date.now();
      let success = false;
      let message: string;
      const handler = handlers.get(row.job_class_name);
      try {
        if (!handler) throw new Error(`任务类名“${row.job_class_name}”不存在`);
        message = await handler.run({ db, parameter: row.parameter, fireTime });
        success = true;
      } catch (err) {
        message = err instanceof Error ? err.message : String(err);
        log.error({ err, job: job.id }, 'scheduled job failed');
      }
      await db.execute(sql`
        UPDATE sys_quartz_job_log
        SET end_time = now(), duration_ms = ${Date.now() - t0}, success = ${success}, message = ${message.slice(0, 2000)}
        WHERE id = ${row.id}`);
      return { logId: row.id, success, message };
    } catch (err) {
      log.error({ err, job: job.id }, 'scheduled job could not be claimed or logged');
      return null;
    }
  }

  async function load() {
    const result = await db.execute<JobRow>(sql`
      SELECT id, job_class_name, cron_expression, parameter, status, update_time FROM sys_quartz_job`);
    const seen = new Set<string>();
    for (const job of result.rows) {
      if (job.status !== QUARTZ_STATUS.running) continue;
      const key = `${job.cron_expression}|${job.job_class_name}|${new Date(job.update_time).getTime()}`;
      seen.add(job.id);
      if (armed.get(job.id)?.key === key) continue;
      disarm(job.id);
      let cron: Cron;
      try {
        cron = cronOf(job.cron_expression);
      } catch (err) {
        log.error({ err, job: job.id }, 'invalid cron expression');
        continue;
      }
      const entry: Armed = { key, job, cron, timer: null };
      armed.set(job.id, entry);
      arm(entry, new Date());
    }
    for (const id of [...armed.keys()]) if (!seen.has(id)) disarm(id);
  }

  const scheduler: QuartzScheduler = {
    instance,
    async start() {
      if (started) return;
      started = true;
      await scheduler.sync();
      poller = setInterval(() => {
        scheduler.sync().catch((err) => log.error({ err }, 'job sync failed'));
      }, syncIntervalMs);
      poller.unref();
    },

    async stop() {
      started = false;
      if (poller) clearInterval(poller);
      poller = null;
      for (const id of [...armed.keys()]) disarm(id);
      await Promise.allSettled([...running]);
    },

    async sync() {
      if (!started) return;
      // One sync at a time; a request during a sync waits for it and then runs again.
      while (syncing) await syncing;
      syncing = load().finally(() => {
        syncing = null;
      });
      await syncing;
    },

    async runOnce(jobId) {
      const result = await db.execute<JobRow>(sql`
        SELECT id, job_class_name, cron_expression, parameter, status, update_time FROM sys_quartz_job WHERE id = ${jobId}`);
      const job = result.rows[0];
      if (!job) return null;
      return track(execute(job, new Date(), 'manual'));
    },
  };
  return scheduler;
}
