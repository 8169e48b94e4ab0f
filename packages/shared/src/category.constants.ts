/**
 * The zod-free half of the category dictionary: messages and the root pid, for the web to import from
 * `@aps/shared/constants` without zod.
 */

/** §5 / §8 and the category admin's messages. */
export const CATEGORY_MESSAGES = {
  badCondition: '组件JTreeSelect-condition传值有误，需要一个json字符串!',
  nameRequired: '请输入类型名称!',
  codeTaken: '分类编码已存在',
  codePattern: '分类编码只能由字母、数字、下划线组成',
  notFound: '分类不存在',
  parentNotFound: '父级分类不存在',
  hasChildren: '该分类下还有子分类，不能删除',
  badPcode: '加载分类字典树参数有误.[null]!',
  fieldNotAllowed: (field: string) => `不支持按字段“${field}”查询分类`,
  cycle: '不能把分类移动到它自己或它的下级之下',
} as const;

/** The root's pid and the pcode meaning "top level" (§7: pcode default "0"). */
export const CATEGORY_ROOT = '0';
