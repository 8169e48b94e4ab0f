/**
 * Supplier states (procurement-domain.md § Supplier). Issue 14 keeps the minimal record; the supplier issue
 * adds admission, rectification and the blacklist around the same codes.
 */
export const SUPPLIER_STATUS = {
  pending: '1',
  admitted: '2',
  qualified: '3',
  suspended: '4',
  blacklisted: '5',
  eliminated: '6',
} as const;
export type SupplierStatus = (typeof SUPPLIER_STATUS)[keyof typeof SUPPLIER_STATUS];

export const SUPPLIER_STATUS_LABELS: Record<SupplierStatus, string> = {
  '1': '注册待审',
  '2': '准入',
  '3': '合格',
  '4': '暂停',
  '5': '黑名单',
  '6': '淘汰',
};

/** Why a supplier may not sign up, bid or be contracted (one message per reason). */
export const SUPPLIER_ELIGIBILITY_MESSAGES = {
  notLinked: '当前账号未关联供应商，不能报名或投标',
  missing: '供应商不存在或已删除',
  pending: '供应商尚未通过准入审核，不能报名或投标',
  blacklisted: '供应商已被列入黑名单，不能报名或投标',
  eliminated: '供应商已被淘汰，不能报名或投标',
} as const;
