import { RULES } from './rules.ts';

/** In a grid message, stands for the column title (JVxeTable's placeholder). */
// biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder itself, filled by fillMessage
export const TITLE_PLACEHOLDER = '${title}';

/**
 * §5 validation presets of the editable grid (the JVxeTable `validateRules: [{ pattern: 'n6-16' }]` codes).
 * Each preset keeps the spec's label verbatim; its message quotes the label. Empty cells pass every pattern
 * (only `*` / `required` fails an empty cell), as a form would.
 */
export const GRID_PRESETS = {
  '*': { label: '非空', pattern: null, message: `${TITLE_PLACEHOLDER}不能为空` },
  'n6-16': { label: '6到16位数字', pattern: /^\d{6,16}$/, message: '请输入6到16位数字' },
  '*6-16': { label: '6到16位任意字符', pattern: /^[\s\S]{6,16}$/, message: '请输入6到16位任意字符' },
  's6-18': { label: '6到18位字母', pattern: /^[A-Za-z]{6,18}$/, message: '请输入6到18位字母' },
  url: { label: '网址', pattern: RULES.url.pattern, message: '请输入正确的网址' },
  e: { label: '电子邮件', pattern: RULES.email.pattern, message: '请输入正确的电子邮件' },
  /** The grid's own mobile rule: 11 digits, 1 then 3–9 (the form rule of §5 is narrower). */
  m: { label: '手机号码', pattern: /^1[3-9]\d{9}$/, message: '请输入正确的手机号码' },
  /** 6 digits, not starting with 0. */
  p: { label: '邮政编码', pattern: /^[1-9]\d{5}$/, message: '请输入正确的邮政编码' },
  s: { label: '字母', pattern: RULES.english.pattern, message: '请输入字母' },
  /** Optionally negative, optionally decimal. */
  n: { label: '数字', pattern: /^-?\d+(\.\d+)?$/, message: '请输入数字' },
  z: { label: '整数', pattern: /^-?\d+$/, message: '请输入整数' },
  /** At most two decimals. */
  money: { label: '金额', pattern: /^(0|[1-9]\d*)(\.\d{1,2})?$/, message: '请输入正确的金额' },
} as const satisfies Record<string, { label: string; pattern: RegExp | null; message: string }>;

export type GridPresetCode = keyof typeof GRID_PRESETS;

/** Messages of the rules that are not patterns: `${title}` is the column title. */
export const GRID_MESSAGES = {
  required: `${TITLE_PLACEHOLDER}不能为空`,
  unique: `${TITLE_PLACEHOLDER}不能重复`,
  invalid: `${TITLE_PLACEHOLDER}校验未通过`,
} as const;

/** Row keys (ids) are capped at 50 characters (§5). */
export const GRID_ROW_KEY_MAX = 50;

/** §9 grid widths, in px, and the share of the width the visible data columns split. */
export const GRID_WIDTHS = {
  datetimeMin: 190,
  userMin: 190,
  departMin: 190,
  date: 135,
  rowNumber: 60,
  selection: 40,
  selectionWithStatistics: 60,
  expand: 40,
  expandWithStatistics: 60,
  dragSort: 40,
  action: 147,
  rowHeight: 61,
  maxHeight: 400,
  share: 0.92,
} as const;

/** Footer statistic labels (§9). */
export const GRID_STATISTICS = { sum: '合计', average: '平均' } as const;
export type GridStatistic = keyof typeof GRID_STATISTICS;

/** Fills `${title}` (and any `${key}` of `vars`) in a message. */
export const fillMessage = (message: string, vars: Record<string, string>): string =>
  message.replace(/\$\{(\w+)\}/g, (whole, key: string) => vars[key] ?? whole);
