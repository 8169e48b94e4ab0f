import { DATA_RULE_MESSAGES, type DataRuleCondition } from '@aps/shared';
import { and, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { purchaseRecord } from '../../procurement/purchase/tables.ts';

/**
 * Data rules (sys_permission_data_rule) narrow the rows of a menu's list, per role:
 *
 * - A rule belongs to a menu and names one field of that menu's list. Only menus registered in
 *   DATA_RULE_COLUMNS accept rules, and only their listed fields: anything else is refused when the rule
 *   is saved (so no table or column name ever comes from a request).
 * - A role applies the rules chosen for it (GET/POST /sys/role/datarule); inactive rules (status '0') apply
 *   nowhere.
 * - A user sees a row of the list when at least one of their roles that grants the menu lets it through;
 *   a role lets a row through when the row satisfies all of that role's active rules for the menu. A role
 *   with no rules for the menu lets every row through (so rules only ever narrow, like the data scope).
 * - Values are bound parameters; `#{sys_user_code}` is the signed-in username, `#{sys_org_code}` their
 *   current department's org code.
 *
 * The data scope of the role (own department / with children / all) applies in addition.
 */
export interface RuleColumn {
  column: PgColumn;
  type: 'text' | 'number';
  label: string;
}

export const DATA_RULE_COLUMNS: Record<string, Record<string, RuleColumn>> = {
  '/purchase/record': {
    sysOrgCode: { column: purchaseRecord.sysOrgCode, type: 'text', label: '所属部门编码' },
    purchaseCode: { column: purchaseRecord.purchaseCode, type: 'text', label: '采购编号' },
    purchaseCategory: { column: purchaseRecord.purchaseCategory, type: 'text', label: '采购类别' },
    purchaseStage: { column: purchaseRecord.purchaseStage, type: 'number', label: '采购阶段' },
    electionStatus: { column: purchaseRecord.electionStatus, type: 'text', label: '选商状态' },
    approvalStatus: { column: purchaseRecord.approvalStatus, type: 'text', label: '审批状态' },
    createBy: { column: purchaseRecord.createBy, type: 'text', label: '创建人' },
  },
};

export interface DataRuleInput {
  ruleColumn: string;
  ruleConditions: DataRuleCondition;
  ruleValue: string;
}
export interface RuleContext {
  username: string;
  orgCode: string | null;
}

const VARIABLE = /^#\{(sys_user_code|sys_org_code)\}$/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/** Why a rule cannot be saved for the menu at `menuUrl`, or null when it can. */
export function validateDataRule(menuUrl: string | null, rule: DataRuleInput): string | null {
  const columns = (menuUrl && DATA_RULE_COLUMNS[menuUrl]) || {};
  const def = columns[rule.ruleColumn];
  if (!def) return DATA_RULE_MESSAGES.columnNotAllowed(rule.ruleColumn, Object.keys(columns));
  const values = rule.ruleConditions === 'IN' ? rule.ruleValue.split(',').map((v) => v.trim()) : [rule.ruleValue];
  if (values.some((v) => v === '')) return '规则值不能为空';
  if (def.type === 'number') {
    if (rule.ruleConditions.includes('LIKE')) return `字段 ${rule.ruleColumn} 是数值，不能使用模糊匹配`;
    if (values.some((v) => !NUMBER.test(v))) return `字段 ${rule.ruleColumn} 的规则值须为数字`;
  } else if (values.some((v) => v.startsWith('#{') && !VARIABLE.test(v))) {
    return '规则值中的系统变量只能是 #{sys_user_code} 或 #{sys_org_code}';
  }
  return null;
}

function resolveValue(value: string, ctx: RuleContext): string {
  const m = VARIABLE.exec(value);
  if (!m) return value;
  return (m[1] === 'sys_user_code' ? ctx.username : ctx.orgCode) ?? '';
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

function condition(def: RuleColumn, rule: DataRuleInput, ctx: RuleContext): SQL {
  const col = def.column;
  const value = resolveValue(rule.ruleValue.trim(), ctx);
  const bound = def.type === 'number' ? sql`${Number(value)}` : sql`${value}`;
  switch (rule.ruleConditions) {
    case '=':
      return sql`${col} = ${bound}`;
    case '!=':
      return sql`${col} IS DISTINCT FROM ${bound}`;
    case '>':
      return sql`${col} > ${bound}`;
    case '>=':
      return sql`${col} >= ${bound}`;
    case '<':
      return sql`${col} < ${bound}`;
    case '<=':
      return sql`${col} <= ${bound}`;
    case 'LIKE':
      return sql`${col} LIKE ${`%${escapeLike(value)}%`}`;
    case 'LEFT_LIKE':
      return sql`${col} LIKE ${`%${escapeLike(value)}`}`;
    case 'RIGHT_LIKE':
      return sql`${col} LIKE ${`${escapeLike(value)}%`}`;
    case 'IN': {
      const list = rule.ruleValue.split(',').map((v) => resolveValue(v.trim(), ctx));
      const items = list.map((v) => (def.type === 'number' ? sql`${Number(v)}` : sql`${v}`));
      return sql`${col} IN (${sql.join(items, sql`, `)})`;
    }
  }
}

/**
 * The where-clause of the rules that apply to a user on a menu's list: `null` rule sets mean "no
 * restriction"; otherwise one set per granting role, OR-ed, each set's rules AND-ed. A rule whose column
 * left the allow-list since it was saved matches nothing (fails closed).
 */
export function dataRuleFilter(menuUrl: string, ruleSets: DataRuleInput[][] | null, ctx: RuleContext): SQL | undefined {
  if (!ruleSets) return undefined;
  if (ruleSets.length === 0) return sql`false`;
  const columns = DATA_RULE_COLUMNS[menuUrl] ?? {};
  const perRole = ruleSets.map((rules) =>
    and(...rules.map((r) => (columns[r.ruleColumn] ? condition(columns[r.ruleColumn]!, r, ctx) : sql`false`))),
  );
  return or(...perRole);
}
