import type { CategoryTreeNode } from '@aps/shared';
import { CATEGORY_ROOT, joinValue, splitValue } from '@aps/shared/constants';
import { Alert, TreeSelect } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { http } from '../http.ts';
import { categoryTreeApi } from './api.ts';
import { conditionError } from './selection.ts';

export interface CategorySelectProps {
  id?: string;
  /** Comma-joined category ids. */
  value?: string | null;
  onChange?: (value: string) => void;
  /** The code under which the tree starts ("0": every root). */
  pcode?: string;
  /** Extra equality filters as a JSON object string, e.g. '{"code":"A01"}' (§5). */
  condition?: string;
  multiple?: boolean;
  disabled?: boolean;
  placeholder?: string;
}

interface Labeled {
  value: string;
  label?: ReactNode;
}

interface Node {
  id: string;
  pId: string;
  value: string;
  title: string;
  isLeaf: boolean;
}

const loadLevel = (pid: string | undefined, pcode: string, condition?: string) =>
  http.get<CategoryTreeNode[]>('/sys/category/loadTreeData', { pid, pcode, condition: condition || undefined });

const toNode =
  (parent: string) =>
  (n: CategoryTreeNode): Node => ({
    id: n.key,
    pId: parent,
    value: n.key,
    title: n.title ?? n.label,
    isLeaf: n.leaf === 1 || n.isLeaf,
  });

/** §2 category tree select (JTreeSelect): roots under `pcode`, children loaded when a node opens. */
export function CategorySelect({
  id,
  value,
  onChange,
  pcode = CATEGORY_ROOT,
  condition,
  multiple,
  disabled,
  placeholder = '请选择',
}: CategorySelectProps) {
  const error = conditionError(condition);
  const [nodes, setNodes] = useState<Node[]>([]);
  const [labels, setLabels] = useState<Record<string, string>>({});

  useEffect(() => {
    if (error) return;
    let live = true;
    loadLevel(undefined, pcode, condition)
      .then((list) => live && setNodes(list.map(toNode('0'))))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [pcode, condition, error]);

  // A saved value's names (§7 loadDictItem/), so the box reads before its branches are opened.
  const keys = splitValue(value);
  const unknownKey = joinValue(keys.filter((k) => !nodes.some((n) => n.id === k) && !labels[k]));
  useEffect(() => {
    const unknown = splitValue(unknownKey);
    if (error || unknown.length === 0) return;
    categoryTreeApi
      .labels(joinValue(unknown))
      .then((names) => setLabels((l) => ({ ...l, ...Object.fromEntries(unknown.map((k, i) => [k, names[i] ?? k])) })))
      .catch(() => undefined);
  }, [unknownKey, error]);

  const labeled = (k: string): Labeled => ({ value: k, label: nodes.find((n) => n.id === k)?.title ?? labels[k] ?? k });

  if (error) return <Alert type="error" showIcon title={error} />;

  return (
    <TreeSelect<Labeled | Labeled[]>
      id={id}
      style={{ width: '100%' }}
      treeDataSimpleMode
      treeData={nodes}
      disabled={disabled}
      placeholder={placeholder}
      allowClear
      multiple={multiple}
      styles={{ popup: { root: { maxHeight: 400, overflow: 'auto' } } }}
      labelInValue
      value={multiple ? keys.map(labeled) : keys[0] ? labeled(keys[0]) : undefined}
      loadData={async (node) => {
        const pid = String(node.value);
        const children = await loadLevel(pid, pcode, condition);
        setNodes((all) => [...all.filter((n) => n.pId !== pid), ...children.map(toNode(pid))]);
      }}
      onChange={(v) => onChange?.(Array.isArray(v) ? joinValue(v.map((x) => x.value)) : (v?.value ?? ''))}
    />
  );
}
