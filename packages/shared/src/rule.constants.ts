/**
 * The zod-free half of fill rules (填值规则) and check rules (校验规则): messages, reset periods, the fill pattern
 * parser and renderer, and the check rule evaluator. The schemas in `rule.ts` and the server use them, and the web's
 * forms preview and check with the same code (exported from `constants.ts`, so the web imports them without zod).
 */

// ── Fill rules: codes generated from a pattern such as CG-${yyyyMMdd}-${seq:4} ──────────────────────────────────

export const FILL_RULE_MESSAGES = {
  codeRequired: '请输入规则编码!',
  codePattern: '规则编码只能以字母开头，由字母、数字、下划线组成',
  codeTaken: '规则编码已存在',
  nameRequired: '请输入规则名称!',
  patternRequired: '请输入规则表达式!',
  badPattern: `规则表达式有误：须且只能含一个\${seq:N}（N为1到12），其余占位符只能是日期格式（如\${yyyyMMdd}）或\${orgCode}`,
  notFound: (code: string) => `填值规则“${code}”不存在`,
} as const;

/** When the sequence of a rule starts again from 1. */
export const FILL_RULE_RESET = { none: 'none', daily: 'daily', monthly: 'monthly', yearly: 'yearly' } as const;
export type FillRuleReset = (typeof FILL_RULE_RESET)[keyof typeof FILL_RULE_RESET];
export const FILL_RULE_RESET_LABELS: Record<FillRuleReset, string> = {
  none: '不重置',
  daily: '每天',
  monthly: '每月',
  yearly: '每年',
};

const TOKEN = /\$\{([^}]*)\}/g;
const DATE_TOKEN = /^(yyyy|yy|MM|dd|HH|mm|ss)+$/;

export type FillToken =
  | { kind: 'text'; text: string }
  | { kind: 'date'; format: string }
  | { kind: 'seq'; digits: number }
  | { kind: 'orgCode' };

/** Splits a fill pattern into its parts; null when it is not a valid pattern. */
export function parseFillPattern(pattern: string): FillToken[] | null {
  if (!pattern || pattern.length > 100) return null;
  const tokens: FillToken[] = [];
  let last = 0;
  let seqCount = 0;
  for (const m of pattern.matchAll(TOKEN)) {
    const text = pattern.slice(last, m.index);
    if (text) tokens.push({ kind: 'text', text });
    const body = m[1] ?? '';
    const seq = /^seq:(\d{1,2})$/.exec(body);
    if (seq) {
      const digits = Number(seq[1]);
      if (digits < 1 || digits > 12) return null;
      seqCount++;
      tokens.push({ kind: 'seq', digits });
    } else if (DATE_TOKEN.test(body)) tokens.push({ kind: 'date', format: body });
    else if (body === 'orgCode') tokens.push({ kind: 'orgCode' });
    else return null;
    last = (m.index ?? 0) + m[0].length;
  }
  const rest = pattern.slice(last);
  if (rest) tokens.push({ kind: 'text', text: rest });
  if (seqCount !== 1) return null;
  // Literal text may not hold a stray ${ or }: that would be a mistyped placeholder.
  if (tokens.some((t) => t.kind === 'text' && /[${}]/.test(t.text))) return null;
  return tokens;
}

/** Formats a date with the fill pattern's letters (yyyy yy MM dd HH mm ss) in local time. */
export function formatFillDate(date: Date, format: string): string {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return format.replace(/yyyy|yy|MM|dd|HH|mm|ss/g, (t) => {
    switch (t) {
      case 'yyyy':
        return String(date.getFullYear());
      case 'yy':
        return pad(date.getFullYear() % 100);
      case 'MM':
        return pad(date.getMonth() + 1);
      case 'dd':
        return pad(date.getDate());
      case 'HH':
        return pad(date.getHours());
      case 'mm':
        return pad(date.getMinutes());
      default:
        return pad(date.getSeconds());
    }
  });
}

/** The counter's period key: the sequence restarts whenever it changes. */
export function fillPeriodKey(reset: FillRuleReset, date: Date): string {
  if (reset === 'daily') return formatFillDate(date, 'yyyyMMdd');
  if (reset === 'monthly') return formatFillDate(date, 'yyyyMM');
  if (reset === 'yearly') return formatFillDate(date, 'yyyy');
  return '-';
}

/** The code for sequence number `seq` (zero-padded to the pattern's width; longer numbers are not cut). */
export function renderFillPattern(tokens: FillToken[], date: Date, seq: number, orgCode: string | null): string {
  return tokens
    .map((t) => {
      if (t.kind === 'text') return t.text;
      if (t.kind === 'date') return formatFillDate(date, t.format);
      if (t.kind === 'orgCode') return orgCode ?? '';
      return String(seq).padStart(t.digits, '0');
    })
    .join('');
}

// ── Check rules: a value checked segment by segment against regular expressions ─────────────────────────────────

export const CHECK_RULE_MESSAGES = {
  codeRequired: '请输入规则编码!',
  codePattern: '规则编码只能以字母开头，由字母、数字、下划线组成',
  codeTaken: '规则编码已存在',
  nameRequired: '请输入规则名称!',
  rulesRequired: '请至少配置一条校验规则',
  badRuleJson: '规则须为JSON数组，每项形如{"digits":"*","pattern":"^\\\\d+$","message":"只能输入数字"}',
  badDigits: '位数须为正整数或“*”（其余全部）',
  starNotLast: '“*”（其余全部）只能用于最后一条规则',
  patternRequired: '请输入正则表达式',
  patternTooLong: '正则表达式不能超过200个字符',
  patternInvalid: (p: string) => `正则表达式无法编译：${p}`,
  patternUnsafe: (p: string) => `正则表达式可能导致回溯过多，不允许使用：${p}`,
  messageRequired: '请输入提示信息',
  notFound: (code: string) => `校验规则“${code}”不存在`,
  valueTooLong: '校验值过长',
  passed: '校验通过',
} as const;

export interface CheckRuleItem {
  /** How many characters this rule checks, from where the previous one stopped; "*" means all the rest. */
  digits: string;
  pattern: string;
  message: string;
}

/** Why a pattern is refused (too long, does not compile, or shaped for catastrophic backtracking), or null. */
export function checkPatternProblem(pattern: string): string | null {
  if (!pattern) return CHECK_RULE_MESSAGES.patternRequired;
  if (pattern.length > 200) return CHECK_RULE_MESSAGES.patternTooLong;
  try {
    new RegExp(pattern, 'u');
  } catch {
    return CHECK_RULE_MESSAGES.patternInvalid(pattern);
  }
  // Backreferences and lookbehinds, and a quantified group that itself holds a quantifier ((a+)+, (\w*)*, (a|b+){2,}).
  if (/\\[1-9]|\\k<|\(\?<[=!]/.test(pattern)) return CHECK_RULE_MESSAGES.patternUnsafe(pattern);
  if (/\((?:[^()\\]|\\.)*[+*}](?:[^()\\]|\\.)*\)\s*(?:[+*]|\{\d*,)/.test(pattern)) {
    return CHECK_RULE_MESSAGES.patternUnsafe(pattern);
  }
  if ((pattern.match(/[+*]|\{\d*,/g) ?? []).length > 20) return CHECK_RULE_MESSAGES.patternUnsafe(pattern);
  return null;
}

/** The first rule a value breaks (its message), or null when it passes. Segments are matched whole. */
export function checkByRules(rules: CheckRuleItem[], value: string): string | null {
  let pos = 0;
  for (const rule of rules) {
    let segment: string;
    if (rule.digits === '*') {
      segment = value.slice(pos);
      pos = value.length;
    } else {
      const n = Number(rule.digits);
      segment = value.slice(pos, pos + n);
      if (segment.length < n) return rule.message;
      pos += n;
    }
    if (!new RegExp(`^(?:${rule.pattern})$`, 'u').test(segment)) return rule.message;
  }
  return null;
}
