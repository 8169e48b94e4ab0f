import type {
  BlacklistDto,
  CertificateDto,
  PageResult,
  SupplierChangeDto,
  SupplierDto,
  SupplierFileDto,
} from '@aps/shared';
import { PERMISSIONS, SUPPLIER_API } from '@aps/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http.ts';
import { createCrudApi } from '../../../shared/list/crudApi.ts';

export const standingKeys = {
  blacklist: ['supplier', 'blacklist'] as const,
  qualified: ['supplier', 'qualified'] as const,
  certificates: ['supplier', 'certificates'] as const,
  profile: ['supplier', 'portal', 'profile'] as const,
  changes: ['supplier', 'portal', 'changes'] as const,
  pick: (name: string) => ['supplier', 'pick', name] as const,
};

export interface BlacklistForm {
  supplierId: string;
  reason: string;
  scope: 'tenant' | 'categories';
  categories?: string[];
  startDate: string;
  endDate?: string | null;
}

export interface CertificateForm {
  kind: string;
  name: string;
  number: string;
  issuer?: string | null;
  validFrom?: string | null;
  expiresOn: string;
  files: SupplierFileDto[];
}

/** 黑名单: list and add (the add submits the supplier_blacklist approval); release and eliminate below. */
export const blacklistApi = createCrudApi<BlacklistDto, BlacklistForm>({
  base: '/supplier/blacklist',
  queryKey: standingKeys.blacklist,
  permissions: { list: PERMISSIONS.supplierBlacklist.list, edit: PERMISSIONS.supplierBlacklist.add },
});
export const releaseBlacklist = (id: string, reason: string) =>
  http.post(SUPPLIER_API.blacklistRelease, { id, reason });
export const eliminateBlacklist = (id: string, reason: string) =>
  http.post(SUPPLIER_API.blacklistEliminate, { id, reason });

/** 合格供应商: list and export. */
export const qualifiedApi = createCrudApi<SupplierDto, object>({
  base: '/supplier/qualified',
  queryKey: standingKeys.qualified,
  permissions: { list: PERMISSIONS.supplierQualified.list, edit: PERMISSIONS.supplierQualified.list },
});

/** 资质证书 of the signed-in supplier. */
export const certificateApi = createCrudApi<CertificateDto, CertificateForm>({
  base: '/supplier/certificate',
  queryKey: standingKeys.certificates,
  permissions: { list: PERMISSIONS.supplierPortal.certificate, edit: PERMISSIONS.supplierPortal.certificate },
});

/** Suppliers that may be blacklisted (准入, 合格, 暂停), searched by name. */
export function useSupplierPick(name: string) {
  return useQuery({
    queryKey: standingKeys.pick(name),
    queryFn: ({ signal }) =>
      http.get<{ id: string; name: string }[]>('/supplier/blacklist/candidates', { name: name || undefined }, signal),
  });
}

export function useMyProfile() {
  return useQuery({
    queryKey: standingKeys.profile,
    queryFn: ({ signal }) => http.get<SupplierDto>(SUPPLIER_API.portalProfile, undefined, signal),
  });
}

export function useMyChanges() {
  return useQuery({
    queryKey: standingKeys.changes,
    queryFn: ({ signal }) =>
      http.get<PageResult<SupplierChangeDto>>(SUPPLIER_API.portalChangeList, { pageNo: 1, pageSize: 20 }, signal),
  });
}

export const submitChange = (values: object) => http.post<SupplierChangeDto>(SUPPLIER_API.portalChange, values);
