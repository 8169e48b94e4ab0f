import type { Db } from '../../../../db/client.ts';

export interface JobContext {
  db: Db;
  /** The job's parameter text (may be null). */
  parameter: string | null;
  /** The scheduled fire time (or the moment of a manual run). */
  fireTime: Date;
}

/** A job the scheduler can run: its registered name is what sys_quartz_job.job_class_name holds. */
export interface JobHandler {
  name: string;
  title: string;
  parameterHint: string;
  /** Does the work; the returned text goes into the run's log. Throwing marks the run failed. */
  run(ctx: JobContext): Promise<string>;
}
