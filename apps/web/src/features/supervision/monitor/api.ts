import type { MonitorDashboard } from '@aps/shared';
import { SUPERVISION_MONITOR_API } from '@aps/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/http.ts';

export const monitorKeys = {
  all: ['supervision', 'monitor'] as const,
  signals: ['supervision', 'monitor', 'signals'] as const,
  dashboard: ['supervision', 'monitor', 'dashboard'] as const,
};

/** The dashboard asks by itself (on mount, on focus): a background request, it keeps no idle session alive. */
export function useMonitorDashboard() {
  return useQuery({
    queryKey: monitorKeys.dashboard,
    queryFn: ({ signal }) => request<MonitorDashboard>(SUPERVISION_MONITOR_API.dashboard, { signal, background: true }),
  });
}
