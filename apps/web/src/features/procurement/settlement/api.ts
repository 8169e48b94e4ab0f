import type {
  LedgerRowDto,
  LedgerSummaryDto,
  PageResult,
  PaymentAddInput,
  SettlementAddInput,
  SettlementDto,
} from '@aps/shared';
import { LEDGER_API, PERMISSIONS, SETTLEMENT_API } from '@aps/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { http, type Query, request } from '../../../shared/http.ts';
import { createCrudApi } from '../../../shared/list/crudApi.ts';

export const settlementKeys = {
  all: ['settlement'] as const,
  ledger: ['settlement', 'ledger'] as const,
  contracts: (keyword: string) => ['settlement', 'contracts', keyword] as const,
  mine: ['settlement', 'mine'] as const,
};

/** The form's values: the add body with an id when editing (money as decimal strings). */
export type SettlementFormValues = SettlementAddInput & { id?: string };

/** 结算管理 (SETTLEMENT_API): list, queryById, add, edit, delete, exportXls. */
export const settlementApi = createCrudApi<SettlementDto, SettlementAddInput>({
  base: SETTLEMENT_API.list.replace(/\/list$/, ''),
  queryKey: settlementKeys.all,
  alsoInvalidates: [settlementKeys.ledger],
  permissions: PERMISSIONS.settlement,
});

export const submitSettlement = (id: string) => http.post<SettlementDto>(SETTLEMENT_API.submit, { id });
export const paySettlement = (body: PaymentAddInput) => http.post<SettlementDto>(SETTLEMENT_API.pay, body);
export const releaseRetention = (contractId: string) => http.post(SETTLEMENT_API.releaseRetention, { contractId });

/** The contracts a settlement may be drawn on: the ledger rows (in scope), searched by number. */
export function useSettleableContracts(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: settlementKeys.contracts(keyword),
    queryFn: ({ signal }) =>
      http.get<PageResult<LedgerRowDto>>(LEDGER_API.list, { contractNo: keyword || undefined, pageSize: 20 }, signal),
    enabled,
  });
}

/**
 * `background`: the home page's card asks by itself (on mount, on window focus), like the buyer overview, so it
 * must not keep an idle session alive nor reset the offline countdown; the ledger page's reads are the user's.
 */
export function useLedgerSummary(filters: Query, { background = false }: { background?: boolean } = {}) {
  return useQuery({
    queryKey: [...settlementKeys.ledger, 'summary', filters],
    queryFn: ({ signal }) => request<LedgerSummaryDto>(LEDGER_API.summary, { query: filters, signal, background }),
  });
}
