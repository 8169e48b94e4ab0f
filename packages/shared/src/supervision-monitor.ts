/** The zod half of 监控中心 (issue 17 §1): the signals list and export query. */
import { z } from 'zod';
import { dateSchema } from './primitives.ts';
import { pageQuerySchema } from './query.ts';
import {
  MONITOR_MESSAGES as M,
  MONITOR_SIGNAL_TYPES,
  MONITOR_SORTABLE_COLUMNS,
} from './supervision-monitor.constants.ts';

const filters = {
  signalType: z.enum(MONITOR_SIGNAL_TYPES, { error: M.badType }).optional(),
  /** A department's org code: its signals and its sub-departments' (within the caller's data scope). */
  sysOrgCode: z.string().trim().max(64).optional(),
  /** The occurrence date range (yyyy-MM-dd, both inclusive). */
  dateBegin: dateSchema.optional(),
  dateEnd: dateSchema.optional(),
};
const dateOrder = (v: { dateBegin?: string; dateEnd?: string }) =>
  !v.dateBegin || !v.dateEnd || v.dateEnd >= v.dateBegin;

export const monitorSignalListQuerySchema = pageQuerySchema
  .extend({ ...filters, column: z.enum(MONITOR_SORTABLE_COLUMNS, { error: M.badSort }).optional() })
  .refine(dateOrder, { message: M.dateOrder, path: ['dateEnd'] });
export type MonitorSignalListQuery = z.infer<typeof monitorSignalListQuerySchema>;

export const monitorSignalExportQuerySchema = z
  .object({
    ...filters,
    column: z.enum(MONITOR_SORTABLE_COLUMNS, { error: M.badSort }).optional(),
    order: z.enum(['asc', 'desc']).optional(),
    _t: z.string().optional(),
  })
  .refine(dateOrder, { message: M.dateOrder, path: ['dateEnd'] });
export type MonitorSignalExportQuery = z.infer<typeof monitorSignalExportQuerySchema>;

export * from './supervision-monitor.constants.ts';
export * from './supervision-monitor-rules.ts';
