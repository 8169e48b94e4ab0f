import {
  type BidDto,
  type NoticeDto,
  type NoticeRequest,
  type OpeningDto,
  type PackageDto,
  type PageResult,
  PROCUREMENT_API,
  PROCUREMENT_BID_API,
  type PurchaseMethod,
  type SelectionRequest,
  type SignUpDto,
  type StageAction,
  type StageHistoryDto,
} from '@aps/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http.ts';
import { useInvalidatingMutation } from '../../../shared/list/index.ts';
import { procurementKeys } from '../plan/api.ts';
import { type PackageAction, packageActions } from './actions.ts';

/** A package as its detail answers: review items and the buyer's allowed actions (from the transition table). */
export interface PackageDetail extends PackageDto {
  actions: PackageAction[];
}

export const packageApi = {
  listUrl: PROCUREMENT_API.packageList,
  queryById: (id: string, signal?: AbortSignal) =>
    http.get<PackageDetail>(PROCUREMENT_API.packageQueryById, { id }, signal),
  history: (id: string, signal?: AbortSignal) =>
    http.get<StageHistoryDto[]>(PROCUREMENT_API.packageHistory, { id }, signal),
  saveSelection: (body: SelectionRequest) => http.put<PackageDto>(PROCUREMENT_API.packageSelection, body),
  act: (body: { id: string; action: StageAction; reason?: string | null }) =>
    http.post<PackageDto>(PROCUREMENT_API.packageAction, body),
  open: (id: string) => http.post<PackageDto>(PROCUREMENT_API.packageOpen, { id }),
  rebid: (body: { id: string; reason?: string | null }) => http.post<PackageDto>(PROCUREMENT_API.rebid, body),
  changeMethod: (body: { id: string; purchaseMethod: PurchaseMethod; reason: string }) =>
    http.post<PackageDto>(PROCUREMENT_API.changeMethod, body),
  terminate: (body: { id: string; reason?: string | null }) => http.post<PackageDto>(PROCUREMENT_API.terminate, body),
  submitEndAudit: (body: { id: string; reason?: string | null }) =>
    http.post<PackageDto>(PROCUREMENT_API.endAuditSubmit, body),
  reviewStart: (packageId: string) => http.post<PackageDto>(PROCUREMENT_API.reviewStart, { packageId }),
  reviewComplete: (body: {
    packageId: string;
    validBidderIds: string[];
    rankedCandidates: string[];
    electionStatus: '0' | '1';
  }) => http.post<PackageDto>(PROCUREMENT_API.reviewComplete, body),
  signUps: (packageId: string) => http.get<SignUpDto[]>(PROCUREMENT_BID_API.signUpList, { packageId }),
  bids: (packageId: string) => http.get<BidDto[]>(PROCUREMENT_BID_API.bidList, { packageId }),
  opening: (packageId: string) => http.get<OpeningDto | null>(PROCUREMENT_BID_API.opening, { packageId }),
  notices: (packageId: string) =>
    http.get<PageResult<NoticeDto>>(PROCUREMENT_BID_API.noticeList, { packageId, pageNo: 1, pageSize: 50 }),
  addNotice: (body: NoticeRequest) => http.post<NoticeDto>(PROCUREMENT_BID_API.noticeAdd, body),
  editNotice: (body: NoticeRequest & { id: string }) => http.put<NoticeDto>(PROCUREMENT_BID_API.noticeEdit, body),
  publishNotice: (id: string) => http.post<NoticeDto>(PROCUREMENT_BID_API.noticePublish, { id }),
};

export const usePackage = (id: string | null) =>
  useQuery({
    queryKey: procurementKeys.package(id ?? ''),
    queryFn: ({ signal }) => packageApi.queryById(id ?? '', signal),
    enabled: !!id,
  });

export const usePackageHistory = (id: string | null) =>
  useQuery({
    queryKey: procurementKeys.history(id ?? ''),
    queryFn: ({ signal }) => packageApi.history(id ?? '', signal),
    enabled: !!id,
  });

/** A write on packages: refreshes every procurement list and detail. */
export const usePackageMutation = <A, R>(fn: (arg: A) => Promise<R>) =>
  useInvalidatingMutation(fn, [procurementKeys.all]);

/** A list row with the buyer's allowed actions computed from the shared transition table (as the detail does). */
export const withActions = (row: PackageDto): PackageDetail => ({ ...row, actions: packageActions(row) });
