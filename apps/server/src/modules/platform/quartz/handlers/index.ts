import { closeExpiredAnnouncements } from './close-expired-announcements.ts';
import { purchaseStatsRollup } from './purchase-stats.ts';
import type { JobHandler } from './types.ts';

export type { JobContext, JobHandler } from './types.ts';

/** Every job handler a sys_quartz_job row may name. Adding a job means adding its handler here. */
export const JOB_HANDLERS: readonly JobHandler[] = [closeExpiredAnnouncements, purchaseStatsRollup];

export type HandlerRegistry = ReadonlyMap<string, JobHandler>;

export const createHandlerRegistry = (handlers: readonly JobHandler[] = JOB_HANDLERS): HandlerRegistry =>
  new Map(handlers.map((h) => [h.name, h]));
