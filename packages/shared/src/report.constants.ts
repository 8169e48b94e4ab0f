import type { DictOption } from './dictionaries.ts';

/**
 * Online reports (§3 "Online report config", §7 /online/cgreport/api/*): a report is an administrator's SELECT
 * stored in the database with its declared columns and named parameters. The client asks for the columns
 * (getRpColumns), the query form (getQueryInfo) and pages of data (getData).
 */

/** A column's value type: decides its query widget and how a filter compares. */
export const REPORT_FIELD_TYPES = ['String', 'Integer', 'Number', 'Date', 'Datetime'] as const;
export type ReportFieldType = (typeof REPORT_FIELD_TYPES)[number];

/** single: one value (text contains, others equal); group: a range, sent as `<field>_begin` and `<field>_end`. */
export type ReportQueryMode = 'single' | 'group';

/** Query widget of a query-info item. `list` is a dictionary select. */
export type ReportQueryView = 'text' | 'number' | 'date' | 'datetime' | 'list';

/** The seeded report (采购记录阶段报表): its menu page is /online/cgreport/<code>; the popup demo picks from it. */
export const PURCHASE_STAGE_REPORT = 'purchase_stage_report';

/** The menu component of an online report page (/online/cgreport/<code>). */
export const ONLINE_REPORT_COMPONENT = 'online/cgreport/OnlCgreportAutoList';

/**
 * The header's report entry (§1: shown to a userEnd containing 1; §7 GET /sys/reportSso answers a URL). With
 * REPORT_SSO_URL configured the URL leads to that report system with a short-lived signed ticket, which the
 * report system checks at GET /sys/reportSso/verify; otherwise it is the user's first online report page.
 */
export const REPORT_SSO = {
  api: '/sys/reportSso',
  verifyApi: '/sys/reportSso/verify',
  userEnd: '1',
  ticketTtlSeconds: 60,
} as const;

/** Prefix of a report parameter in getData's query string (§7 "self_-prefixed params"). */
export const REPORT_PARAM_PREFIX = 'self_';
/** Suffixes of a range filter (`group` mode). */
export const REPORT_RANGE_SUFFIX = { begin: '_begin', end: '_end' } as const;
/** §7: the client keeps a report's configuration 30000 ms. */
export const REPORT_CONFIG_CACHE_MS = 30_000;
/** Popup width (§9 "popup 1200"). */
export const REPORT_POPUP_WIDTH = 1200;

export const REPORT_MESSAGES = {
  /** §5: the report popup in single mode needs exactly one row. */
  selectOne: '请选择一条记录',
  /** §5: a popup field needs its report code, original fields and target fields. */
  popupMisconfigured: 'popup参数未正确配置!',
  /** §5: a popup field's original and target field lists must have the same length. */
  popupFieldCountMismatch: 'popup参数未正确配置,原始值和目标值数量不一致!',
  badFilter: '查询条件格式不正确',
  badSort: '不支持按该字段排序',
  timeout: '报表查询超时，请缩小查询范围后重试',
  readOnly: '报表SQL只允许查询，不能修改数据，请联系管理员检查报表配置',
  sqlError: '报表SQL执行出错，请联系管理员检查报表配置',
  noTenantFilter: '报表SQL未按租户过滤，请联系管理员检查报表配置',
  unknownParam: '报表SQL引用了未定义的参数，请联系管理员检查报表配置',
  /** §8: the report entry's link could not be had. */
  ssoFailed: '系统错误！',
  ssoNotAllowed: '当前用户不能访问报表',
  ssoNoReport: '当前用户没有可访问的报表',
  ssoTicketInvalid: '报表票据无效或已过期',
} as const;

/** GET /sys/reportSso/verify: whom a ticket was issued to. */
export interface ReportSsoUserDto {
  username: string;
  realname: string;
  tenantId: number;
}

/** One column of the report table (getRpColumns). */
export interface ReportColumnDto {
  dataIndex: string;
  title: string;
  fieldType: ReportFieldType;
  width: number | null;
  /** The server sorts by this column when asked (column=<dataIndex>). */
  sorter: boolean;
  dictCode: string | null;
}

/** getRpColumns result (§3: cgRpConfigId, cgRpConfigName, columns, dictOptions). */
export interface ReportColumnsDto {
  cgRpConfigId: string;
  cgRpConfigCode: string;
  cgRpConfigName: string;
  columns: ReportColumnDto[];
  /** Options of every dictionary column, by column (values shown as their text). */
  dictOptions: Record<string, DictOption[]>;
}

/** One item of the query form (getQueryInfo). */
export interface ReportQueryItemDto {
  /** The query string key: a column name, or `self_<param>` for a report parameter. */
  field: string;
  label: string;
  view: ReportQueryView;
  mode: ReportQueryMode;
  dictCode: string | null;
  /** '1': shown only when the form is expanded (§3). */
  hidden: '0' | '1';
  /** A report parameter (bound into the report's SQL) rather than a column filter. */
  param: boolean;
  defaultValue: string | null;
}

/** A report row: declared columns only; times formatted YYYY-MM-DD(HH:mm:ss), numerics as strings. */
export type ReportRow = Record<string, string | number | boolean | null>;
