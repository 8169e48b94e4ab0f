import type { SavedSuperQuery, SuperQueryCondition, SuperQueryListKey, SuperQueryMatchType } from '@aps/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, request } from '../http.ts';

export const superQueryKeys = {
  all: ['superQuery'] as const,
  saved: (listKey: SuperQueryListKey) => [...superQueryKeys.all, listKey] as const,
};

/** The signed-in user's saved queries of one list (GET /sys/superQuery/list). */
export function useSavedSuperQueries(listKey: SuperQueryListKey, enabled: boolean) {
  return useQuery({
    queryKey: superQueryKeys.saved(listKey),
    queryFn: ({ signal }) => http.get<SavedSuperQuery[]>('/sys/superQuery/list', { listKey, _t: Date.now() }, signal),
    enabled,
  });
}

export interface SaveSuperQueryInput {
  title: string;
  matchType: SuperQueryMatchType;
  records: SuperQueryCondition[];
  overwrite?: boolean;
}

export function useSaveSuperQuery(listKey: SuperQueryListKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveSuperQueryInput) =>
      request<SavedSuperQuery>('/sys/superQuery/save', { method: 'POST', body: { listKey, ...input }, silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: superQueryKeys.saved(listKey) }),
  });
}

export function useDeleteSuperQuery(listKey: SuperQueryListKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      request<null>('/sys/superQuery/delete', { method: 'DELETE', query: { id }, silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: superQueryKeys.saved(listKey) }),
  });
}
