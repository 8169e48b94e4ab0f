import {
  CONTRACT_API,
  type ContractAddInput,
  type ContractAwardDto,
  type ContractChangeDto,
  type ContractChangeInput,
  type ContractDetailDto,
  type ContractDto,
  type PackageDto,
  type PageResult,
  PERMISSIONS,
  type PerformanceAddInput,
  type PerformanceDto,
  PROCUREMENT_API,
} from '@aps/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http.ts';
import { createCrudApi } from '../../../shared/list/index.ts';

export const contractKeys = {
  all: ['contract'] as const,
  detail: (id: string) => ['contract', 'detail', id] as const,
  award: (packageId: string) => ['contract', 'award', packageId] as const,
  awarded: (name: string) => ['contract', 'awarded', name] as const,
  mine: ['contract', 'mine'] as const,
};

const crud = createCrudApi<ContractDto, ContractAddInput>({
  base: CONTRACT_API.list.replace(/\/list$/, ''),
  queryKey: contractKeys.all,
  permissions: PERMISSIONS.contract,
});

/** 合同管理: CRUD and the contract's steps (approval, signature, performance, change, end, evaluation). */
export const contractApi = {
  ...crud,
  detail: (id: string, signal?: AbortSignal) => http.get<ContractDetailDto>(CONTRACT_API.queryById, { id }, signal),
  award: (packageId: string, signal?: AbortSignal) =>
    http.get<ContractAwardDto>(CONTRACT_API.draftFromAward, { packageId }, signal),
  submit: (id: string) => http.post<ContractDto>(CONTRACT_API.submit, { id }),
  sign: (id: string) => http.post<ContractDto>(CONTRACT_API.sign, { id }),
  progress: (body: { id: string; action: 'performed' | 'warranty' | 'close' }) =>
    http.post<ContractDto>(CONTRACT_API.progress, body),
  terminate: (body: { id: string; reason: string }) => http.post<ContractDto>(CONTRACT_API.terminate, body),
  voidContract: (body: { id: string; reason: string }) => http.post<ContractDto>(CONTRACT_API.void, body),
  change: (body: ContractChangeInput) => http.post<ContractChangeDto>(CONTRACT_API.change, body),
  evaluate: (body: PerformanceAddInput) => http.post<PerformanceDto>(CONTRACT_API.evaluate, body),
};

/** The awarded packages (stage 12) matching a name, for the new contract's package picker. */
export function useAwardedPackages(name: string, enabled: boolean) {
  return useQuery({
    queryKey: contractKeys.awarded(name),
    queryFn: ({ signal }) =>
      http.get<PageResult<PackageDto>>(
        PROCUREMENT_API.packageList,
        { stages: '12', name: name || undefined, pageNo: 1, pageSize: 20 },
        signal,
      ),
    enabled,
  });
}

/** 我的合同 (the supplier's own contracts). */
export const myContractApi = {
  sign: (id: string) => http.post<ContractDto>(CONTRACT_API.supplierSign, { id }),
};
