import { describe, expect, it } from 'vitest';
import { emptyPopupFieldValues, popupFieldPairs, popupFieldValues } from './popupFields.ts';

describe('popup field configuration (§5)', () => {
  it('needs the report code, the original fields and the target fields', () => {
    expect(popupFieldPairs('', 'a', 'x')).toEqual({ error: 'popup参数未正确配置!' });
    expect(popupFieldPairs('report', '', 'x')).toEqual({ error: 'popup参数未正确配置!' });
    expect(popupFieldPairs('report', 'a', ' , ')).toEqual({ error: 'popup参数未正确配置!' });
    expect(popupFieldPairs(undefined, 'a', 'x')).toEqual({ error: 'popup参数未正确配置!' });
  });

  it('refuses lists of different lengths', () => {
    expect(popupFieldPairs('report', 'a,b', 'x')).toEqual({ error: 'popup参数未正确配置,原始值和目标值数量不一致!' });
  });

  it('pairs the fields in order, ignoring blanks around names', () => {
    expect(popupFieldPairs('report', 'purchase_code, purchase_name', 'code,name')).toEqual({
      pairs: [
        { org: 'purchase_code', dest: 'code' },
        { org: 'purchase_name', dest: 'name' },
      ],
    });
  });
});

describe('popup field values', () => {
  const pairs = [
    { org: 'purchase_code', dest: 'code' },
    { org: 'fixed_price', dest: 'price' },
  ];

  it('takes each original field of one row, texts of numbers and nulls included', () => {
    expect(popupFieldValues(pairs, [{ purchase_code: 'CG-1', fixed_price: 1200.5 }])).toEqual({
      code: 'CG-1',
      price: '1200.5',
    });
    expect(popupFieldValues(pairs, [{ purchase_code: 'CG-1', fixed_price: null }])).toEqual({
      code: 'CG-1',
      price: '',
    });
  });

  it('joins several rows with commas, in the order picked', () => {
    const rows = [
      { purchase_code: 'CG-1', fixed_price: 1 },
      { purchase_code: 'CG-2', fixed_price: 2 },
    ];
    expect(popupFieldValues(pairs, rows)).toEqual({ code: 'CG-1,CG-2', price: '1,2' });
  });

  it('empties every target field', () => {
    expect(emptyPopupFieldValues(pairs)).toEqual({ code: '', price: '' });
  });
});
