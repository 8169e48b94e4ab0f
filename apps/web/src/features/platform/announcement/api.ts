import type { AnnouncementDto, AnnouncementListByUser, PageResult } from '@aps/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, request } from '../../../shared/http.ts';
import { useRealtimeStore } from '../../../shared/realtime/store.ts';

/** §9: the notice bell polls every 6 s; polling stops on error (§7) until the bell is opened again. */
export const NOTICE_POLL_MS = 6_000;

export const announcementKeys = {
  all: ['announcement'] as const,
  byUser: () => [...announcementKeys.all, 'byUser'] as const,
  mine: (query: MyAnnouncementParams) => [...announcementKeys.all, 'mine', query] as const,
};

export interface MyAnnouncementParams {
  pageNo: number;
  pageSize: number;
  /** Part of the title; empty for all. */
  titile?: string;
  msgCategory?: string;
  readFlag?: string;
}

/** GET /sys/annountCement/listByUser: unread notices (anntMsgList) and system messages (sysMsgList). */
export function useNotices(enabled = true) {
  // While the notice socket is up it tells the bell when to reload (§4): no polling then.
  const pushed = useRealtimeStore((s) => s.noticeConnected);
  return useQuery({
    queryKey: announcementKeys.byUser(),
    // A background poll: it must not keep an idle session alive (the offline countdown would never run).
    queryFn: ({ signal }) =>
      request<AnnouncementListByUser>('/sys/annountCement/listByUser', { signal, background: true }),
    enabled,
    retry: false,
    staleTime: 0,
    refetchInterval: (query) => (pushed || query.state.status === 'error' ? false : NOTICE_POLL_MS),
  });
}

/** The user's announcements, read or not, one page at a time (/isps/userAnnouncement). */
export function useMyAnnouncements(params: MyAnnouncementParams) {
  return useQuery({
    queryKey: announcementKeys.mine(params),
    queryFn: ({ signal }) =>
      http.get<PageResult<AnnouncementDto>>(
        '/sys/sysAnnouncementSend/getMyAnnouncementSend',
        {
          ...params,
          titile: params.titile?.trim() || undefined,
          msgCategory: params.msgCategory || undefined,
          readFlag: params.readFlag || undefined,
        },
        signal,
      ),
    placeholderData: (previous) => previous,
  });
}

/** §7 editByAnntIdAndUserId: marks one read, then the bell and the list reload. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (anntId: string) => http.put<null>('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId }),
    onSettled: () => client.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => http.put<number>('/sys/sysAnnouncementSend/readAll'),
    onSettled: () => client.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}
