import type { RoleDto } from '@aps/shared';
import { DATA_SCOPE_LABELS, PERMISSIONS } from '@aps/shared/constants';
import { App, Button, Card, Form, Input, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { usePermissionCheck } from '../../../shared/auth/Can.tsx';
import { ListToolbar } from '../../../shared/list/ListToolbar.tsx';
import { useFormDialog } from '../../../shared/list/ModalForm.tsx';
import { RowActions } from '../../../shared/list/RowActions.tsx';
import { SearchBar } from '../../../shared/list/SearchBar.tsx';
import { useServerTable } from '../../../shared/list/useServerTable.ts';
import { roleApi, systemKeys, useSystemMutation } from '../api.ts';
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
  const { message } = App.useApp();
  const can = usePermissionCheck();
  const [form] = Form.useForm<RoleFilters>();
  const table = useServerTable<RoleDto>({ queryKey: systemKeys.roles, url: '/sys/role/list' });
  const editor = useFormDialog<RoleDto>();
  const [granting, setGranting] = useState<RoleDto | null>(null);
  const remove = useSystemMutation(roleApi.remove, [systemKeys.roles, systemKeys.users]);
  const removeBatch = useSystemMutation(roleApi.removeBatch, [systemKeys.roles, systemKeys.users]);

  const columns: TableColumnsType<RoleDto> = [
    { title: '角色名称', dataIndex: 'roleName', width: 180, sorter: true, sortOrder: table.sortOrder('roleName') },
    { title: '角色编码', dataIndex: 'roleCode', width: 180, sorter: true, sortOrder: table.sortOrder('roleCode') },
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
      sorter: true,
      sortOrder: table.sortOrder('createTime'),
    },
    {
      title: '操作',
      key: 'action',
      width: 180,
      render: (_, row) => (
        <RowActions
          onEdit={() => editor.show(row)}
          editCode={R.edit}
          extra={
            can(R.authorize) ? (
              <Button type="link" size="small" onClick={() => setGranting(row)}>
                授权
              </Button>
            ) : null
          }
          onDelete={async () => {
            await remove.mutateAsync(row.id);
            message.success('删除成功!');
          }}
          deleteCode={R.delete}
        />
      ),
    },
  ];

  return (
    <Card variant="borderless" className="aps-list-page">
      <SearchBar<RoleFilters>
        name="roleSearch"
        form={form}
        onSearch={(v) => table.search({ ...v })}
        onReset={table.reset}
      >
        <Form.Item label="角色名称" name="roleName">
          <Input placeholder="请输入角色名称" allowClear />
        </Form.Item>
        <Form.Item label="角色编码" name="roleCode">
          <Input placeholder="请输入角色编码" allowClear />
        </Form.Item>
      </SearchBar>
      <ListToolbar
        onAdd={() => editor.show(null)}
        addCode={R.add}
        selectedKeys={table.selectedRowKeys}
        onBatchDelete={async (keys) => {
          await removeBatch.mutateAsync(keys.map(String));
          table.setSelectedRowKeys([]);
          message.success('删除成功!');
        }}
        batchDeleteCode={R.delete}
      />
      <Table<RoleDto> {...table.tableProps} columns={columns} />
      <RoleFormModal open={editor.open} role={editor.record} onClose={editor.hide} />
      <RoleGrantDrawer key={granting?.id ?? 'none'} role={granting} onClose={() => setGranting(null)} />
    </Card>
  );
}
