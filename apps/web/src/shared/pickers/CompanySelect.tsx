import type { DepartTreeNode } from '@aps/shared';
import { joinValue, splitValue } from '@aps/shared/constants';
import { TreeSelect } from 'antd';
import { useCompanyTree } from './api.ts';

export interface CompanySelectProps {
  id?: string;
  /** Comma-joined company (department) ids. */
  value?: string | null;
  onChange?: (value: string) => void;
  multiple?: boolean;
  disabled?: boolean;
  placeholder?: string;
}

/** §2 company select: the group and its branch companies (companyTreeList), projects left out. */
export function CompanySelect({
  id,
  value,
  onChange,
  multiple,
  disabled,
  placeholder = '请选择公司',
}: CompanySelectProps) {
  const tree = useCompanyTree();
  return (
    <TreeSelect<string | string[]>
      id={id}
      style={{ width: '100%' }}
      disabled={disabled}
      loading={tree.isLoading}
      placeholder={placeholder}
      allowClear
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      multiple={multiple}
      treeCheckable={multiple}
      showCheckedStrategy={TreeSelect.SHOW_ALL}
      styles={{ popup: { root: { maxHeight: 400, overflow: 'auto' } } }}
      treeData={(tree.data ?? []) as DepartTreeNode[]}
      fieldNames={{ value: 'id', label: 'title', children: 'children' }}
      value={multiple ? splitValue(value) : value || undefined}
      onChange={(v) => onChange?.(Array.isArray(v) ? joinValue(v) : (v ?? ''))}
    />
  );
}
