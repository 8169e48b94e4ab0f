import type { CategoryTreeNode, ExpertAddRequest, ExpertProfileDto, ExpertUserOption } from '@aps/shared';
import { CATEGORY_ROOT, PERMISSIONS, REVIEW_API } from '@aps/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http.ts';
import { createCrudApi } from '../../../shared/list/crudApi.ts';

export const expertKeys = {
  all: ['review', 'expert'] as const,
  users: (keyword: string) => ['review', 'expert', 'users', keyword] as const,
  categories: ['review', 'expert', 'categories'] as const,
};

/** The form's values: as the add body, with an id when editing. */
export type ExpertFormValues = ExpertAddRequest & { id?: string };

/** 专家库 (REVIEW_API.expert*): list, queryById, add, edit, delete, deleteBatch, exportXls, importExcel. */
export const expertApi = createCrudApi<ExpertProfileDto, ExpertAddRequest>({
  base: REVIEW_API.expert,
  queryKey: expertKeys.all,
  permissions: PERMISSIONS.reviewExpert,
});

/** The expert-end users without a profile, for the add form's picker (searched as one types). */
export function useExpertUsers(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: expertKeys.users(keyword),
    queryFn: ({ signal }) =>
      http.get<ExpertUserOption[]>(REVIEW_API.expertUsers, { keyword: keyword || undefined }, signal),
    enabled,
  });
}

/** The tenant's category tree (the specialities are its codes), whole: it is small and the select filters it. */
export function useCategoryTree() {
  return useQuery({
    queryKey: expertKeys.categories,
    queryFn: ({ signal }) =>
      http.get<CategoryTreeNode[]>('/sys/category/loadTreeRoot', { async: 'false', pcode: CATEGORY_ROOT }, signal),
    staleTime: 5 * 60_000,
  });
}
