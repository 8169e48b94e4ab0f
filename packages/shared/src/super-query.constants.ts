/**
 * The advanced query (高级查询, §3 advanced query line, §4, §5): rules, match types, the §5 messages verbatim, the
 * filter wrapping of §5 and each list's field allow-list. Zod-free, so the web imports it from
 * `@aps/shared/constants`; the schemas are in `super-query.ts`, the SQL translator in
 * `apps/server/src/core/super-query.ts`.
 */
import { DICT } from './dictionaries.ts';

/** §5: eq, like, right_like, left_like, in, ne, gt, ge, lt, le. */
export const SUPER_QUERY_RULES = ['eq', 'like', 'right_like', 'left_like', 'in', 'ne', 'gt', 'ge', 'lt', 'le'] as const;
export type SuperQueryRule = (typeof SUPER_QUERY_RULES)[number];

export const SUPER_QUERY_RULE_LABELS: Record<SuperQueryRule, string> = {
  eq: '等于',
  like: '包含',
  right_like: '以..开始',
  left_like: '以..结尾',
  in: '在...中',
  ne: '不等于',
  gt: '大于',
  ge: '大于等于',
  lt: '小于',
  le: '小于等于',
};

/** §5 match types: every line (and) or any line (or). */
export const SUPER_QUERY_MATCH_TYPES = ['and', 'or'] as const;
export type SuperQueryMatchType = (typeof SUPER_QUERY_MATCH_TYPES)[number];

export const SUPER_QUERY_MATCH_LABELS: Record<SuperQueryMatchType, string> = {
  and: 'AND（所有条件都要求匹配）',
  or: 'OR（条件中的任意一个匹配）',
};

export const SUPER_QUERY_MESSAGES = {
  /** §5, verbatim. */
  emptyQuery: '不能查询空条件',
  emptySave: '空条件不能保存',
  nameRequired: '保存名称不能为空',
  exists: (name: string) => `${name}已存在，是否覆盖？`,
  saved: '保存成功',
  deleteConfirm: '是否删除当前查询？',
  /** Server refusals (not in the spec; the envelope carries them with HTTP 400). */
  badParams: '高级查询参数格式有误，需要一个JSON数组',
  badMatchType: '匹配模式只能是and或or',
  badRule: '不支持的查询规则',
  badField: (field: string) => `不支持按该字段查询：${field}`,
  notNumber: (label: string) => `${label}的值必须是数字`,
  notDate: (label: string) => `${label}的值必须是日期（YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss）`,
  tooMany: '高级查询条件过多（最多50条）',
  tooLong: '查询条件过长',
  badList: '不支持该列表的高级查询',
  notFound: '查询不存在',
  deleted: '删除成功',
} as const;

export const SUPER_QUERY_LIMITS = {
  /** Lines of one query. */
  lines: 50,
  /** Values of one `in` line. */
  inValues: 200,
  /** Characters of one value. */
  value: 200,
  /** Characters of superQueryParams as it arrives. */
  params: 20_000,
  title: 50,
  /** Saved queries of one user per list. */
  saved: 100,
} as const;

/** The value type of a field: it picks the value input on the web and the parameter type on the server. */
export type SuperQueryFieldType = 'string' | 'number' | 'date' | 'datetime';

export interface SuperQueryFieldOption {
  value: string;
  text: string;
}

/** One entry of a list's allow-list: the wire name, its label and type, optional fixed options or a dictionary. */
export interface SuperQueryFieldDef {
  field: string;
  label: string;
  type: SuperQueryFieldType;
  options?: readonly SuperQueryFieldOption[];
  dictCode?: string;
}

/** One line as the client sends it (§3: field, rule, val, type, dbType, options, dictCode, …). */
export interface SuperQueryCondition {
  field: string;
  rule: SuperQueryRule;
  val: string;
  type?: string | undefined;
  dbType?: string | undefined;
}

/** A saved query (§3: title, matchType, records). */
export interface SavedSuperQuery {
  id: string;
  title: string;
  matchType: SuperQueryMatchType;
  records: SuperQueryCondition[];
}

/** The lists that offer the advanced query, by the key their saved queries are filed under. */
export const SUPER_QUERY_LISTS = {
  sysUser: 'sys_user',
  qa: 'qa_questions_and_answers',
  purchaseRecord: 'purchase_record',
  supplier: 'supplier',
} as const;
export type SuperQueryListKey = (typeof SUPER_QUERY_LISTS)[keyof typeof SUPER_QUERY_LISTS];

/** /sys/user/list. The server maps exactly these names to columns (anything else is refused). */
export const USER_SUPER_QUERY_FIELDS = [
  { field: 'username', label: '用户账号', type: 'string' },
  { field: 'realname', label: '用户姓名', type: 'string' },
  {
    field: 'sex',
    label: '性别',
    type: 'number',
    options: [
      { value: '1', text: '男' },
      { value: '2', text: '女' },
    ],
  },
  { field: 'birthday', label: '生日', type: 'date' },
  { field: 'phone', label: '手机号', type: 'string' },
  { field: 'email', label: '邮箱', type: 'string' },
  { field: 'post', label: '职务', type: 'string' },
  {
    field: 'status',
    label: '状态',
    type: 'number',
    options: [
      { value: '1', text: '正常' },
      { value: '2', text: '冻结' },
    ],
  },
  { field: 'createTime', label: '创建时间', type: 'datetime' },
] as const satisfies readonly SuperQueryFieldDef[];
export type UserSuperQueryField = (typeof USER_SUPER_QUERY_FIELDS)[number]['field'];

/** The FAQ list (/questionsandanswers/questionsAndAnswers/list). */
export const QA_SUPER_QUERY_FIELDS = [
  { field: 'questionContent', label: '问题描述', type: 'string' },
  { field: 'answerContent', label: '答案内容', type: 'string' },
  { field: 'useType', label: '是否供应商可见', type: 'string', dictCode: 'yn' },
  { field: 'qaType', label: '问题分类', type: 'string', dictCode: 'qa_type' },
  { field: 'displayOrder', label: '排序', type: 'number' },
  { field: 'createBy', label: '创建人', type: 'string' },
  { field: 'createTime', label: '创建时间', type: 'datetime' },
] as const satisfies readonly SuperQueryFieldDef[];
export type QaSuperQueryField = (typeof QA_SUPER_QUERY_FIELDS)[number]['field'];

/** The purchase record list (/purchase/purchaseRecord/list), shown on the 高级查询 demo page. */
export const PURCHASE_SUPER_QUERY_FIELDS = [
  { field: 'purchaseCode', label: '采购编号', type: 'string' },
  { field: 'purchaseName', label: '采购名称', type: 'string' },
  { field: 'packageName', label: '标段名称', type: 'string' },
  { field: 'purchaseCategory', label: '采购类别', type: 'string', dictCode: DICT.purchaseCategory },
  { field: 'purchaseStage', label: '采购阶段', type: 'number', dictCode: DICT.purchaseStage },
  { field: 'electionStatus', label: '选商状态', type: 'string', dictCode: DICT.electionStatus },
  { field: 'fixedPrice', label: '限价（元）', type: 'number' },
  { field: 'warrantyPeriod', label: '质保期（月）', type: 'number' },
  { field: 'reviewStartTime', label: '评审开始时间', type: 'datetime' },
  { field: 'createTime', label: '创建时间', type: 'datetime' },
] as const satisfies readonly SuperQueryFieldDef[];
export type PurchaseSuperQueryField = (typeof PURCHASE_SUPER_QUERY_FIELDS)[number]['field'];

/**
 * §5 filter wrapping of a simple search value: like → *v*, ne → !v, ge → >=v, le → <=v (and, as the original
 * query generator reads them, gt → >v, lt → <v, right_like → v*, left_like → *v). Other rules send the value as
 * it is. `trim` trims the value first.
 */
export function wrapFilter(rule: SuperQueryRule, value: string, trim = true): string {
  const v = trim ? value.trim() : value;
  if (v === '') return '';
  switch (rule) {
    case 'like':
      return `*${v}*`;
    case 'right_like':
      return `${v}*`;
    case 'left_like':
      return `*${v}`;
    case 'ne':
      return `!${v}`;
    case 'ge':
      return `>=${v}`;
    case 'le':
      return `<=${v}`;
    case 'gt':
      return `>${v}`;
    case 'lt':
      return `<${v}`;
    default:
      return v;
  }
}

/**
 * The inverse of `wrapFilter`: the rule a wrapped search value asks for and the bare value. A value without a
 * marker gets `plainRule` (a list's text filters keep "contains" for plain input).
 */
export function unwrapFilter(raw: string, plainRule: SuperQueryRule = 'eq'): { rule: SuperQueryRule; val: string } {
  const v = raw.trim();
  if (v.length > 1 && v.startsWith('*') && v.endsWith('*')) return { rule: 'like', val: v.slice(1, -1) };
  if (v.startsWith('>=')) return { rule: 'ge', val: v.slice(2) };
  if (v.startsWith('<=')) return { rule: 'le', val: v.slice(2) };
  if (v.startsWith('>')) return { rule: 'gt', val: v.slice(1) };
  if (v.startsWith('<')) return { rule: 'lt', val: v.slice(1) };
  if (v.startsWith('!')) return { rule: 'ne', val: v.slice(1) };
  if (v.length > 1 && v.startsWith('*')) return { rule: 'left_like', val: v.slice(1) };
  if (v.length > 1 && v.endsWith('*')) return { rule: 'right_like', val: v.slice(0, -1) };
  return { rule: plainRule, val: v };
}

/** 供应商名录 (/supplier/directory/list, issue 16). */
export const SUPPLIER_SUPER_QUERY_FIELDS = [
  { field: 'name', label: '企业名称', type: 'string' },
  { field: 'creditCode', label: '统一社会信用代码', type: 'string' },
  { field: 'legalRepresentative', label: '法定代表人', type: 'string' },
  { field: 'contactName', label: '联系人', type: 'string' },
  { field: 'contactPhone', label: '联系电话', type: 'string' },
  { field: 'address', label: '地址', type: 'string' },
  { field: 'bankName', label: '开户银行', type: 'string' },
  {
    field: 'status',
    label: '状态',
    type: 'string',
    options: [
      { value: '1', text: '注册待审' },
      { value: '2', text: '准入' },
      { value: '3', text: '合格' },
      { value: '4', text: '暂停' },
      { value: '5', text: '黑名单' },
      { value: '6', text: '淘汰' },
    ],
  },
  { field: 'registerTime', label: '注册时间', type: 'datetime' },
  { field: 'admittedTime', label: '准入时间', type: 'datetime' },
  { field: 'createTime', label: '创建时间', type: 'datetime' },
] as const satisfies readonly SuperQueryFieldDef[];

/** Each list's allow-list by its key (a saved query may only name these fields). */
export const SUPER_QUERY_FIELDS_BY_LIST: Record<SuperQueryListKey, readonly SuperQueryFieldDef[]> = {
  [SUPER_QUERY_LISTS.sysUser]: USER_SUPER_QUERY_FIELDS,
  [SUPER_QUERY_LISTS.qa]: QA_SUPER_QUERY_FIELDS,
  [SUPER_QUERY_LISTS.purchaseRecord]: PURCHASE_SUPER_QUERY_FIELDS,
  [SUPER_QUERY_LISTS.supplier]: SUPPLIER_SUPER_QUERY_FIELDS,
};
