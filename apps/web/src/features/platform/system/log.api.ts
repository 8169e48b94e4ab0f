import type { VisitDay } from '@aps/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http.ts';
import { downloadBlob } from '../../../shared/list/download.ts';
import type { ListParams } from '../../../shared/list/query.ts';

/** Query keys of the system log: both tabs refresh together. */
export const logKeys = {
  all: ['system', 'log'] as const,
  login: ['system', 'log', 'login'] as const,
  operation: ['system', 'log', 'operation'] as const,
  visits: ['system', 'log', 'visits'] as const,
};

export const LOG_URLS = {
  /** The login/logout log with its counters (§7 /sys/loginfo). */
  login: '/sys/loginfo',
  /** Every log type, one at a time (logType). */
  list: '/sys/log/list',
  export: '/sys/log/exportXls',
  /** Visits (successful sign-ins) and distinct IPs per day of the last N days, today last. */
  visits: '/sys/visitInfo',
} as const;

/** 导出: the rows of one log type matching the list's filters, as .xlsx. */
export function exportLogs(logType: number, params: ListParams, fileName: string): Promise<void> {
  const { pageNo: _p, pageSize: _s, ...filters } = params;
  return downloadBlob(LOG_URLS.export, fileName, { ...filters, logType });
}

/** 访问统计: the last `days` days, one entry per day (days without a visit count 0). */
export function useVisitInfo(days: number) {
  return useQuery({
    queryKey: [...logKeys.visits, days],
    queryFn: ({ signal }) => http.get<VisitDay[]>(LOG_URLS.visits, { days }, signal),
    // 近7天 ⇄ 近30天: the chart keeps the previous range until the next one arrives.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
