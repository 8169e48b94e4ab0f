import { GRID_PRESETS, type GridPresetCode, TITLE_PLACEHOLDER } from '@aps/shared/constants';
import { describe, expect, it } from 'vitest';
import type { GridColumn, GridRow } from './types.ts';
import { firstError, validateCell, validateRows } from './validation.ts';

const col = (rules: GridColumn['validateRules'], title = '编号'): GridColumn => ({
  key: 'v',
  title,
  type: 'input',
  validateRules: rules,
});
const check = (rules: GridColumn['validateRules'], value: unknown, rows?: GridRow[]) => {
  const row = { id: 'r1', v: value };
  return validateCell(col(rules), row, rows ?? [row]);
};

describe('§5 grid presets: labels and messages verbatim', () => {
  it.each([
    ['*', '非空', `${TITLE_PLACEHOLDER}不能为空`],
    ['n6-16', '6到16位数字', '请输入6到16位数字'],
    ['*6-16', '6到16位任意字符', '请输入6到16位任意字符'],
    ['s6-18', '6到18位字母', '请输入6到18位字母'],
    ['url', '网址', '请输入正确的网址'],
    ['e', '电子邮件', '请输入正确的电子邮件'],
    ['m', '手机号码', '请输入正确的手机号码'],
    ['p', '邮政编码', '请输入正确的邮政编码'],
    ['s', '字母', '请输入字母'],
    ['n', '数字', '请输入数字'],
    ['z', '整数', '请输入整数'],
    ['money', '金额', '请输入正确的金额'],
  ])('%s is %s', (code, label, message) => {
    expect(GRID_PRESETS[code as GridPresetCode].label).toBe(label);
    expect(GRID_PRESETS[code as GridPresetCode].message).toBe(message);
  });
});

describe('§5 grid presets: what passes and what fails', () => {
  it.each<[GridPresetCode, unknown, string | null]>([
    ['*', '', '编号不能为空'],
    ['*', null, '编号不能为空'],
    ['*', [], '编号不能为空'],
    ['*', 'x', null],
    ['*', 0, null],
    ['n6-16', '123456', null],
    ['n6-16', '1234567890123456', null],
    ['n6-16', '12345', '请输入6到16位数字'],
    ['n6-16', '12345678901234567', '请输入6到16位数字'],
    ['n6-16', '12345a', '请输入6到16位数字'],
    ['*6-16', 'ab c!?', null],
    ['*6-16', 'abcde', '请输入6到16位任意字符'],
    ['*6-16', 'a'.repeat(17), '请输入6到16位任意字符'],
    ['s6-18', 'abcDEF', null],
    ['s6-18', 'abcde', '请输入6到18位字母'],
    ['s6-18', 'abcde1', '请输入6到18位字母'],
    ['s6-18', 'a'.repeat(19), '请输入6到18位字母'],
    ['url', 'https://example.com/a', null],
    ['url', 'http://a.cn', null],
    ['url', 'ftp://a.cn', '请输入正确的网址'],
    ['url', 'example.com', '请输入正确的网址'],
    ['e', 'li.lei@example.com', null],
    ['e', 'li.lei@', '请输入正确的电子邮件'],
    ['m', '13912345678', null],
    ['m', '19912345678', null],
    ['m', '12912345678', '请输入正确的手机号码'],
    ['m', '1391234567', '请输入正确的手机号码'],
    ['p', '100080', null],
    ['p', '010080', '请输入正确的邮政编码'],
    ['p', '10008', '请输入正确的邮政编码'],
    ['s', 'abcXYZ', null],
    ['s', 'abc1', '请输入字母'],
    ['n', '12', null],
    ['n', '-12.5', null],
    ['n', 3.25, null],
    ['n', '1.', '请输入数字'],
    ['n', 'a1', '请输入数字'],
    ['z', '-12', null],
    ['z', '12.0', '请输入整数'],
    ['money', '0.5', null],
    ['money', '1200.25', null],
    ['money', '12.345', '请输入正确的金额'],
    ['money', '-1', '请输入正确的金额'],
    ['money', '012', '请输入正确的金额'],
  ])('%s with %j → %s', async (pattern, value, expected) => {
    expect(await check([{ pattern }], value)).toBe(expected);
  });

  it('lets an empty cell pass every pattern but 非空', async () => {
    for (const code of Object.keys(GRID_PRESETS) as GridPresetCode[]) {
      if (code !== '*') expect(await check([{ pattern: code }], '')).toBeNull();
    }
  });
});

describe('required, unique, custom handlers and own messages', () => {
  it('required says the column title', async () => {
    expect(await check([{ required: true }], '  ')).toBeNull();
    expect(await check([{ required: true }], undefined)).toBe('编号不能为空');
  });
  it('unique / only fails when the value repeats in two or more rows, empties aside', async () => {
    const rows = [
      { id: 'a', v: 'X1' },
      { id: 'b', v: 'X1' },
      { id: 'c', v: '' },
      { id: 'd', v: '' },
    ];
    const column = col([{ unique: true }]);
    expect(await validateCell(column, rows[0]!, rows)).toBe('编号不能重复');
    expect(await validateCell(col([{ pattern: 'only' }]), rows[1]!, rows)).toBe('编号不能重复');
    expect(await validateCell(column, rows[2]!, rows)).toBeNull();
    expect(await validateCell(column, { id: 'e', v: 'X2' }, [...rows, { id: 'e', v: 'X2' }])).toBeNull();
  });
  it('a custom handler returns its own message (sync or async)', async () => {
    const rules = [{ handler: ({ value }: { value: unknown }) => (value === 'bad' ? '不能是bad' : undefined) }];
    expect(await check(rules, 'bad')).toBe('不能是bad');
    expect(await check(rules, 'good')).toBeNull();
    expect(await check([{ handler: async () => '远端校验失败' }], 'x')).toBe('远端校验失败');
  });
  it('an own message overrides the preset and fills the title placeholder', async () => {
    expect(await check([{ pattern: 'm', message: `${TITLE_PLACEHOLDER}要是手机号` }], '1')).toBe('编号要是手机号');
    expect(await check([{ pattern: /^A/, message: '须以A开头' }], 'B')).toBe('须以A开头');
    expect(await check([{ pattern: /^A/ }], 'B')).toBe('编号校验未通过');
  });
  it('stops at the first rule broken', async () => {
    expect(await check([{ required: true }, { pattern: 'n6-16' }], '')).toBe('编号不能为空');
    expect(await check([{ required: true }, { pattern: 'n6-16' }], '12')).toBe('请输入6到16位数字');
  });
});

describe('table validation', () => {
  const columns: GridColumn[] = [
    { key: 'name', title: '名称', type: 'input', validateRules: [{ required: true }] },
    { key: 'phone', title: '手机', type: 'input', validateRules: [{ pattern: 'm' }] },
    { key: 'memo', title: '备注', type: 'input' },
  ];
  it('returns null when every row passes', async () => {
    expect(await validateRows([{ id: 'a', name: 'x', phone: '13912345678' }], columns)).toBeNull();
  });
  it('returns the error map row id → key → message, and its first error in row order', async () => {
    const rows = [
      { id: 'a', name: 'x', phone: '' },
      { id: 'b', name: '', phone: '123' },
    ];
    const errors = await validateRows(rows, columns);
    expect(errors).toEqual({ b: { name: '名称不能为空', phone: '请输入正确的手机号码' } });
    expect(firstError(errors!, rows)).toEqual({ rowId: 'b', index: 1, key: 'name', message: '名称不能为空' });
  });
});
