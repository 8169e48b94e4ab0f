/**
 * The zod-free half of dictionary administration: the messages the server answers with, which the web's form
 * rules reuse (exported from `constants.ts`, so the web imports them without zod).
 */
export const DICT_MESSAGES = {
  codeRequired: '字典Code不能为空!',
  nameRequired: '请输入字典名称!',
  codePattern: '字典编码只能由字母、数字、下划线组成',
  codeTaken: '字典编码已存在',
  itemTextRequired: '请输入名称!',
  itemValueRequired: '请输入数据值!',
  itemValueTaken: '该字典下已存在相同的数据值',
  dictNotFound: '字典不存在',
  itemNotFound: '字典项不存在',
  badTableDict: '表字典格式有误，应为“表名,显示字段,值字段”',
  tableNotAllowed: (table: string) => `表“${table}”不允许作为字典表`,
  columnNotAllowed: (table: string, column: string) => `表“${table}”的字段“${column}”不允许用于字典`,
  badCondition: '字典查询条件有误，需要一个JSON对象字符串',
  notTree: (table: string) => `表“${table}”不是树形字典表`,
} as const;

/** sys_dict_item.status: 1 enabled (the item is offered), 0 disabled. */
export const DICT_ITEM_STATUS = { enabled: 1, disabled: 0 } as const;
