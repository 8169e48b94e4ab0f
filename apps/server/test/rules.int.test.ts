import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';
import { caller, uniqueCode } from './sys-helpers.ts';

let t: TestApp;
let admin: string;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  call = caller(t);
});
afterAll(() => t.close());

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
};

describe('fill rules (/sys/fillRule/*)', () => {
  it('generates the seeded purchase code CG-yyyyMMdd-#### in sequence', async () => {
    const a = (await call(admin, 'GET', '/sys/fillRule/executeRuleByCode/purchase_code')).json();
    const b = (await call(admin, 'GET', '/sys/fillRule/executeRuleByCode/purchase_code')).json();
    expect(a.result).toMatch(new RegExp(`^CG-${today()}-\\d{4}$`));
    expect(Number(b.result.slice(-4))).toBe(Number(a.result.slice(-4)) + 1);
  });

  it('never hands out the same code to 50 parallel requests', async () => {
    const ruleCode = uniqueCode('r_');
    const added = await call(admin, 'POST', '/sys/fillRule/add', {
      ruleCode,
      ruleName: '并发测试',
      pattern: `T\${yyyyMMdd}\${seq:4}`,
      resetPeriod: 'daily',
    });
    expect(added.json(), added.body).toMatchObject({ success: true });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => call(admin, 'GET', `/sys/fillRule/executeRuleByCode/${ruleCode}`)),
    );
    const codes = results.map((r) => r.json().result as string);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(codes).size).toBe(50);
    const seqs = codes.map((c) => Number(c.slice(-4))).sort((x, y) => x - y);
    expect(seqs).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('counts per tenant', async () => {
    const ruleCode = uniqueCode('r_');
    await call(admin, 'POST', '/sys/fillRule/add', {
      ruleCode,
      ruleName: '租户计数',
      pattern: `Z\${seq:3}`,
      resetPeriod: 'none',
    });
    const other = await t.createUser({ tenantId: 2, roles: ['admin'], departs: ['B01'] });
    const token = await t.login(other.username, other.password);
    expect((await call(admin, 'GET', `/sys/fillRule/executeRuleByCode/${ruleCode}`)).json().result).toBe('Z001');
    expect((await call(admin, 'GET', `/sys/fillRule/executeRuleByCode/${ruleCode}`)).json().result).toBe('Z002');
    expect(
      (await call(token, 'GET', `/sys/fillRule/executeRuleByCode/${ruleCode}`, undefined, '2')).json().result,
    ).toBe('Z001');
  });

  it('validates rules on save and answers unknown codes with 404', async () => {
    const cases: [object, string][] = [
      [{ ruleCode: '', ruleName: 'x', pattern: `A\${seq:2}` }, '请输入规则编码!'],
      [{ ruleCode: 'ok_code', ruleName: '', pattern: `A\${seq:2}` }, '请输入规则名称!'],
      [{ ruleCode: 'ok_code', ruleName: 'x', pattern: `A-\${yyyy}` }, '规则表达式有误'],
      [{ ruleCode: 'ok_code', ruleName: 'x', pattern: `A\${seq:2}\${seq:3}` }, '规则表达式有误'],
      [{ ruleCode: 'ok_code', ruleName: 'x', pattern: `A\${whoami}\${seq:2}` }, '规则表达式有误'],
    ];
    for (const [payload, message] of cases) {
      const res = await call(admin, 'POST', '/sys/fillRule/add', payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const dup = await call(admin, 'POST', '/sys/fillRule/add', {
      ruleCode: 'purchase_code',
      ruleName: 'x',
      pattern: `A\${seq:2}`,
    });
    expect(dup.json()).toMatchObject({ success: false, message: '规则编码已存在' });
    const missing = await call(admin, 'GET', '/sys/fillRule/executeRuleByCode/no_such_rule');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('填值规则“no_such_rule”不存在');
  });

  it('lists, edits, deletes; administration needs the code, generating the owning module’s add code', async () => {
    const list = (await call(admin, 'GET', '/sys/fillRule/list?ruleCode=purchase_code')).json().result;
    expect(list.records[0]).toMatchObject({ ruleCode: 'purchase_code', ruleName: '采购编号', resetPeriod: 'daily' });
    expect(list.records[0].example).toMatch(/^CG-\d{8}-0001$/);
    const ruleCode = uniqueCode('r_');
    const rule = (
      await call(admin, 'POST', '/sys/fillRule/add', { ruleCode, ruleName: '改', pattern: `X\${seq:2}` })
    ).json().result;
    const edited = await call(admin, 'PUT', '/sys/fillRule/edit', { ...rule, ruleName: '已改', pattern: `Y\${seq:3}` });
    expect(edited.json().result).toMatchObject({ ruleName: '已改', pattern: `Y\${seq:3}` });
    expect((await call(admin, 'DELETE', `/sys/fillRule/delete?id=${rule.id}`)).json().success).toBe(true);

    const buyer = await t.createUser({ roles: ['buyer'] });
    const token = await t.login(buyer.username, buyer.password);
    expect((await call(token, 'GET', '/sys/fillRule/list')).statusCode).toBe(403);
    expect(
      (await call(token, 'POST', '/sys/fillRule/add', { ruleCode: 'zz', ruleName: 'z', pattern: `Z\${seq:1}` }))
        .statusCode,
    ).toBe(403);
    // The buyer numbers purchase records (purchase:record:add), but no other module's records (issue 12 §4).
    expect((await call(token, 'GET', '/sys/fillRule/executeRuleByCode/purchase_code')).json().success).toBe(true);
    expect((await call(token, 'GET', '/sys/fillRule/executeRuleByCode/contract_code')).statusCode).toBe(403);
  });
});

describe('check rules (/sys/checkRule/*)', () => {
  const check = (ruleCode: string, value: string, token = admin) =>
    call(token, 'GET', `/sys/checkRule/checkByCode?${new URLSearchParams({ ruleCode, value })}`);

  it('checks a value segment by segment and answers with the rule’s message', async () => {
    expect((await check('purchase_no', 'HX20260001')).json()).toMatchObject({ success: true });
    const lower = await check('purchase_no', 'hx20260001');
    expect(lower.statusCode).toBe(200);
    expect(lower.json()).toMatchObject({ success: false, message: '前两位须为大写字母' });
    expect((await check('purchase_no', 'HX12')).json()).toMatchObject({
      success: false,
      message: '字母后须为6到12位数字',
    });
    expect((await check('purchase_no', 'H')).json()).toMatchObject({ success: false, message: '前两位须为大写字母' });
    // §5: empty values are not checked.
    expect((await check('purchase_no', '')).json().success).toBe(true);
    expect((await check('no_such_rule', 'x')).statusCode).toBe(404);
  });

  it('validates regular expressions on save: compiles them and refuses unsafe ones', async () => {
    const add = (ruleJson: unknown) =>
      call(admin, 'POST', '/sys/checkRule/add', { ruleCode: uniqueCode('c_'), ruleName: '规则', ruleJson });
    const bad: [unknown, string][] = [
      ['not json', '规则须为JSON数组'],
      [[], '请至少配置一条校验规则'],
      [[{ digits: '*', pattern: '([a-z]', message: 'x' }], '正则表达式无法编译：([a-z]'],
      [[{ digits: '*', pattern: '(a+)+$', message: 'x' }], '正则表达式可能导致回溯过多，不允许使用：(a+)+$'],
      [[{ digits: '*', pattern: '(\\w*)*', message: 'x' }], '正则表达式可能导致回溯过多'],
      [[{ digits: '*', pattern: '(a)\\1', message: 'x' }], '正则表达式可能导致回溯过多'],
      [[{ digits: '*', pattern: 'a'.repeat(201), message: 'x' }], '正则表达式不能超过200个字符'],
      [[{ digits: 'x', pattern: 'a', message: 'x' }], '位数须为正整数或“*”（其余全部）'],
      [
        [
          { digits: '*', pattern: 'a', message: 'x' },
          { digits: '1', pattern: 'b', message: 'y' },
        ],
        '“*”（其余全部）只能用于最后一条规则',
      ],
      [[{ digits: '*', pattern: 'a', message: '' }], '请输入提示信息'],
    ];
    for (const [ruleJson, message] of bad) {
      const res = await add(ruleJson);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const ruleCode = uniqueCode('c_');
    const good = await call(admin, 'POST', '/sys/checkRule/add', {
      ruleCode,
      ruleName: '三位数字',
      ruleJson: JSON.stringify([{ digits: 3, pattern: '\\d+', message: '前三位须为数字' }]),
    });
    expect(good.json(), good.body).toMatchObject({ success: true, result: { ruleJson: [{ digits: '3' }] } });
    expect((await check(ruleCode, '12a')).json()).toMatchObject({ success: false, message: '前三位须为数字' });
    expect((await check(ruleCode, '123abc')).json().success).toBe(true);
    const list = (await call(admin, 'GET', `/sys/checkRule/list?ruleCode=${ruleCode}`)).json().result;
    expect(list.total).toBe(1);
    expect((await call(admin, 'DELETE', `/sys/checkRule/delete?id=${good.json().result.id}`)).json().success).toBe(
      true,
    );
  });

  it('checking needs only a login; administration the code', async () => {
    const buyer = await t.createUser({ roles: ['buyer'] });
    const token = await t.login(buyer.username, buyer.password);
    expect((await check('purchase_no', 'HX20260001', token)).json().success).toBe(true);
    expect((await call(token, 'GET', '/sys/checkRule/list')).statusCode).toBe(403);
  });
});
