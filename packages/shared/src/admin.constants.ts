/**
 * The zod-free constants of system administration (users, roles, menus, departments, data rules): codes,
 * labels and the Chinese messages the server answers with, for the web to import from `@aps/shared/constants`.
 */
import type { ImportExistingRows } from './excel.constants.ts';

/** sys_user.status: 1 normal, 2 frozen (a frozen user cannot log in; their sessions are revoked). */
export const USER_STATUS = { normal: 1, frozen: 2 } as const;

export const USER_MESSAGES_ADMIN = {
  realnameRequired: '请输入用户名称',
  passwordRequired: '请输入登录密码!',
  confirmRequired: '请重新输入登录密码!',
  passwordMismatch: '两次输入的密码不一样！',
  idsRequired: '请选择一条记录！',
  badId: 'id格式有误',
  badSort: '不支持按该字段排序',
  birthday: '生日格式应为YYYY-MM-DD',
  sex: '性别只能是1（男）或2（女）',
} as const;

/** The user list's Excel columns: the export writes them, an import reads the first seven back. */
export const USER_EXCEL_HEADERS = {
  username: '用户账号',
  realname: '用户姓名',
  sex: '性别',
  birthday: '生日',
  phone: '手机号',
  email: '邮箱',
  post: '职务',
} as const;

export const USER_SORTABLE_COLUMNS = ['createTime', 'username', 'realname', 'phone', 'status', 'sex'] as const;

/** sys_role.data_scope: which departments' rows a role's users see in business lists. */
export const DATA_SCOPES = {
  all: '1',
  subtree: '2',
  own: '3',
} as const;

export const DATA_SCOPE_LABELS: Record<string, string> = {
  '1': '全部数据',
  '2': '本部门及下级部门',
  '3': '仅本部门',
};

export const ROLE_MESSAGES = {
  nameRequired: '请输入角色名称!',
  nameLength: '长度在 2 到 30 个字符',
  codeRequired: '请输入角色编码!',
  codePattern: '角色编码只能以字母开头，由字母、数字、下划线组成',
  codeTaken: '角色编码已存在',
  dataScope: '数据范围只能是1（全部）、2（本部门及下级）或3（仅本部门）',
} as const;

export const ROLE_SORTABLE_COLUMNS = ['createTime', 'roleName', 'roleCode'] as const;

/** sys_permission.menu_type: 0 top-level menu, 1 sub-menu, 2 button (a permission code). */
export const MENU_TYPES = { topMenu: 0, subMenu: 1, button: 2 } as const;

/** The page component that shows an internal iframe; `iframe: true` on a menu means this component. */
export const IFRAME_COMPONENT = 'layouts/IframePageView';

export const PERMISSION_MESSAGES = {
  nameRequired: '请输入菜单名称!',
  urlRequired: '请输入菜单路径!',
  componentRequired: '请输入前端组件!',
  permsRequired: '请输入授权标识!',
  parentRequired: '请选择上级菜单!',
  permsPattern: '授权标识只能包含字母、数字、冒号、下划线和中划线，多个用逗号分隔',
  urlPattern: '菜单路径须以/开头，或是以http和https开头的网址',
  menuType: '菜单类型只能是0（一级菜单）、1（子菜单）或2（按钮）',
  urlTaken: '菜单路径已存在',
  parentMissing: '上级菜单不存在',
  parentIsButton: '按钮下不能再添加菜单或按钮',
  parentIsSelf: '上级菜单不能是自己或自己的下级',
  notFound: '菜单不存在',
  unknownIds: '所选权限中有不存在的菜单或按钮',
} as const;

/** Conditions a data rule may use; each becomes a bound comparison, never SQL text. */
export const DATA_RULE_CONDITIONS = ['=', '!=', '>', '>=', '<', '<=', 'LIKE', 'LEFT_LIKE', 'RIGHT_LIKE', 'IN'] as const;
export type DataRuleCondition = (typeof DATA_RULE_CONDITIONS)[number];

/** Values a rule may take from the signed-in user instead of a literal. */
export const DATA_RULE_VARIABLES = ['#{sys_user_code}', '#{sys_org_code}'] as const;

export const DATA_RULE_MESSAGES = {
  nameRequired: '请输入规则名称!',
  columnRequired: '请输入规则字段!',
  conditionRequired: '请选择条件规则!',
  valueRequired: '请输入规则值!',
  badCondition: '条件规则不受支持',
  columnNotAllowed: (column: string, allowed: string[]) =>
    allowed.length
      ? `字段 ${column} 不在该菜单允许的数据规则字段中（允许：${allowed.join('、')}）`
      : `该菜单不支持数据规则（字段 ${column} 未登记）`,
  notFound: '数据规则不存在',
} as const;

/** sys_depart.org_category: 1 group company, 2 branch company, 3 department / project. */
export const ORG_CATEGORIES = { group: '1', company: '2', department: '3' } as const;

export const DEPART_MESSAGES = {
  nameRequired: '请输入机构名称!',
  category: '机构类型只能是1（集团）、2（公司）或3（部门/项目）',
  parentMissing: '上级部门不存在',
  notFound: '部门不存在',
  hasChildren: '该部门下存在子部门，请先删除子部门',
  hasUsers: '该部门下存在用户，请先移除或调整这些用户的部门',
  noMatch: '没有查询到任何数据',
  codesExhausted: '该上级部门下的部门数量已达上限',
} as const;

/** An imported user whose 用户账号, 手机号 or 邮箱 is taken is not imported: accounts are never overwritten by a sheet. */
export const USER_IMPORT_EXISTING = {
  policy: 'refuse',
  text: '用户账号、手机号或邮箱已存在的行不导入，列入错误明细；已有账号不会被覆盖。',
} as const satisfies ImportExistingRows;
