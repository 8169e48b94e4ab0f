import type { FindingAddInput, FindingDto, InspectionAddInput, InspectionDto, PageResult } from '@aps/shared';
import { CONTRACT_API, INSPECTION_API, PERMISSIONS, PROCUREMENT_API, SUPPLIER_API } from '@aps/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http.ts';
import { createCrudApi } from '../../../shared/list/crudApi.ts';

export const inspectionKeys = {
  all: ['supervision', 'inspection'] as const,
  detail: (id: string) => ['supervision', 'inspection', 'detail', id] as const,
  targets: (type: string, keyword: string) => ['supervision', 'inspection', 'targets', type, keyword] as const,
  target: (type: string, id: string) => ['supervision', 'inspection', 'target', type, id] as const,
};

/** 检查管理 (INSPECTION_API): list, queryById, add, edit, delete, exportXls. */
export const inspectionApi = createCrudApi<InspectionDto, InspectionAddInput>({
  base: INSPECTION_API.list.replace(/\/list$/, ''),
  queryKey: inspectionKeys.all,
  alsoInvalidates: [['supervision', 'rectification']],
  permissions: PERMISSIONS.inspection,
});

export const addFinding = (body: FindingAddInput) => http.post<FindingDto>(INSPECTION_API.findingAdd, body);
export const removeFinding = (id: string) => http.delete(INSPECTION_API.findingDelete, { id });

export function useInspection(id: string | null) {
  return useQuery({
    queryKey: inspectionKeys.detail(id ?? ''),
    queryFn: ({ signal }) => http.get<InspectionDto>(INSPECTION_API.queryById, { id }, signal),
    enabled: !!id,
  });
}

/** The name of a target given by type and id (the 监控中心 link's prefilled form). */
export function useTargetName(type: string | undefined, id: string | undefined) {
  return useQuery({
    queryKey: inspectionKeys.target(type ?? '', id ?? ''),
    queryFn: ({ signal }) =>
      http.get<{ name: string }>(INSPECTION_API.target, { targetType: type, targetId: id }, signal),
    enabled: !!type && !!id,
  });
}

type Option = { value: string; label: string };
/** Each target type's own list (read in the caller's scope), searched by name. */
const SEARCH: Record<string, (keyword: string, signal: AbortSignal) => Promise<Option[]>> = {
  supplier: async (k, signal) =>
    (
      await http.get<PageResult<{ id: string; name: string }>>(
        SUPPLIER_API.directoryList,
        { name: k || undefined, pageSize: 20 },
        signal,
      )
    ).records.map((r) => ({ value: r.id, label: r.name })),
  package: async (k, signal) =>
    (
      await http.get<PageResult<{ id: string; purchaseName: string; packageName: string }>>(
        `${PROCUREMENT_API.package}/list`,
        { name: k || undefined, pageSize: 20 },
        signal,
      )
    ).records.map((r) => ({ value: r.id, label: `${r.purchaseName}（${r.packageName}）` })),
  project: async (k, signal) =>
    (
      await http.get<PageResult<{ id: string; purchaseName: string }>>(
        `${PROCUREMENT_API.project}/list`,
        { purchaseName: k || undefined, pageSize: 20 },
        signal,
      )
    ).records.map((r) => ({ value: r.id, label: r.purchaseName })),
  contract: async (k, signal) =>
    (
      await http.get<PageResult<{ id: string; contractNo: string; name: string }>>(
        CONTRACT_API.list,
        { name: k || undefined, pageSize: 20 },
        signal,
      )
    ).records.map((r) => ({ value: r.id, label: `${r.contractNo} ${r.name}` })),
};

export function useTargetOptions(type: string | undefined, keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: inspectionKeys.targets(type ?? '', keyword),
    queryFn: ({ signal }) => SEARCH[type ?? '']?.(keyword, signal) ?? Promise.resolve([]),
    enabled: enabled && !!type && !!SEARCH[type],
  });
}
