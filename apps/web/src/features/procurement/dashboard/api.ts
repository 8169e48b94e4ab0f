import { type BuyerDashboard, PROCUREMENT_API } from '@aps/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/http.ts';

/**
 * Under procurementKeys.all (['procurement']): every procurement write refreshes the lists and this too. Written out
 * rather than imported from plan/api.ts, which would bring the plan list's CRUD kit into the home page's chunk.
 */
export const dashboardKeys = { buyer: ['procurement', 'dashboard', 'buyer'] as const };

/**
 * The buyer's home dashboard (采购概览): one request; kept fresh for a minute, the counts move slowly. A background
 * request, as the bell's poll: the page asks by itself (on mount, on window focus), so it must not keep an idle
 * session alive nor reset the offline countdown.
 */
export const useBuyerDashboard = () =>
  useQuery({
    queryKey: dashboardKeys.buyer,
    queryFn: ({ signal }) => request<BuyerDashboard>(PROCUREMENT_API.dashboardBuyer, { signal, background: true }),
    staleTime: 60_000,
  });
