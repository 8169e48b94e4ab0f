import { ApartmentOutlined } from '@ant-design/icons';
import type { DepartTreeNode } from '@aps/shared';
import { joinValue, splitValue } from '@aps/shared/constants';
import { Modal, Radio, Spin, Tree } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { indexTree, useDepartTree } from './api.ts';
import { PickerTrigger } from './PickerTrigger.tsx';

/** §4 department tree check mode: linked (parent and children tick together) or unlinked (default). */
export type CheckMode = 'linked' | 'unlinked';

export interface DepartSelectProps {
  id?: string;
  /** Comma-joined department ids. */
  value?: string | null;
  onChange?: (value: string, rows: DepartTreeNode[]) => void;
  multiple?: boolean;
  /** The starting check mode; the modal lets the user switch it. */
  checkMode?: CheckMode;
  disabled?: boolean;
  placeholder?: string;
  /** Opens the modal at once (a grid cell entering edit mode). */
  defaultOpen?: boolean;
}

/** §2 department select (modal 部门选择, width 500): a tree with linked or unlinked checking. */
export function DepartSelect({
  id,
  value,
  onChange,
  multiple = true,
  checkMode = 'unlinked',
  disabled,
  placeholder = '请选择部门',
  defaultOpen = false,
}: DepartSelectProps) {
  const tree = useDepartTree();
  const index = useMemo(() => indexTree(tree.data), [tree.data]);
  const [open, setOpen] = useState(defaultOpen && !disabled);
  const [mode, setMode] = useState<CheckMode>(checkMode);
  const [checked, setChecked] = useState<string[]>([]);
  const keys = splitValue(value);

  useEffect(() => {
    if (open) setChecked(splitValue(value));
  }, [open, value]);

  const names = keys.map((k) => index.get(k)?.title ?? k).join(',');
  const pick = (next: string[]) => setChecked(multiple ? next : next.slice(-1));

  return (
    <>
      <PickerTrigger
        id={id}
        text={tree.isLoading && keys.length ? '' : names}
        placeholder={placeholder}
        disabled={disabled}
        prefix={<ApartmentOutlined style={{ color: 'rgba(0,0,0,0.25)' }} />}
        onOpen={() => setOpen(true)}
      />
      <Modal
        open={open}
        title="部门选择"
        width={500}
        okText="确定"
        cancelText="取消"
        onCancel={() => setOpen(false)}
        onOk={() => {
          setOpen(false);
          onChange?.(
            joinValue(checked),
            checked.flatMap((k) => index.get(k) ?? []),
          );
        }}
        destroyOnHidden
      >
        {multiple ? (
          <Radio.Group
            value={mode}
            onChange={(e) => setMode(e.target.value)}
            optionType="button"
            buttonStyle="solid"
            size="small"
            options={[
              { value: 'unlinked', label: '父子不关联' },
              { value: 'linked', label: '父子关联' },
            ]}
            style={{ marginBottom: 12 }}
          />
        ) : null}
        <div style={{ maxHeight: 400, overflow: 'auto', border: '1px solid #f0f0f0', borderRadius: 6, padding: 8 }}>
          {tree.isLoading ? (
            <Spin />
          ) : (
            <Tree<DepartTreeNode>
              checkable
              blockNode
              defaultExpandAll
              selectable={false}
              checkStrictly={mode === 'unlinked'}
              treeData={tree.data ?? []}
              fieldNames={{ key: 'id', title: 'title', children: 'children' }}
              checkedKeys={checked}
              onCheck={(keys) => pick(Array.isArray(keys) ? (keys as string[]) : (keys.checked as string[]))}
            />
          )}
        </div>
      </Modal>
    </>
  );
}
