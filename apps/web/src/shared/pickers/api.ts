import type { CategoryTreeNode, DepartTreeNode, PageResult, TableDataRow, UserListRow } from '@aps/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../http.ts';

/** Query keys of the pickers (the people, department and category trees they read). */
export const pickerKeys = {
  all: ['pickers'] as const,
  users: (q: UserPickerQuery) => ['pickers', 'users', q] as const,
  usersById: (key: string) => ['pickers', 'users', 'byId', key] as const,
  departs: ['pickers', 'departs'] as const,
  companies: ['pickers', 'companies'] as const,
};

/** §7 queryUserComponentData: username (a word), field, departId, pageNo, pageSize (§9: 5 with 5/10/20/30). */
export interface UserPickerQuery {
  username?: string;
  departId?: string;
  pageNo: number;
  pageSize: number;
}

export function usePickerUsers(q: UserPickerQuery, enabled = true) {
  return useQuery({
    queryKey: pickerKeys.users(q),
    queryFn: ({ signal }) =>
      http.get<PageResult<UserListRow>>(
        '/sys/user/queryUserComponentData',
        { ...q, username: q.username || undefined, column: 'username', order: 'asc' },
        signal,
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** §7 getMultiUser: the users of comma-joined ids (a saved value's names). */
export function useUsersByIds(ids: readonly string[]) {
  const key = [...ids].sort().join(',');
  return useQuery({
    queryKey: pickerKeys.usersById(key),
    queryFn: ({ signal }) => http.get<UserListRow[]>('/sys/user/getMultiUser', { ids: key }, signal),
    enabled: ids.length > 0,
    staleTime: 60_000,
  });
}

/** The users of comma-joined usernames (a saved value's names), through the allow-listed table read. */
export function useUsersByUsernames(usernames: readonly string[]) {
  const key = [...usernames].sort().join(',');
  return useQuery({
    queryKey: ['pickers', 'users', 'byUsername', key],
    queryFn: async ({ signal }) => {
      const page = await http.get<PageResult<TableDataRow>>(
        '/sys/dict/queryTableData',
        { table: 'sys_user', columns: 'id,username,realname', keyField: 'username', keys: key, pageSize: 100 },
        signal,
      );
      return page.records.map((r) => ({ id: r.id ?? '', username: r.username ?? '', realname: r.realname ?? '' }));
    },
    enabled: usernames.length > 0,
    staleTime: 60_000,
  });
}

/** §7 queryTableData: a page of an allow-listed table, or the rows of given keys (`keyField`, `keys`). */
export function useTableData(
  p: {
    table: string;
    columns: string;
    query?: string;
    keyField?: string;
    keys?: string;
    pageNo: number;
    pageSize: number;
  },
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['pickers', 'biz', p],
    queryFn: ({ signal }) => http.get<PageResult<TableDataRow>>('/sys/dict/queryTableData', p, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The tenant's department tree (§7 queryTreeList). */
export const useDepartTree = (enabled = true) =>
  useQuery({
    queryKey: pickerKeys.departs,
    queryFn: ({ signal }) => http.get<DepartTreeNode[]>('/sys/sysDepart/queryTreeList', {}, signal),
    enabled,
    staleTime: 60_000,
  });

/** Companies only (§7 companyTreeList: groups and branch companies). */
export const useCompanyTree = (enabled = true) =>
  useQuery({
    queryKey: pickerKeys.companies,
    queryFn: ({ signal }) => http.get<DepartTreeNode[]>('/sys/sysDepart/companyTreeList', {}, signal),
    enabled,
    staleTime: 60_000,
  });

/** §7 category tree reads: the roots under pcode, then each node's children on demand. */
export const categoryTreeApi = {
  roots: (pcode: string) => http.get<CategoryTreeNode[]>('/sys/category/loadTreeRoot', { async: 'true', pcode }),
  children: (pid: string) => http.get<CategoryTreeNode[]>('/sys/category/loadTreeChildren', { pid }),
  /** §7 loadDictItem/: the labels of the given ids. */
  labels: (ids: string) => http.get<string[]>('/sys/category/loadDictItem/', { ids }),
};

/** Flattens a tree into id → node. */
export function indexTree<T extends { id?: string; key: string; children?: T[] }>(nodes: readonly T[] | undefined) {
  const map = new Map<string, T>();
  const walk = (list: readonly T[]) => {
    for (const n of list) {
      map.set(n.key, n);
      if (n.children) walk(n.children);
    }
  };
  walk(nodes ?? []);
  return map;
}
