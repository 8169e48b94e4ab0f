import type { PageResult, QaDto, QaFormModel, QaPublicDto } from '@aps/shared';
import { MAX_PAGE_SIZE, PERMISSIONS, QA_API } from '@aps/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http.ts';
import { createCrudApi } from '../../../shared/list/crudApi.ts';
import { useCrudMutation } from '../../../shared/list/useCrudList.ts';
import { STORAGE_KEYS, storage } from '../../../shared/storage.ts';
import { type ActiveSuperQuery, superQueryParams } from '../../../shared/superQuery/model.ts';

/** Query keys: every FAQ mutation invalidates `qaKeys.all`. */
export const qaKeys = {
  all: ['qa'] as const,
  list: () => [...qaKeys.all, 'list'] as const,
  public: () => [...qaKeys.all, 'public'] as const,
};

/**
 * §2: the page loads all entries (sorted by displayOrder) and filters them in the browser; an advanced query
 * (高级查询) narrows what the server sends.
 */
export function useQaEntries(superQuery: ActiveSuperQuery | null = null) {
  const advanced = superQueryParams(superQuery);
  return useQuery({
    queryKey: [...qaKeys.list(), advanced],
    queryFn: ({ signal }) =>
      http.get<PageResult<QaDto>>(
        `${QA_API}/list`,
        { pageNo: 1, pageSize: MAX_PAGE_SIZE, column: 'displayOrder', order: 'asc', ...advanced, _t: Date.now() },
        signal,
      ),
    select: (page) => page.records,
  });
}

/** The public /moreHelp list: supplier-visible entries, no login. */
export function usePublicQaEntries() {
  const tenantId = storage.get<number>(STORAGE_KEYS.tenantId) ?? undefined;
  return useQuery({
    queryKey: [...qaKeys.public(), tenantId],
    queryFn: ({ signal }) => http.get<QaPublicDto[]>(`${QA_API}/publicList`, { tenantId }, signal),
  });
}

/** The FAQ's generic calls: every signed-in user reads and exports it, qa:edit writes (§6). */
export const qaApi = createCrudApi<QaDto, Omit<QaFormModel, 'id'>>({
  base: QA_API,
  queryKey: qaKeys.all,
  permissions: PERMISSIONS.qa,
});

export function useSaveQa() {
  return useCrudMutation(qaApi, qaApi.save);
}

export function useDeleteQa() {
  return useCrudMutation(qaApi, qaApi.remove);
}

/** §2 export: the list as the page sorts it, narrowed by the search box and the advanced query (streamed .xlsx). */
export const exportQa = (keyword: string, superQuery: ActiveSuperQuery | null = null) =>
  qaApi.exportXls('问题答疑.xlsx', {
    keyword,
    column: 'displayOrder',
    order: 'asc',
    ...superQueryParams(superQuery),
  });

export const QA_IMPORT_ACTION = qaApi.importUrl;
export const QA_IMPORT_HINT =
  '表头须包含“问题描述”“答案内容”，可选“问题分类”“是否供应商可见”“排序”，与导出的文件格式一致。';
