/**
 * The zod-free half of tenant administration: the messages, status labels and id range the schemas in
 * `tenant.ts` use and the web's form rules reuse (exported from `constants.ts`, so the web imports them without zod).
 */
export const TENANT_MESSAGES = {
  nameRequired: '请输入租户名称!',
  idPositive: '租户编号须为正整数',
  idTaken: '该租户编号已存在',
  nameTaken: '租户名称已存在',
  notFound: '租户不存在',
  inUse: '租户下还有用户或业务数据，不能删除',
  current: '不能删除当前所在的租户',
} as const;

/** sys_tenant.status: 1 normal, 0 frozen. */
export const TENANT_STATUS_LABELS: Record<number, string> = { 1: '正常', 0: '冻结' };

/** The largest tenant number an administrator may choose (it fits a 32-bit integer column). */
export const TENANT_ID_MAX = 2_000_000_000;
