import { z } from 'zod';
import {
  DATA_RULE_CONDITIONS,
  DATA_RULE_MESSAGES,
  type DataRuleCondition,
  MENU_TYPES,
  PERMISSION_MESSAGES,
} from './admin.constants.ts';
import { maxLengthMessage } from './rules.ts';
import { uuidSchema } from './user.ts';

// ── Menus and buttons (/sys/permission/*) ────────────────────────────────────────────────────────

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, maxLengthMessage(max))
    .nullish()
    .transform((v) => v || null);

const permissionFields = {
  parentId: uuidSchema.nullish().transform((v) => v ?? null),
  name: z
    .string({ error: PERMISSION_MESSAGES.nameRequired })
    .trim()
    .min(1, PERMISSION_MESSAGES.nameRequired)
    .max(100, maxLengthMessage(100)),
  menuType: z.coerce
    .number({ error: PERMISSION_MESSAGES.menuType })
    .int()
    .refine((n) => n === 0 || n === 1 || n === 2, PERMISSION_MESSAGES.menuType),
  url: z
    .string()
    .trim()
    .max(500, maxLengthMessage(500))
    .refine((v) => v === '' || /^(\/|https?:\/\/)/.test(v), PERMISSION_MESSAGES.urlPattern)
    .nullish()
    .transform((v) => v || null),
  component: optionalText(200),
  componentName: optionalText(100),
  redirect: optionalText(500),
  icon: optionalText(100),
  perms: z
    .string()
    .trim()
    .max(500, maxLengthMessage(500))
    .refine((v) => v === '' || /^[A-Za-z0-9:_-]+(,[A-Za-z0-9:_-]+)*$/.test(v), PERMISSION_MESSAGES.permsPattern)
    .nullish()
    .transform((v) => v || null),
  /** '1' shown when granted; '2' shown disabled when not granted. */
  permsType: z.enum(['1', '2'], { error: '授权策略只能是1或2' }).default('1'),
  sortNo: z.coerce.number({ error: '排序须为数字' }).min(0).max(100000).default(1),
  hidden: z.boolean().default(false),
  alwaysShow: z.boolean().default(false),
  keepAlive: z.boolean().default(false),
  /** true: opens outside the app (new window); false: inside. */
  internalOrExternal: z.boolean().default(false),
  /** true: the page is shown in an iframe inside the app (component IFRAME_COMPONENT). */
  iframe: z.boolean().default(false),
  route: z.boolean().default(true),
  /** '1' enabled, '0' disabled (a disabled button code grants nothing; a disabled menu is not shown). */
  status: z.enum(['0', '1'], { error: '状态只能是0或1' }).default('1'),
};

type MenuFields = {
  menuType: number;
  parentId: string | null;
  url: string | null;
  component: string | null;
  perms: string | null;
  iframe: boolean;
};
/** Rules that depend on the menu type: menus need a path and (unless an iframe) a component; buttons a code. */
function checkByType(v: MenuFields, ctx: z.RefinementCtx) {
  if (v.menuType === MENU_TYPES.button) {
    if (!v.perms) ctx.addIssue({ code: 'custom', message: PERMISSION_MESSAGES.permsRequired, path: ['perms'] });
    if (!v.parentId) ctx.addIssue({ code: 'custom', message: PERMISSION_MESSAGES.parentRequired, path: ['parentId'] });
    return;
  }
  if (!v.url) ctx.addIssue({ code: 'custom', message: PERMISSION_MESSAGES.urlRequired, path: ['url'] });
  if (v.menuType === MENU_TYPES.subMenu && !v.parentId)
    ctx.addIssue({ code: 'custom', message: PERMISSION_MESSAGES.parentRequired, path: ['parentId'] });
  if (!v.component && !v.iframe)
    ctx.addIssue({ code: 'custom', message: PERMISSION_MESSAGES.componentRequired, path: ['component'] });
}

export const permissionAddSchema = z.object(permissionFields).superRefine(checkByType);
export type PermissionAddRequest = z.infer<typeof permissionAddSchema>;
export const permissionEditSchema = z.object({ id: uuidSchema, ...permissionFields }).superRefine(checkByType);
export type PermissionEditRequest = z.infer<typeof permissionEditSchema>;

/** One node of the full menu tree (GET /sys/permission/list). */
export interface PermissionNode {
  id: string;
  key: string;
  title: string;
  parentId: string | null;
  name: string;
  url: string | null;
  component: string | null;
  componentName: string | null;
  redirect: string | null;
  menuType: number;
  perms: string | null;
  permsType: string;
  sortNo: number;
  icon: string | null;
  hidden: boolean;
  alwaysShow: boolean;
  keepAlive: boolean;
  internalOrExternal: boolean;
  iframe: boolean;
  route: boolean;
  leaf: boolean;
  status: string;
  /** Whether data rules are defined on the menu. */
  ruleFlag: boolean;
  createTime: string;
  children?: PermissionNode[];
}

/** Node of the role-authorisation tree (GET /sys/permission/queryTreeList). */
export interface PermissionTreeNode {
  key: string;
  value: string;
  title: string;
  menuType: number;
  perms: string | null;
  isLeaf: boolean;
  ruleFlag: boolean;
  children?: PermissionTreeNode[];
}
export interface PermissionTreeResult {
  treeList: PermissionTreeNode[];
  /** Every id in the tree (the client's "select all"). */
  ids: string[];
}

export const permissionSubmenuQuerySchema = z.object({ parentId: uuidSchema });
export const permissionSubmenuBatchQuerySchema = z.object({
  parentIds: z
    .string({ error: '请指定上级菜单' })
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(z.array(uuidSchema).min(1, '请指定上级菜单').max(200)),
});

/** "id1,id2" or an array; empty means none. */
const permissionIdList = z
  .union([z.string(), z.array(z.string())])
  .nullish()
  .transform((v) => (Array.isArray(v) ? v : (v ?? '').split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(uuidSchema).max(5000));

/** POST /sys/permission/saveRolePermission: the role's permissions become exactly permissionIds. */
export const saveRolePermissionSchema = z.object({
  roleId: uuidSchema,
  permissionIds: permissionIdList,
  /** What the client loaded before editing; accepted for compatibility, the save replaces the whole set. */
  lastpermissionIds: permissionIdList.optional(),
});
export const saveDepartPermissionSchema = z.object({
  departId: uuidSchema,
  permissionIds: permissionIdList,
  lastpermissionIds: permissionIdList.optional(),
});
export const saveDeptRolePermissionSchema = saveRolePermissionSchema;

export const roleIdQuerySchema = z.object({ roleId: uuidSchema });
export const departIdQuerySchema = z.object({ departId: uuidSchema });

// ── Data rules per permission (sys_permission_data_rule) ─────────────────────────────────────────

const dataRuleFields = {
  permissionId: uuidSchema,
  ruleName: z
    .string({ error: DATA_RULE_MESSAGES.nameRequired })
    .trim()
    .min(1, DATA_RULE_MESSAGES.nameRequired)
    .max(50, maxLengthMessage(50)),
  ruleColumn: z
    .string({ error: DATA_RULE_MESSAGES.columnRequired })
    .trim()
    .min(1, { error: DATA_RULE_MESSAGES.columnRequired, abort: true })
    .max(64, maxLengthMessage(64)),
  ruleConditions: z.enum(DATA_RULE_CONDITIONS, { error: DATA_RULE_MESSAGES.badCondition }),
  ruleValue: z
    .string({ error: DATA_RULE_MESSAGES.valueRequired })
    .trim()
    .min(1, DATA_RULE_MESSAGES.valueRequired)
    .max(300, maxLengthMessage(300)),
  status: z.enum(['0', '1'], { error: '状态只能是0或1' }).default('1'),
};
export const dataRuleAddSchema = z.object(dataRuleFields);
export type DataRuleAddRequest = z.infer<typeof dataRuleAddSchema>;
export const dataRuleEditSchema = z.object({ id: uuidSchema, ...dataRuleFields });
export type DataRuleEditRequest = z.infer<typeof dataRuleEditSchema>;

export const permRuleListQuerySchema = z.object({ permissionId: uuidSchema });
export const queryPermissionRuleSchema = z.object({
  permissionId: uuidSchema,
  ruleName: z.string().trim().max(50).optional(),
  ruleColumn: z.string().trim().max(64).optional(),
  ruleValue: z.string().trim().max(300).optional(),
  status: z.enum(['0', '1']).optional(),
});

export interface DataRuleDto {
  id: string;
  permissionId: string;
  ruleName: string;
  ruleColumn: string;
  ruleConditions: DataRuleCondition;
  ruleValue: string;
  status: string;
  createTime: string;
}

/** GET/POST /sys/role/datarule: which of a menu's data rules apply to a role. */
export const roleDataRuleQuerySchema = z.object({ roleId: uuidSchema, permissionId: uuidSchema });
export const roleDataRuleSaveSchema = z.object({
  roleId: uuidSchema,
  permissionId: uuidSchema,
  dataRuleIds: permissionIdList,
});
