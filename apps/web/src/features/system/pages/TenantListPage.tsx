import type { TenantDto } from '@aps/shared';
import { PERMISSIONS } from '@aps/shared/constants';
import { App, Card, Form, Input, Select, Table, type TableColumnsType, Tag } from 'antd';
import { downloadBlob } from '../../../shared/list/download.ts';
import { ListToolbar } from '../../../shared/list/ListToolbar.tsx';
import { useFormDialog } from '../../../shared/list/ModalForm.tsx';
import { RowActions } from '../../../shared/list/RowActions.tsx';
import { SearchBar } from '../../../shared/list/SearchBar.tsx';
import { useServerTable } from '../../../shared/list/useServerTable.ts';
import { useSystemMutation } from '../api.ts';
import { TenantFormModal } from '../components/TenantFormModal.tsx';
import { orgKeys, tenantApi } from '../org.api.ts';
import { type BinaryStatus, TENANT_STATUS } from '../org.rules.ts';

// Tenants hold only the two codes: every write is system:tenant:edit.
const T = PERMISSIONS.tenant;
const STATUS_OPTIONS = TENANT_STATUS.map(({ value, label }) => ({ value, label }));

interface TenantFilters {
  name?: string;
  status?: number;
}

/** 租户管理 (system/TenantList): the platform's tenants (group companies), freeze and unfreeze, delete when empty. */
export default function TenantListPage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<TenantFilters>();
  const table = useServerTable<TenantDto>({ queryKey: orgKeys.tenants, url: '/sys/tenant/list' });
  const editor = useFormDialog<TenantDto>();
  const remove = useSystemMutation(tenantApi.remove, [orgKeys.tenants]);
  const removeBatch = useSystemMutation(tenantApi.removeBatch, [orgKeys.tenants]);
  const setStatus = useSystemMutation(tenantApi.setStatus, [orgKeys.tenants]);

  async function changeStatus(tenant: TenantDto, status: BinaryStatus) {
    await setStatus.mutateAsync({ tenant, status });
    message.success(status === 0 ? '冻结成功!' : '解冻成功!');
  }

  const columns: TableColumnsType<TenantDto> = [
    { title: '租户编号', dataIndex: 'id', width: 110, sorter: true, sortOrder: table.sortOrder('id') },
    { title: '租户名称', dataIndex: 'name', sorter: true, sortOrder: table.sortOrder('name'), ellipsis: true },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      align: 'center',
      render: (v: number) => {
        const s = TENANT_STATUS.find((o) => o.value === v);
        return <Tag color={s?.color}>{s?.label ?? v}</Tag>;
      },
    },
    { title: '用户数', dataIndex: 'userCount', width: 90, align: 'right' },
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
      width: 140,
      render: (_, row) => (
        <RowActions
          onEdit={() => editor.show(row)}
          editCode={T.edit}
          more={[
            row.status === 0
              ? {
                  key: 'unfreeze',
                  label: '解冻',
                  code: T.edit,
                  confirm: `确定解冻租户 ${row.name} 吗?`,
                  onClick: () => changeStatus(row, 1),
                }
              : {
                  key: 'freeze',
                  label: '冻结',
                  code: T.edit,
                  confirm: `确定冻结租户 ${row.name} 吗?`,
                  onClick: () => changeStatus(row, 0),
                },
            {
              key: 'delete',
              label: '删除',
              code: T.edit,
              danger: true,
              confirm: '确定删除吗?',
              onClick: async () => {
                await remove.mutateAsync(row.id);
                message.success('删除成功!');
              },
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Card variant="borderless" className="aps-list-page">
      <SearchBar<TenantFilters>
        name="tenantSearch"
        form={form}
        onSearch={(v) => table.search({ ...v })}
        onReset={table.reset}
      >
        <Form.Item label="租户名称" name="name">
          <Input placeholder="请输入租户名称" allowClear />
        </Form.Item>
        <Form.Item label="状态" name="status">
          <Select placeholder="请选择" allowClear options={STATUS_OPTIONS} />
        </Form.Item>
      </SearchBar>
      <ListToolbar
        onAdd={() => editor.show(null)}
        addCode={T.edit}
        onExport={() => downloadBlob('/sys/tenant/exportXls', '租户.xlsx', table.params)}
        exportCode={T.list}
        selectedKeys={table.selectedRowKeys}
        onBatchDelete={async (keys) => {
          await removeBatch.mutateAsync(keys);
          table.setSelectedRowKeys([]);
          message.success('删除成功!');
        }}
        batchDeleteCode={T.edit}
      />
      <Table<TenantDto> {...table.tableProps} columns={columns} />
      <TenantFormModal open={editor.open} tenant={editor.record} onClose={editor.hide} />
    </Card>
  );
}
