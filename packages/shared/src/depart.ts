import { z } from 'zod';
import { DEPART_MESSAGES } from './admin.constants.ts';
import { pageNoSchema, pageSizeSchema } from './primitives.ts';
import { maxLengthMessage } from './rules.ts';
import { containsTextSchema, uuidSchema } from './user.ts';

const departFields = {
  departName: z
    .string({ error: DEPART_MESSAGES.nameRequired })
    .trim()
    .min(1, DEPART_MESSAGES.nameRequired)
    .max(100, maxLengthMessage(100)),
  departNameAbbr: z
    .string()
    .trim()
    .max(50, maxLengthMessage(50))
    .nullish()
    .transform((v) => v || null),
  orgCategory: z.enum(['1', '2', '3'], { error: DEPART_MESSAGES.category }).default('3'),
  departOrder: z.coerce.number({ error: '排序须为数字' }).int().min(0).max(100000).default(0),
};

/** A new department under parentId (none: a root of the tenant); its org code is generated. */
export const departAddSchema = z.object({
  parentId: uuidSchema.nullish().transform((v) => v ?? null),
  ...departFields,
});
export type DepartAddRequest = z.infer<typeof departAddSchema>;
/** The parent and org code of a department do not change: org codes are hierarchical (A01A02…). */
export const departEditSchema = z.object({ id: uuidSchema, ...departFields });
export type DepartEditRequest = z.infer<typeof departEditSchema>;

/** Department tree node (§3: id, key, title, children) with the department's own fields. */
export interface DepartTreeNode {
  id: string;
  key: string;
  value: string;
  title: string;
  parentId: string | null;
  orgCode: string;
  orgCategory: string;
  departName: string;
  departNameAbbr: string | null;
  departOrder: number;
  isLeaf: boolean;
  children?: DepartTreeNode[];
}
/** The small node of queryIdTree. */
export interface DepartIdNode {
  id: string;
  key: string;
  value: string;
  title: string;
  isLeaf: boolean;
  children?: DepartIdNode[];
}

export const departTreeSyncQuerySchema = z.object({
  pid: uuidSchema.optional().or(z.literal('').transform(() => undefined)),
  /** Only company nodes (orgCategory 1 and 2). */
  onlyCompany: z.enum(['true', 'false', '1', '0']).optional(),
});
export const departSearchQuerySchema = z.object({
  keyWord: containsTextSchema,
  /** '1': search only within the caller's own departments and their children. */
  myDeptSearch: z.enum(['0', '1']).optional(),
});
export const departByUserQuerySchema = z.object({ userId: uuidSchema.optional() });
export const departByDataCodeQuerySchema = z.object({
  dataCode: z
    .string({ error: '请指定机构编码' })
    .trim()
    .min(1, '请指定机构编码')
    .max(64)
    .regex(/^[A-Z0-9]+$/, '机构编码格式有误'),
});
export const departTreeQuerySchema = z.object({
  /** Optional comma-joined ids: only these departments (with their subtrees). */
  ids: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').filter(Boolean) : undefined))
    .pipe(z.array(uuidSchema).max(500).optional()),
});

// ── Department roles (/sys/sysDepartRole/*) ──────────────────────────────────────────────────────

export const deptRoleFields = {
  roleName: z
    .string({ error: '请输入部门角色名称!' })
    .trim()
    .min(1, '请输入部门角色名称!')
    .max(30, maxLengthMessage(30)),
  roleCode: z
    .string({ error: '请输入部门角色编码!' })
    .trim()
    .min(1, { error: '请输入部门角色编码!', abort: true })
    .max(64, maxLengthMessage(64))
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, '角色编码只能以字母开头，由字母、数字、下划线组成'),
  description: z
    .string()
    .trim()
    .max(500, maxLengthMessage(500))
    .nullish()
    .transform((v) => v || null),
};
export const deptRoleAddSchema = z.object({ departId: uuidSchema, ...deptRoleFields });
export type DeptRoleAddRequest = z.infer<typeof deptRoleAddSchema>;
export const deptRoleEditSchema = z.object({ id: uuidSchema, ...deptRoleFields });
export type DeptRoleEditRequest = z.infer<typeof deptRoleEditSchema>;
export const deptRoleListQuerySchema = z.object({
  deptId: uuidSchema,
  roleName: containsTextSchema,
});
/** Sets which roles of a department a user holds (replaces the user's roles in that department). */
export const deptRoleUserSchema = z.object({
  userId: uuidSchema,
  departId: uuidSchema,
  roleIds: z.array(uuidSchema).max(100).default([]),
});
export const deptRoleByUserQuerySchema = z.object({ userId: uuidSchema, departId: uuidSchema });

export interface DeptRoleDto {
  id: string;
  departId: string;
  roleName: string;
  roleCode: string;
  description: string | null;
  createTime: string;
}

// ── Online users (/sys/online/*) ─────────────────────────────────────────────────────────────────

export const onlineListQuerySchema = z.object({
  pageNo: pageNoSchema,
  pageSize: pageSizeSchema,
  username: containsTextSchema,
});
export interface OnlineUserDto {
  /** The session id; POST /sys/online/forceLogout accepts it as `token`. */
  token: string;
  userId: string;
  username: string;
  realname: string;
  avatar: string | null;
  ip: string | null;
  loginType: string;
  userAgent: string | null;
  loginTime: string;
  lastSeenTime: string;
  /** Whether this is the caller's own session. */
  current: boolean;
}
