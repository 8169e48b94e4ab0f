import type { ReportColumnsDto, ReportQueryItemDto } from '@aps/shared';
import { REPORT_CONFIG_CACHE_MS } from '@aps/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http.ts';

export const REPORT_API = '/online/cgreport/api';

/** Query keys of online reports; a report's configuration is kept 30000 ms (§7). */
export const reportKeys = {
  all: ['online-report'] as const,
  columns: (code: string) => [...reportKeys.all, 'columns', code] as const,
  queryInfo: (id: string) => [...reportKeys.all, 'queryInfo', id] as const,
  data: (id: string) => [...reportKeys.all, 'data', id] as const,
};

/** getRpColumns/{code}: the report's id, name, columns and dictionary options. */
export function useReportColumns(code: string) {
  return useQuery({
    queryKey: reportKeys.columns(code),
    queryFn: ({ signal }) =>
      http.get<ReportColumnsDto>(`${REPORT_API}/getRpColumns/${encodeURIComponent(code)}`, { _t: Date.now() }, signal),
    staleTime: REPORT_CONFIG_CACHE_MS,
    enabled: Boolean(code),
    retry: false,
  });
}

/** getQueryInfo/{cgRpConfigId}: the query form's items (column filters and self_ parameters). */
export function useReportQueryInfo(id: string | undefined) {
  return useQuery({
    queryKey: reportKeys.queryInfo(id ?? ''),
    queryFn: ({ signal }) =>
      http.get<ReportQueryItemDto[]>(
        `${REPORT_API}/getQueryInfo/${encodeURIComponent(id ?? '')}`,
        { _t: Date.now() },
        signal,
      ),
    staleTime: REPORT_CONFIG_CACHE_MS,
    enabled: Boolean(id),
    retry: false,
  });
}
