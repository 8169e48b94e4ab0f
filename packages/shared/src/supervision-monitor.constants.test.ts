import { describe, expect, it } from 'vitest';
import { recordLink } from './supervision-monitor.constants.ts';

const id = '11111111-2222-4333-8444-555555555555';
const pkg = '66666666-7777-4888-9999-000000000000';

describe('recordLink', () => {
  it('opens the record itself on its list page', () => {
    expect(recordLink({ targetType: 'package', targetId: pkg, packageId: pkg })).toEqual({
      path: `/purchase/packageDetail?open=${pkg}`,
      label: '查看标包',
    });
    expect(recordLink({ targetType: 'contract', targetId: id, packageId: pkg })).toEqual({
      path: `/contract/list?open=${id}`,
      label: '查看合同',
    });
    expect(recordLink({ targetType: 'supplier', targetId: id, packageId: null })).toEqual({
      path: `/supplier/directory?open=${id}`,
      label: '查看供应商',
    });
    expect(recordLink({ targetType: 'project', targetId: id, packageId: pkg }).path).toBe(
      `/purchase/packageDetail?open=${pkg}`,
    );
    expect(recordLink({ targetType: 'project', targetId: id, packageId: null })).toEqual({
      path: '/purchase/packageDetail',
      label: '查看项目',
    });
  });
});
