import type { BidDto, NoticeDto, OpeningDto, PackageDto, PageResult, SignUpDto, SupplierNoticeDto } from '@aps/shared';
import { PROCUREMENT_BID_API as API, PROCUREMENT_API } from '@aps/shared/constants';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http.ts';

/** Query keys: every notice, sign-up or bid mutation invalidates `noticeKeys.all`. */
export const noticeKeys = {
  all: ['purchase-notice'] as const,
  supplierList: (q: object) => [...noticeKeys.all, 'supplier', q] as const,
  staffList: (q: object) => [...noticeKeys.all, 'staff', q] as const,
  supplierOne: (id: string) => [...noticeKeys.all, 'supplier-one', id] as const,
  staffOne: (id: string) => [...noticeKeys.all, 'staff-one', id] as const,
  myBid: (packageId: string) => [...noticeKeys.all, 'my-bid', packageId] as const,
  packageBids: (packageId: string) => [...noticeKeys.all, 'bids', packageId] as const,
  mySignUps: (q: object) => [...noticeKeys.all, 'my-sign-ups', q] as const,
  myBids: (q: object) => [...noticeKeys.all, 'my-bids', q] as const,
};

export interface NoticeListQuery {
  pageNo: number;
  pageSize: number;
  noticeType: string;
  title?: string;
  status?: string;
}

/** Published notices of one type, with the caller's own sign-up and bid state (every signed-in user). */
export function useSupplierNotices(q: NoticeListQuery, enabled: boolean) {
  return useQuery({
    queryKey: noticeKeys.supplierList(q),
    queryFn: ({ signal }) => http.get<PageResult<SupplierNoticeDto>>(API.supplierNotices, { ...q }, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Staff: the notices of their data scope in every status (草稿, 已发布, 已撤销). */
export function useStaffNotices(q: NoticeListQuery, enabled: boolean) {
  return useQuery({
    queryKey: noticeKeys.staffList(q),
    queryFn: ({ signal }) => http.get<PageResult<NoticeDto>>(API.noticeList, { ...q }, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useSupplierNotice(id: string | null, enabled = true) {
  return useQuery({
    queryKey: noticeKeys.supplierOne(id ?? ''),
    queryFn: ({ signal }) => http.get<SupplierNoticeDto>(API.supplierNotice, { id }, signal),
    enabled: Boolean(id) && enabled,
  });
}

export function useStaffNotice(id: string | null, enabled: boolean) {
  return useQuery({
    queryKey: noticeKeys.staffOne(id ?? ''),
    queryFn: ({ signal }) => http.get<NoticeDto>(API.noticeQueryById, { id }, signal),
    enabled: Boolean(id) && enabled,
  });
}

/** The caller's own bid on a package (with its own amount), or null. */
export function useMyBid(packageId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: noticeKeys.myBid(packageId ?? ''),
    queryFn: ({ signal }) => http.get<BidDto | null>(API.supplierBidById, { packageId }, signal),
    enabled: Boolean(packageId) && enabled,
  });
}

/** Staff: a package's sign-ups, bids (amounts null until the opening) and opening record. */
export function usePackageBids(packageId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: noticeKeys.packageBids(packageId ?? ''),
    queryFn: async ({ signal }) => {
      const [signUps, bids, opening] = await Promise.all([
        http.get<SignUpDto[]>(API.signUpList, { packageId }, signal),
        http.get<BidDto[]>(API.bidList, { packageId }, signal),
        http.get<OpeningDto | null>(API.opening, { packageId }, signal),
      ]);
      return { signUps, bids, opening };
    },
    enabled: Boolean(packageId) && enabled,
  });
}

export function useMySignUps(q: { pageNo: number; pageSize: number }) {
  return useQuery({
    queryKey: noticeKeys.mySignUps(q),
    queryFn: ({ signal }) => http.get<PageResult<SignUpDto>>(API.supplierSignUps, { ...q }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMyBids(q: { pageNo: number; pageSize: number }) {
  return useQuery({
    queryKey: noticeKeys.myBids(q),
    queryFn: ({ signal }) => http.get<PageResult<BidDto>>(API.supplierBids, { ...q }, signal),
    placeholderData: keepPreviousData,
  });
}

/** Packages the staff user may write a notice for (name search), for the editor's package picker. */
export function usePackageOptions(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: ['purchase-package-options', keyword],
    queryFn: ({ signal }) =>
      http.get<PageResult<PackageDto>>(
        PROCUREMENT_API.packageList,
        { pageNo: 1, pageSize: 20, name: keyword || undefined },
        signal,
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export interface BidInput {
  packageId: string;
  price?: string;
  rate?: string;
  fileIds: string[];
}

/** Every write of the page; each refreshes the notice lists, views and bids. */
export function useNoticeMutations() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: noticeKeys.all });
  const signUp = useMutation({
    mutationFn: (packageId: string) => http.post<SignUpDto>(API.supplierSignUp, { packageId }),
    onSuccess,
  });
  const submitBid = useMutation({
    mutationFn: (input: BidInput) => http.post<BidDto>(API.supplierBid, input),
    onSuccess,
  });
  const withdrawBid = useMutation({
    mutationFn: (packageId: string) => http.post<null>(API.supplierBidWithdraw, { packageId }),
    onSuccess,
  });
  const publish = useMutation({ mutationFn: (id: string) => http.post<null>(API.noticePublish, { id }), onSuccess });
  const revoke = useMutation({ mutationFn: (id: string) => http.post<null>(API.noticeRevoke, { id }), onSuccess });
  const remove = useMutation({ mutationFn: (id: string) => http.delete<null>(API.noticeDelete, { id }), onSuccess });
  return { signUp, submitBid, withdrawBid, publish, revoke, remove };
}
