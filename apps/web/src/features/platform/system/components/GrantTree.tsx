import type { PermissionTreeNode } from '@aps/shared';
import { MENU_TYPES } from '@aps/shared/constants';
import { Button, Empty, Input, Space, Spin, Tag, Tree } from 'antd';
import { type Key, type ReactNode, useMemo, useState } from 'react';
import { indexTree, keysMatching, toggleGrant } from '../tree.ts';

interface Node {
  key: string;
  title: ReactNode;
  plain: string;
  children?: Node[];
}

function toNodes(list: PermissionTreeNode[], onRules?: (node: PermissionTreeNode) => void): Node[] {
  return list.map((n) => ({
    key: n.key,
    plain: n.title,
    title: (
      <span className="aps-grant-node">
        {n.title}
        {n.menuType === MENU_TYPES.button && (
          <Tag color="orange" variant="outlined" style={{ marginInlineStart: 6, fontSize: 11, lineHeight: '16px' }}>
            按钮{n.perms ? ` ${n.perms}` : ''}
          </Tag>
        )}
        {n.ruleFlag && onRules && (
          <Button
            type="link"
            size="small"
            style={{ height: 18, paddingInline: 4 }}
            onClick={(e) => {
              e.stopPropagation();
              onRules(n);
            }}
          >
            数据规则
          </Button>
        )}
      </span>
    ),
    children: n.children?.length ? toNodes(n.children, onRules) : undefined,
  }));
}

export interface GrantTreeProps {
  tree: PermissionTreeNode[] | undefined;
  loading: boolean;
  checked: string[];
  onChange(checked: string[]): void;
  /** Opens the data rules of a menu that has some. */
  onRules?: (node: PermissionTreeNode) => void;
  height?: number;
}

/**
 * The menu/button tree to grant from: checking a node takes its branch and its parents, unchecking drops its
 * branch (see toggleGrant). Search expands the matches; 全选 / 全不选 / 展开 / 折叠 above the tree.
 */
export function GrantTree({ tree, loading, checked, onChange, onRules, height }: GrantTreeProps) {
  const nodes = useMemo(() => toNodes(tree ?? [], onRules), [tree, onRules]);
  const index = useMemo(() => indexTree(nodes), [nodes]);
  const [expanded, setExpanded] = useState<Key[] | null>(null);
  const [search, setSearch] = useState('');
  const plainTree = useMemo(() => {
    const strip = (list: Node[]): { key: string; title: string; children?: unknown[] }[] =>
      list.map((n) => ({ key: n.key, title: n.plain, children: n.children ? strip(n.children) : undefined }));
    return strip(nodes);
  }, [nodes]);
  const matches = useMemo(() => keysMatching(plainTree as never, search), [plainTree, search]);
  const topKeys = useMemo(() => nodes.map((n) => n.key), [nodes]);

  if (loading) return <Spin style={{ display: 'block', padding: 32 }} />;
  if (!nodes.length) return <Empty />;
  const expandedKeys = search.trim() ? matches : (expanded ?? topKeys);

  return (
    <div className="aps-grant-tree">
      <Space
        size={8}
        wrap
        style={{ position: 'sticky', top: -24, zIndex: 2, background: '#fff', paddingBlock: 8, width: '100%' }}
      >
        <Input.Search
          allowClear
          size="small"
          placeholder="搜索菜单或按钮"
          style={{ width: 200 }}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Button size="small" onClick={() => onChange([...index.all])}>
          全选
        </Button>
        <Button size="small" onClick={() => onChange([])}>
          全不选
        </Button>
        <Button size="small" onClick={() => setExpanded([...index.all])}>
          展开
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          折叠
        </Button>
      </Space>
      <Tree
        checkable
        checkStrictly
        blockNode
        selectable={false}
        height={height}
        treeData={nodes}
        expandedKeys={expandedKeys}
        onExpand={(keys) => setExpanded(keys)}
        checkedKeys={checked}
        onCheck={(_keys, info) => onChange(toggleGrant(index, checked, String(info.node.key), info.checked))}
        filterTreeNode={(n) => Boolean(search.trim()) && matches.includes(String(n.key))}
      />
    </div>
  );
}
