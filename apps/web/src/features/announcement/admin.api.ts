import type {
  AnnouncementAddRequest,
  AnnouncementAdminDto,
  AnnouncementDto,
  PageResult,
  UserListRow,
} from '@aps/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../shared/http.ts';
import { downloadBlob } from '../../shared/list/download.ts';
import { idsParam, type ListParams } from '../../shared/list/query.ts';
import { useSystemMutation } from '../system/api.ts';
import { announcementKeys } from './api.ts';

/** Under announcementKeys.all: a release or revoke also refreshes the admin's own notice bell. */
export const announcementAdminKeys = {
  list: [...announcementKeys.all, 'admin'] as const,
  users: [...announcementKeys.all, 'admin', 'users'] as const,
};

export type AnnouncementFormValues = AnnouncementAddRequest & { id?: string };

const BASE = '/sys/annountCement';

export const announcementAdminApi = {
  save: (v: AnnouncementFormValues) =>
    v.id ? http.put<AnnouncementAdminDto>(`${BASE}/edit`, v) : http.post<AnnouncementAdminDto>(`${BASE}/add`, v),
  remove: (id: string) => http.delete<number>(`${BASE}/delete`, { id }),
  removeBatch: (ids: readonly string[]) => http.delete<number>(`${BASE}/deleteBatch`, { ids: idsParam(ids) }),
  /** §7 doReleaseData: creates the recipients' send rows; the bell shows it at its next poll. */
  release: (id: string) => http.get<AnnouncementAdminDto>(`${BASE}/doReleaseData`, { id }),
  /** §7 doReovkeData (sic): it leaves every bell at once. */
  revoke: (id: string) => http.get<AnnouncementAdminDto>(`${BASE}/doReovkeData`, { id }),
  export: (params: ListParams) => {
    const { pageNo: _p, pageSize: _s, ...filters } = params;
    return downloadBlob(`${BASE}/exportXls`, '系统通告.xlsx', filters);
  },
};

/** A mutation that refreshes the admin list and the bell. */
export function useAnnouncementMutation<A, R>(fn: (arg: A) => Promise<R>) {
  return useSystemMutation(fn, [announcementKeys.all]);
}

/** The tenant's active users matching a word (account or name), for the recipients picker. */
export function useUserSearch(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: [...announcementAdminKeys.users, 'search', keyword],
    queryFn: ({ signal }) =>
      http.get<PageResult<UserListRow>>(
        '/sys/user/queryUserComponentData',
        { username: keyword || undefined, pageNo: 1, pageSize: 50, column: 'username', order: 'asc' },
        signal,
      ),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The chosen users by id (an edited announcement's recipients), for their names. */
export function useUsersById(ids: readonly string[]) {
  const key = [...ids].sort().join(',');
  return useQuery({
    queryKey: [...announcementAdminKeys.users, 'byId', key],
    queryFn: ({ signal }) => http.get<UserListRow[]>('/sys/user/getMultiUser', { ids: key }, signal),
    enabled: ids.length > 0,
    staleTime: 30_000,
  });
}

/** An admin row as the detail modal shows it (the preview a recipient will see). */
export function toViewerDto(a: AnnouncementAdminDto): AnnouncementDto {
  return {
    id: a.id,
    titile: a.titile,
    msgContent: a.msgContent,
    msgAbstract: a.msgAbstract,
    sender: a.sender,
    sendTime: a.sendTime,
    createTime: a.createTime,
    priority: a.priority,
    msgCategory: a.msgCategory,
    openType: a.openType,
    openPage: a.openPage,
    busId: a.busId,
    busType: a.busType,
    readFlag: true,
  };
}
