import type {
  DataRuleDto,
  DepartTreeNode,
  DeptRoleDto,
  PermissionNode,
  PermissionTreeResult,
  RoleDto,
  UserListRow,
} from '@aps/shared';
import { PERMISSIONS } from '@aps/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { http, request } from '../../../shared/http.ts';
import { createCrudApi } from '../../../shared/list/crudApi.ts';
import { idsParam } from '../../../shared/list/query.ts';
import { useInvalidatingMutation } from '../../../shared/list/useCrudList.ts';

/** Query keys: a mutation invalidates its area (and the areas that show its data). */
export const systemKeys = {
  users: ['system', 'user'] as const,
  roles: ['system', 'role'] as const,
  permissions: ['system', 'permission'] as const,
  departs: ['system', 'depart'] as const,
  online: ['system', 'online'] as const,
};

const put = <T>(path: string, body: unknown) => request<T>(path, { method: 'PUT', body });
const post = <T>(path: string, body: unknown) => request<T>(path, { method: 'POST', body });
const del = <T>(path: string, query: Record<string, string>) => request<T>(path, { method: 'DELETE', query });

// ── Users ──────────────────────────────────────────────────────────────────────────────────────
export interface UserFormValues {
  id?: string;
  username: string;
  realname: string;
  password?: string;
  confirmpassword?: string;
  phone: string;
  email?: string | null;
  sex?: 1 | 2 | null;
  birthday?: string | null;
  post?: string | null;
  roleIds: string[];
  departIds: string[];
  userEnd?: string[];
}

export const userApi = {
  ...createCrudApi<UserListRow, Omit<UserFormValues, 'id'>>({
    base: '/sys/user',
    queryKey: systemKeys.users,
    // A department's member list shows its users.
    alsoInvalidates: [systemKeys.departs],
    permissions: PERMISSIONS.user,
  }),
  frozen: (ids: readonly string[], status: 1 | 2) =>
    put<number>('/sys/user/frozenBatch', { ids: idsParam(ids), status }),
  changePassword: (v: { username: string; password: string; confirmpassword: string }) =>
    put<null>('/sys/user/changePassword', v),
  /** Resolves when the value is free; rejects with the server's message (该用户名已存在 …) when taken. */
  checkOnly: (field: 'username' | 'phone' | 'email', value: string, id?: string) =>
    http.get<boolean>('/sys/user/checkOnlyUser', { [field]: value, id }),
};

// ── Roles ──────────────────────────────────────────────────────────────────────────────────────
export interface RoleFormValues {
  id?: string;
  roleName: string;
  roleCode: string;
  description?: string | null;
  dataScope: string;
}

export const roleApi = {
  ...createCrudApi<RoleDto, Omit<RoleFormValues, 'id'>>({
    base: '/sys/role',
    queryKey: systemKeys.roles,
    // The user list shows each user's role names.
    alsoInvalidates: [systemKeys.users],
    permissions: PERMISSIONS.role,
  }),
  checkCode: (roleCode: string, id?: string) => http.get<boolean>('/sys/role/checkRoleCode', { roleCode, id }),
  permissionIds: (roleId: string) =>
    http.get<string[]>('/sys/permission/queryRolePermission', { roleId, _t: Date.now() }),
  savePermissions: (roleId: string, permissionIds: readonly string[]) =>
    post<string[]>('/sys/permission/saveRolePermission', { roleId, permissionIds: idsParam(permissionIds) }),
  dataRules: (roleId: string, permissionId: string) =>
    http.get<{ datarule: DataRuleDto[]; drChecked: string[] }>('/sys/role/datarule', { roleId, permissionId }),
  saveDataRules: (roleId: string, permissionId: string, dataRuleIds: readonly string[]) =>
    post<null>('/sys/role/datarule', { roleId, permissionId, dataRuleIds: idsParam(dataRuleIds) }),
};

/** Every role of the tenant (the user form's multi-select). */
export function useAllRoles(enabled = true) {
  return useQuery({
    queryKey: [...systemKeys.roles, 'all'],
    queryFn: ({ signal }) => http.get<RoleDto[]>('/sys/role/queryall', { _t: Date.now() }, signal),
    enabled,
  });
}

// ── Menus and buttons ─────────────────────────────────────────────────────────────────────────
export type PermissionFormValues = Omit<
  PermissionNode,
  'id' | 'key' | 'title' | 'leaf' | 'ruleFlag' | 'createTime' | 'children'
> & { id?: string };

export interface DataRuleFormValues {
  id?: string;
  permissionId: string;
  ruleName: string;
  ruleColumn: string;
  ruleConditions: string;
  ruleValue: string;
  status: string;
}

export const permissionApi = {
  rules: (permissionId: string, filter: { ruleName?: string; ruleValue?: string } = {}) =>
    http.get<DataRuleDto[]>('/sys/permission/queryPermissionRule', { permissionId, ...filter }),
  saveRule: (v: DataRuleFormValues) =>
    v.id
      ? put<DataRuleDto>('/sys/permission/editPermissionRule', v)
      : post<DataRuleDto>('/sys/permission/addPermissionRule', v),
  removeRule: (id: string) => del<null>('/sys/permission/deletePermissionRule', { id }),
  save: (v: PermissionFormValues) =>
    v.id ? put<PermissionNode>('/sys/permission/edit', v) : post<PermissionNode>('/sys/permission/add', v),
  remove: (id: string) => del<unknown>('/sys/permission/delete', { id }),
  removeBatch: (ids: readonly string[]) => del<unknown>('/sys/permission/deleteBatch', { ids: idsParam(ids) }),
};

/** The full menu tree (GET /sys/permission/list). */
export function usePermissionTree() {
  return useQuery({
    queryKey: [...systemKeys.permissions, 'tree'],
    queryFn: ({ signal }) => http.get<PermissionNode[]>('/sys/permission/list', { _t: Date.now() }, signal),
  });
}

/** The menu/button tree used to grant permissions (roles, departments). */
export function useGrantTree(enabled = true) {
  return useQuery({
    queryKey: [...systemKeys.permissions, 'grantTree'],
    queryFn: ({ signal }) =>
      http.get<PermissionTreeResult>('/sys/permission/queryTreeList', { _t: Date.now() }, signal),
    enabled,
  });
}

// ── Departments ───────────────────────────────────────────────────────────────────────────────
export interface DepartFormValues {
  id?: string;
  parentId?: string | null;
  departName: string;
  departNameAbbr?: string | null;
  orgCategory: string;
  departOrder: number;
}

export const departApi = {
  save: (v: DepartFormValues) =>
    v.id ? put<DepartTreeNode>('/sys/sysDepart/edit', v) : post<DepartTreeNode>('/sys/sysDepart/add', v),
  remove: (id: string) => del<unknown>('/sys/sysDepart/delete', { id }),
  users: (id: string) => http.get<UserListRow[]>('/sys/user/queryUserByDepId', { id }),
  search: (keyWord: string) => http.get<DepartTreeNode[]>('/sys/sysDepart/searchBy', { keyWord, _t: Date.now() }),
  permissionIds: (departId: string) =>
    http.get<string[]>('/sys/permission/queryDepartPermission', { departId, _t: Date.now() }),
  savePermissions: (departId: string, permissionIds: readonly string[]) =>
    post<string[]>('/sys/permission/saveDepartPermission', { departId, permissionIds: idsParam(permissionIds) }),
};

/** The tenant's department tree (GET /sys/sysDepart/queryTreeList). */
export function useDepartTree() {
  return useQuery({
    queryKey: [...systemKeys.departs, 'tree'],
    queryFn: ({ signal }) => http.get<DepartTreeNode[]>('/sys/sysDepart/queryTreeList', { _t: Date.now() }, signal),
  });
}

// ── Department roles ──────────────────────────────────────────────────────────────────────────
export interface DeptRoleFormValues {
  id?: string;
  departId?: string;
  roleName: string;
  roleCode: string;
  description?: string | null;
}

export const deptRoleApi = {
  list: (deptId: string) => http.get<DeptRoleDto[]>('/sys/sysDepartRole/list', { deptId }),
  save: (v: DeptRoleFormValues) =>
    v.id ? put<DeptRoleDto>('/sys/sysDepartRole/edit', v) : post<DeptRoleDto>('/sys/sysDepartRole/add', v),
  remove: (id: string) => del<unknown>('/sys/sysDepartRole/delete', { id }),
  tree: (departId: string) =>
    http.get<PermissionTreeResult>('/sys/sysDepartPermission/queryTreeListForDeptRole', { departId }),
  permissionIds: (roleId: string) => http.get<string[]>('/sys/sysDepartPermission/queryDeptRolePermission', { roleId }),
  savePermissions: (roleId: string, permissionIds: readonly string[]) =>
    post<null>('/sys/sysDepartPermission/saveDeptRolePermission', { roleId, permissionIds: idsParam(permissionIds) }),
};

// ── Online users ──────────────────────────────────────────────────────────────────────────────
export const onlineApi = {
  forceLogout: (token: string) => post<null>('/sys/online/forceLogout', { token }),
};

/** A mutation that invalidates the given areas when it succeeds. */
export const useSystemMutation = useInvalidatingMutation;
