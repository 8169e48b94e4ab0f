import type {
  AnnouncementAddRequest,
  AnnouncementAdminDto,
  AnnouncementDto,
  PageResult,
  UserListRow,
} from '@aps/shared';
import { PERMISSIONS } from '@aps/shared/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http.ts';
import { createCrudApi } from '../../../shared/list/crudApi.ts';
import { useCrudMutation } from '../../../shared/list/useCrudList.ts';
import { announcementKeys } from './api.ts';

/** Under announcementKeys.all: a release or revoke also refreshes the admin's own notice bell. */
export const announcementAdminKeys = {
  list: [...announcementKeys.all, 'admin'] as const,
  users: [...announcementKeys.all, 'admin', 'users'] as const,
};

export type AnnouncementFormValues = AnnouncementAddRequest & { id?: string };

const BASE = '/sys/annountCement';

export const announcementAdminApi = {
  ...createCrudApi<AnnouncementAdminDto, AnnouncementAddRequest>({
    base: BASE,
    queryKey: announcementAdminKeys.list,
    // A release or revoke also refreshes the admin's own notice bell.
    alsoInvalidates: [announcementKeys.all],
    permissions: PERMISSIONS.announcement,
  }),
  /** §7 doReleaseData: creates the recipients' send rows; the bell shows it at its next poll. */
  release: (id: string) => http.get<AnnouncementAdminDto>(`${BASE}/doReleaseData`, { id }),
  /** §7 doReovkeData (sic): it leaves every bell at once. */
  revoke: (id: string) => http.get<AnnouncementAdminDto>(`${BASE}/doReovkeData`, { id }),
};

/** A mutation that refreshes the admin list and the bell. */
export function useAnnouncementMutation<A, R>(fn: (arg: A) => Promise<R>) {
  return useCrudMutation(announcementAdminApi, fn);
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
