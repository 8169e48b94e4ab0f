import { ColumnHeightOutlined, VerticalAlignMiddleOutlined } from '@ant-design/icons';
import type { PermissionNode } from '@aps/shared';
import { MENU_TYPES, PERMISSIONS } from '@aps/shared/constants';
import { Alert, App, Button, Card, Input, Space, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { MenuIcon } from '../../../../layouts/MenuIcon.tsx';
import { usePermissionCheck } from '../../../../shared/auth/Can.tsx';
import { errorText } from '../../../../shared/list/download.ts';
import { ListToolbar } from '../../../../shared/list/ListToolbar.tsx';
import { RowActions } from '../../../../shared/list/RowActions.tsx';
import { useListScroll } from '../../../../shared/list/useListScroll.ts';
import { permissionApi, systemKeys, usePermissionTree, useSystemMutation } from '../api.ts';
import { DataRuleDrawer } from '../components/DataRuleDrawer.tsx';
import {
  MENU_TYPE_LABELS,
  type PermissionEditTarget,
  PermissionFormDrawer,
} from '../components/PermissionFormDrawer.tsx';

const P = PERMISSIONS.permission;
const TYPE_COLORS: Record<number, string> = { 0: 'blue', 1: 'cyan', 2: 'orange' };

/** Keeps the branches that match (a match keeps its whole subtree), for the name search. */
function filterTree(nodes: PermissionNode[], text: string): PermissionNode[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return nodes;
  const out: PermissionNode[] = [];
  for (const n of nodes) {
    const hit = n.name.toLowerCase().includes(needle) || (n.perms ?? '').toLowerCase().includes(needle);
    const children = hit ? n.children : filterTree(n.children ?? [], text);
    if (hit || children?.length) out.push({ ...n, children: children?.length ? children : undefined });
  }
  return out;
}

function allKeys(nodes: PermissionNode[]): string[] {
  return nodes.flatMap((n) => (n.children?.length ? [n.id, ...allKeys(n.children)] : []));
}

/** Buttons have no children row to expand into; leaves show no expand icon. */
function withoutEmptyChildren(nodes: PermissionNode[]): PermissionNode[] {
  return nodes.map((n) => ({
    ...n,
    children: n.children?.length ? withoutEmptyChildren(n.children) : undefined,
  }));
}

/** 菜单管理 (system/PermissionList): the whole menu and button tree of the platform. */
export default function PermissionListPage() {
  const { message } = App.useApp();
  const can = usePermissionCheck();
  const tree = usePermissionTree();
  const scroll = useListScroll(1480);
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [selected, setSelected] = useState<Key[]>([]);
  const [editing, setEditing] = useState<PermissionEditTarget | null>(null);
  const [rulesOf, setRulesOf] = useState<PermissionNode | null>(null);
  const remove = useSystemMutation(permissionApi.remove, [systemKeys.permissions]);
  const removeBatch = useSystemMutation(permissionApi.removeBatch, [systemKeys.permissions]);

  const data = useMemo(() => withoutEmptyChildren(filterTree(tree.data ?? [], search)), [tree.data, search]);
  const expandedKeys = search.trim() ? allKeys(data) : expanded;

  const columns: TableColumnsType<PermissionNode> = [
    {
      title: '菜单名称',
      dataIndex: 'name',
      width: 220,
      fixed: 'left',
      render: (name: string, row) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {row.icon && row.menuType !== MENU_TYPES.button && (
            <span style={{ marginInlineEnd: 6, color: 'rgba(0,0,0,0.55)' }}>
              <MenuIcon name={row.icon} />
            </span>
          )}
          {name}
        </span>
      ),
    },
    {
      title: '菜单类型',
      dataIndex: 'menuType',
      width: 96,
      align: 'center',
      render: (v: number) => <Tag color={TYPE_COLORS[v]}>{MENU_TYPE_LABELS[v] ?? v}</Tag>,
    },
    { title: '菜单路径', dataIndex: 'url', width: 200, ellipsis: true },
    { title: '前端组件', dataIndex: 'component', width: 190, ellipsis: true },
    { title: '组件名称', dataIndex: 'componentName', width: 130, ellipsis: true },
    { title: '授权标识', dataIndex: 'perms', width: 200, ellipsis: true },
    { title: '排序', dataIndex: 'sortNo', width: 60, align: 'right' },
    {
      title: '属性',
      key: 'flags',
      width: 130,
      render: (_, row) => (
        <Space size={2} wrap>
          {row.hidden && <Tag variant="filled">隐藏</Tag>}
          {row.keepAlive && <Tag variant="filled">缓存</Tag>}
          {row.alwaysShow && <Tag variant="filled">聚合</Tag>}
          {row.internalOrExternal && <Tag variant="filled">外链</Tag>}
          {row.iframe && <Tag variant="filled">iframe</Tag>}
          {row.ruleFlag && <Tag color="purple">数据规则</Tag>}
          {row.status === '0' && <Tag color="error">无效</Tag>}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'action',
      width: 250,
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          onEdit={() => setEditing({ node: row })}
          editCode={P.edit}
          extra={
            row.menuType !== MENU_TYPES.button && can(P.add) ? (
              <Button type="link" size="small" onClick={() => setEditing({ node: null, parent: row })}>
                添加下级
              </Button>
            ) : null
          }
          onDelete={async () => {
            await remove.mutateAsync(row.id);
            message.success('删除成功!');
          }}
          deleteCode={P.delete}
          more={
            row.menuType === MENU_TYPES.button
              ? []
              : [{ key: 'rules', label: '数据规则', code: P.dataRule, onClick: () => setRulesOf(row) }]
          }
          deleteConfirm={row.children?.length ? '确定删除该菜单及其全部下级吗?' : '确定删除吗?'}
        />
      ),
    },
  ];

  return (
    <Card variant="borderless" className="aps-list-page">
      <ListToolbar
        onAdd={() => setEditing({ node: null })}
        addCode={P.add}
        addText="新增菜单"
        selectedKeys={selected}
        onBatchDelete={async (keys) => {
          await removeBatch.mutateAsync(keys.map(String));
          setSelected([]);
          message.success('删除成功!');
        }}
        batchDeleteCode={P.delete}
        extra={
          <Space size={8}>
            <Input.Search
              allowClear
              placeholder="按菜单名称或授权标识筛选"
              style={{ width: 240 }}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
            <Tooltip title="展开全部">
              <Button
                icon={<ColumnHeightOutlined />}
                aria-label="展开全部"
                onClick={() => setExpanded(allKeys(data))}
              />
            </Tooltip>
            <Tooltip title="折叠全部">
              <Button icon={<VerticalAlignMiddleOutlined />} aria-label="折叠全部" onClick={() => setExpanded([])} />
            </Tooltip>
          </Space>
        }
      />
      {tree.isError && (
        <Alert type="warning" showIcon title={errorText(tree.error, '加载失败')} style={{ marginBottom: 12 }} />
      )}
      <Table<PermissionNode>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data}
        loading={tree.isFetching}
        scroll={scroll}
        pagination={false}
        expandable={{ expandedRowKeys: expandedKeys, onExpandedRowsChange: (keys) => setExpanded([...keys]) }}
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected, checkStrictly: true, columnWidth: 40 }}
      />
      <PermissionFormDrawer target={editing} tree={tree.data ?? []} onClose={() => setEditing(null)} />
      <DataRuleDrawer menu={rulesOf} onClose={() => setRulesOf(null)} />
    </Card>
  );
}
