import { type BuyerDashboard, PROCUREMENT_API } from '@aps/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http.ts';

/**
 * Under procurementKeys.all (['procurement']): every procurement write refreshes the lists and this too. Written out
 * rather than imported from plan/api.ts, which would bring the plan list's CRUD kit into the home page's chunk.
 */
export const dashboardKeys = { buyer: ['procurement', 'dashboard', 'buyer'] as const };

/** The buyer's home dashboard (采购概览): one request; kept fresh for a minute, the counts move slowly. */
export const useBuyerDashboard = () =>
  useQuery({
    queryKey: dashboardKeys.buyer,
    queryFn: ({ signal }) => http.get<BuyerDashboard>(PROCUREMENT_API.dashboardBuyer, undefined, signal),
    staleTime: 60_000,
  });
