import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { type DataRuleInput, dataRuleFilter, validateDataRule } from './data-rule.ts';

const MENU = '/purchase/record';
const rule = (ruleColumn: string, ruleConditions: DataRuleInput['ruleConditions'], ruleValue: string) => ({
  ruleColumn,
  ruleConditions,
  ruleValue,
});

describe('validateDataRule', () => {
  it.each([
    [rule('sysOrgCode', '=', 'A01'), null],
    [rule('purchaseStage', '>=', '5'), null],
    [rule('purchaseStage', 'IN', '1, 2,3'), null],
    [rule('createBy', '=', '#{sys_user_code}'), null],
    [rule('sysOrgCode', 'RIGHT_LIKE', '#{sys_org_code}'), null],
    [rule('password_hash', '=', 'x'), 'password_hash 不在该菜单允许的数据规则字段中'],
    [rule('purchaseStage', 'LIKE', '1'), '是数值，不能使用模糊匹配'],
    [rule('purchaseStage', '=', 'abc'), '的规则值须为数字'],
    [rule('createBy', '=', '#{sys_secret}'), '系统变量只能是'],
    [rule('purchaseCategory', 'IN', '1,,2'), '规则值不能为空'],
  ])('%o → %s', (input, expected) => {
    const result = validateDataRule(MENU, input);
    if (expected === null) expect(result).toBeNull();
    else expect(result).toContain(expected);
  });

  it('refuses every column on a menu without an allow-list', () => {
    expect(validateDataRule('/system/user', rule('sysOrgCode', '=', 'A01'))).toContain('该菜单不支持数据规则');
    expect(validateDataRule(null, rule('sysOrgCode', '=', 'A01'))).toContain('该菜单不支持数据规则');
  });
});

describe('dataRuleFilter', () => {
  const dialect = new PgDialect();
  const render = (sets: DataRuleInput[][] | null) => {
    const where = dataRuleFilter(MENU, sets, { username: 'buyer01', orgCode: 'A01A01' });
    return where ? dialect.sqlToQuery(where) : undefined;
  };

  it('no rule sets: no restriction; an empty list of sets: nothing', () => {
    expect(render(null)).toBeUndefined();
    expect(render([])?.sql).toBe('false');
  });

  it('binds values and user variables, ANDs within a role and ORs across roles', () => {
    const q = render([
      [rule('purchaseCategory', '=', 'X1'), rule('sysOrgCode', 'RIGHT_LIKE', '#{sys_org_code}')],
      [rule('purchaseStage', 'IN', '1,2'), rule('createBy', '=', '#{sys_user_code}')],
    ]);
    expect(q?.sql).not.toContain('X1');
    expect(q?.sql).toContain(' or ');
    expect(q?.params).toEqual(['X1', 'A01A01%', 1, 2, 'buyer01']);
  });

  it('escapes LIKE wildcards in values', () => {
    expect(render([[rule('purchaseCode', 'LIKE', '50%_off')]])?.params).toEqual(['%50\\%\\_off%']);
  });

  it('fails closed for a stored rule whose column left the allow-list', () => {
    expect(render([[rule('dropped', '=', '1')]])?.sql).toContain('false');
  });
});
