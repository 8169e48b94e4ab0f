import type {
  CategoryAddRequest,
  CategoryDto,
  CategoryTreeNode,
  DictAddRequest,
  DictDto,
  DictItemAddRequest,
  DictItemDto,
} from '@aps/shared';
import { CATEGORY_ROOT, PERMISSIONS } from '@aps/shared/constants';
import { useQueries } from '@tanstack/react-query';
import { http, request } from '../../../shared/http.ts';
import { createCrudApi } from '../../../shared/list/crudApi.ts';
import { idsParam } from '../../../shared/list/query.ts';

/** Query keys of 数据字典 and 分类字典; items sit under their dictionaries, so a dictionary's item count follows. */
export const dictKeys = {
  dicts: ['system', 'dict'] as const,
  items: ['system', 'dict', 'item'] as const,
  categories: ['system', 'category'] as const,
};

const put = <T>(path: string, body: unknown) => request<T>(path, { method: 'PUT', body });
const post = <T>(path: string, body: unknown) => request<T>(path, { method: 'POST', body });
const del = <T>(path: string, query: Record<string, string>) => request<T>(path, { method: 'DELETE', query });

/**
 * §5 duplicate check (GET /sys/duplicate/check): resolves when the value is free, rejects with the server's
 * message (该值不可用，系统中已存在！) when taken. Empty values are not checked.
 */
export const checkDuplicate = (tableName: 'sys_dict' | 'sys_category', fieldName: string, value: string, id?: string) =>
  http.get<boolean>('/sys/duplicate/check', { tableName, fieldName, fieldVal: value, dataId: id });

// ── Dictionaries ──────────────────────────────────────────────────────────────────────────────
export type DictFormValues = DictAddRequest & { id?: string };
export type DictItemFormValues = DictItemAddRequest & { id?: string };

export const dictApi = {
  ...createCrudApi<DictDto, DictAddRequest>({
    base: '/sys/dict',
    queryKey: dictKeys.dicts,
    permissions: PERMISSIONS.dict,
  }),
  saveItem: (v: DictItemFormValues) =>
    v.id ? put<DictItemDto>('/sys/dictItem/edit', v) : post<DictItemDto>('/sys/dictItem/add', v),
  removeItem: (id: string) => del<number>('/sys/dictItem/delete', { id }),
  removeItems: (ids: readonly string[]) => del<number>('/sys/dictItem/deleteBatch', { ids: idsParam(ids) }),
};

// ── Categories ────────────────────────────────────────────────────────────────────────────────
export type CategoryFormValues = CategoryAddRequest & { id?: string };

export const categoryApi = {
  ...createCrudApi<CategoryDto, CategoryAddRequest>({
    base: '/sys/category',
    queryKey: dictKeys.categories,
    permissions: PERMISSIONS.category,
  }),
  children: (pid: string, signal?: AbortSignal) =>
    http.get<CategoryDto[]>('/sys/category/childList', { pid, _t: Date.now() }, signal),
  /** The tree calls of the category selects (§7): the roots, then each node's children on demand. */
  treeRoot: () => http.get<CategoryTreeNode[]>('/sys/category/loadTreeRoot', { async: 'true', pcode: CATEGORY_ROOT }),
  treeChildren: (pid: string) => http.get<CategoryTreeNode[]>('/sys/category/loadTreeChildren', { pid }),
};

/** The children of each expanded category row, one cached query per parent (refetched with the list). */
export function useCategoryChildren(parentIds: readonly string[]) {
  return useQueries({
    queries: parentIds.map((pid) => ({
      queryKey: [...dictKeys.categories, 'children', pid],
      queryFn: ({ signal }: { signal: AbortSignal }) => categoryApi.children(pid, signal),
    })),
    combine: (results) => ({
      byParent: new Map(parentIds.map((pid, i) => [pid, results[i]?.data] as const)),
      fetching: results.some((r) => r.isFetching),
      error: results.find((r) => r.error)?.error ?? null,
    }),
  });
}
