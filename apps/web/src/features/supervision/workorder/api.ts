import type { NoticeDto, PageResult, WorkOrderAddInput, WorkOrderDetailDto, WorkOrderDto } from '@aps/shared';
import { CONTRACT_API, PERMISSIONS, PROCUREMENT_BID_API, WORK_ORDER_API } from '@aps/shared/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http.ts';
import { createCrudApi } from '../../../shared/list/crudApi.ts';

export const workOrderKeys = {
  all: ['workorder'] as const,
  detail: (id: string) => ['workorder', 'detail', id] as const,
  targets: (type: string, keyword: string) => ['workorder', 'targets', type, keyword] as const,
};

/** Work orders (WORK_ORDER_API): list (filtered by type), queryById, add, exportXls. */
export const workOrderApi = createCrudApi<WorkOrderDto, WorkOrderAddInput>({
  base: WORK_ORDER_API.list.replace(/\/list$/, ''),
  queryKey: workOrderKeys.all,
  permissions: {
    list: PERMISSIONS.workOrder.list,
    add: PERMISSIONS.workOrder.add,
    edit: PERMISSIONS.workOrder.handle,
    export: PERMISSIONS.workOrder.export,
  },
});

export function useWorkOrder(id: string | null) {
  return useQuery({
    queryKey: workOrderKeys.detail(id ?? ''),
    queryFn: ({ signal }) => http.get<WorkOrderDetailDto>(WORK_ORDER_API.queryById, { id: id ?? '' }, signal),
    enabled: !!id,
  });
}

type Action = 'accept' | 'complete' | 'reject' | 'approve' | 'comment';

/** The handler's actions and the thread's comments; each refreshes the lists and the open order. */
export function useWorkOrderAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: Action; body: object }) =>
      http.post<WorkOrderDto>(WORK_ORDER_API[action], body),
    onSuccess: () => client.invalidateQueries({ queryKey: workOrderKeys.all }),
  });
}

export interface TargetOption {
  value: string;
  label: string;
}

/** The records a 修改 order may name: the caller's notices (by title) or contracts (by name), in its data scope. */
export function useModifyTargets(type: string | undefined, keyword: string) {
  return useQuery({
    queryKey: workOrderKeys.targets(type ?? '', keyword),
    enabled: !!type,
    queryFn: async ({ signal }): Promise<TargetOption[]> => {
      if (type === 'notice') {
        const page = await http.get<PageResult<NoticeDto>>(
          PROCUREMENT_BID_API.noticeList,
          { pageNo: 1, pageSize: 20, title: keyword || undefined },
          signal,
        );
        return page.records.map((n) => ({ value: n.id, label: `${n.title}（${n.packageName}）` }));
      }
      const page = await http.get<PageResult<{ id: string; name: string; contractNo: string }>>(
        CONTRACT_API.list,
        { pageNo: 1, pageSize: 20, name: keyword || undefined },
        signal,
      );
      return page.records.map((c) => ({ value: c.id, label: `${c.name}（${c.contractNo}）` }));
    },
  });
}
