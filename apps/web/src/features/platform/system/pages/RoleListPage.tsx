import type { RoleDto } from '@aps/shared';
import { DATA_SCOPE_LABELS, PERMISSIONS } from '@aps/shared/constants';
import { Button, Card, Form, Input, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { usePermissionCheck } from '../../../../shared/auth/Can.tsx';
import { CrudRowActions } from '../../../../shared/list/CrudRowActions.tsx';
import { CrudToolbar } from '../../../../shared/list/CrudToolbar.tsx';
import { SearchBar } from '../../../../shared/list/SearchBar.tsx';
import { useCrudList } from '../../../../shared/list/useCrudList.ts';
import { roleApi } from '../api.ts';
import { RoleFormModal } from '../components/RoleFormModal.tsx';
import { RoleGrantDrawer } from '../components/RoleGrantDrawer.tsx';

const R = PERMISSIONS.role;
const SCOPE_COLORS: Record<string, string> = { '1': 'blue', '2': 'cyan', '3': 'default' };

interface RoleFilters {
  roleName?: string;
  roleCode?: string;
}

/** 角色管理 (system/RoleList): roles of the tenant, their data scope, and 授权 of menus and buttons. */
export default function RoleListPage() {
  const can = usePermissionCheck();
  const [form] = Form.useForm<RoleFilters>();
  const list = useCrudList(roleApi);
  const [granting, setGranting] = useState<RoleDto | null>(null);

  const columns: TableColumnsType<RoleDto> = [
    { title: '角色名称', dataIndex: 'roleName', width: 180, ...list.sortable('roleName') },
    { title: '角色编码', dataIndex: 'roleCode', width: 180, ...list.sortable('roleCode') },
    {
      title: '数据范围',
      dataIndex: 'dataScope',
      width: 150,
      render: (v: string) => <Tag color={SCOPE_COLORS[v]}>{DATA_SCOPE_LABELS[v] ?? v}</Tag>,
    },
    { title: '用户数', dataIndex: 'userCount', width: 80, align: 'right' },
    { title: '描述', dataIndex: 'description', ellipsis: true },
    {
      title: '创建时间',
      dataIndex: 'createTime',
      width: 170,
      ...list.sortable('createTime'),
    },
    {
      title: '操作',
      key: 'action',
      width: 180,
      render: (_, row) => (
        <CrudRowActions
          list={list}
          row={row}
          extra={
            can(R.authorize) ? (
              <Button type="link" size="small" onClick={() => setGranting(row)}>
                授权
              </Button>
            ) : null
          }
        />
      ),
    },
  ];

  return (
    <Card variant="borderless" className="aps-list-page">
      <SearchBar<RoleFilters> name="roleSearch" form={form} onSearch={list.search} onReset={list.reset}>
        <Form.Item label="角色名称" name="roleName">
          <Input placeholder="请输入角色名称" allowClear />
        </Form.Item>
        <Form.Item label="角色编码" name="roleCode">
          <Input placeholder="请输入角色编码" allowClear />
        </Form.Item>
      </SearchBar>
      <CrudToolbar list={list} />
      <Table<RoleDto> {...list.table.tableProps} columns={columns} />
      <RoleFormModal open={list.editor.open} role={list.editor.record} onClose={list.editor.hide} />
      <RoleGrantDrawer key={granting?.id ?? 'none'} role={granting} onClose={() => setGranting(null)} />
    </Card>
  );
}
