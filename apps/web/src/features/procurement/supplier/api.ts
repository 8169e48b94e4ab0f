import type {
  CategoryTreeNode,
  SupplierAction,
  SupplierAddInput,
  SupplierDetailDto,
  SupplierDto,
  UploadedFileDto,
} from '@aps/shared';
import { PERMISSIONS, SUPPLIER_API } from '@aps/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { API_BASE, http } from '../../../shared/http.ts';
import { createCrudApi } from '../../../shared/list/crudApi.ts';

export const supplierKeys = {
  all: ['supplier', 'directory'] as const,
  detail: (id: string) => ['supplier', 'directory', 'detail', id] as const,
  registerCategories: ['supplier', 'register', 'categories'] as const,
};

/** The directory form: the add body, with an id when editing. */
export type SupplierFormValues = SupplierAddInput & { id?: string };

/** 供应商名录: list, queryById (detail), add, edit, exportXls. */
export const directoryApi = createCrudApi<SupplierDto, SupplierAddInput>({
  base: '/supplier/directory',
  queryKey: supplierKeys.all,
  permissions: PERMISSIONS.supplierDirectory,
});

export function useSupplierDetail(id: string | null) {
  return useQuery({
    queryKey: supplierKeys.detail(id ?? ''),
    queryFn: ({ signal }) => http.get<SupplierDetailDto>(SUPPLIER_API.directoryQueryById, { id }, signal),
    enabled: Boolean(id),
  });
}

export const transitionSupplier = (body: { id: string; action: SupplierAction; reason: string }) =>
  http.post<SupplierDto>(SUPPLIER_API.directoryTransition, body);

/** The registration tenant's category tree (public). */
export function useRegisterCategories() {
  return useQuery({
    queryKey: supplierKeys.registerCategories,
    queryFn: ({ signal }) => http.get<CategoryTreeNode[]>(SUPPLIER_API.registerCategories, undefined, signal),
    staleTime: 5 * 60_000,
  });
}

export const submitRegistration = (body: object) =>
  http.post<{ username: string; supplierId: string }>(SUPPLIER_API.register, body);

/** A certificate file of this registration: the token binds it to the registration that submits it. */
export async function uploadRegisterFile(token: string, file: File): Promise<UploadedFileDto> {
  const data = new FormData();
  data.append('file', file);
  const res = await fetch(`${API_BASE}${SUPPLIER_API.registerUpload}?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    body: data,
  });
  const body = (await res.json().catch(() => null)) as {
    success?: boolean;
    message?: string;
    result?: UploadedFileDto;
  };
  if (!res.ok || !body?.success || !body.result) throw new Error(body?.message || '上传失败');
  return body.result;
}
