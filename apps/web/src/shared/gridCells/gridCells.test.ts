import { describe, expect, it } from 'vitest';
import { popupConfig, userValueKey } from './config.ts';
import { fileNameOf, mergePaths, rememberFileName, shortFileName } from './files.ts';

describe('file cells', () => {
  it.each([
    ['合同.pdf', '合同.pd…'],
    ['abcde', 'abcde'],
    ['abcdef.pdf', 'abcde…'],
    ['采购合同扫描件.pdf', '采购合同扫…'],
  ])('§9 shows 5 characters of %j then an ellipsis', (name, shown) => {
    expect(shortFileName(name)).toBe(shown);
  });

  it('names a stored path by the uploaded file name, else by the path', () => {
    expect(fileNameOf('ftl/20261123/u1.pdf')).toBe('u1.pdf');
    rememberFileName('ftl/20261123/u1.pdf', '报价单.pdf');
    expect(fileNameOf('ftl/20261123/u1.pdf')).toBe('报价单.pdf');
  });

  it.each([
    ['adds to the stored paths', 'a,b', ['c'], true, undefined, 'a,b,c'],
    ['keeps the last max (§5)', 'a,b', ['c', 'd'], true, 3, 'b,c,d'],
    ['one file: the new one replaces', 'a', ['b', 'c'], false, undefined, 'c'],
    ['nothing uploaded keeps the value', 'a', [], false, undefined, 'a'],
    ['an empty cell', '', ['a'], true, undefined, 'a'],
  ])('%s', (_name, current, added, multiple, max, value) => {
    expect(mergePaths(current, added, multiple, max)).toBe(value);
  });
});

describe('picker cells', () => {
  it('sel_user stores usernames unless props.valueKey is id', () => {
    expect(userValueKey({})).toBe('username');
    expect(userValueKey({ props: { valueKey: 'id' } })).toBe('id');
    expect(userValueKey({ props: { valueKey: 'realname' } })).toBe('username');
  });

  it('popup reads its business-component select from props, the row key defaulting to the value key', () => {
    expect(
      popupConfig({
        props: {
          table: 'purchase_record',
          valueKey: 'purchase_code',
          displayKey: 'purchase_name',
          columns: [{ title: '采购名称', dataIndex: 'purchase_name' }],
          queryConfig: [{ key: 'purchase_name', label: '采购名称' }],
          title: '选择采购记录',
        },
      }),
    ).toEqual({
      table: 'purchase_record',
      valueKey: 'purchase_code',
      displayKey: 'purchase_name',
      rowKey: 'purchase_code',
      columns: [{ title: '采购名称', dataIndex: 'purchase_name' }],
      queryConfig: [{ key: 'purchase_name', label: '采购名称' }],
      multiple: false,
      title: '选择采购记录',
    });
    expect(popupConfig({ props: { table: 'sys_user', multiple: true } })).toEqual({
      table: 'sys_user',
      valueKey: 'id',
      displayKey: 'id',
      rowKey: 'id',
      columns: [{ title: 'id', dataIndex: 'id' }],
      queryConfig: [],
      multiple: true,
    });
  });
});
