import type { TenantDto } from '@aps/shared';
import { App, Card, Form, Input, Select, Table, type TableColumnsType, Tag } from 'antd';
import { CrudRowActions } from '../../../../shared/list/CrudRowActions.tsx';
import { CrudToolbar } from '../../../../shared/list/CrudToolbar.tsx';
import { SearchBar } from '../../../../shared/list/SearchBar.tsx';
import { useCrudList, useCrudMutation } from '../../../../shared/list/useCrudList.ts';
import { TenantFormModal } from '../components/TenantFormModal.tsx';
import { tenantApi } from '../org.api.ts';
import { type BinaryStatus, TENANT_STATUS } from '../org.rules.ts';

const STATUS_OPTIONS = TENANT_STATUS.map(({ value, label }) => ({ value, label }));

interface TenantFilters {
  name?: string;
  status?: number;
}

/** 租户管理 (system/TenantList): the platform's tenants (group companies), freeze and unfreeze, delete when empty. */
export default function TenantListPage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<TenantFilters>();
  // Tenants hold only the two codes: every write is system:tenant:edit.
  const list = useCrudList(tenantApi);
  const setStatus = useCrudMutation(tenantApi, tenantApi.setStatus);

  async function changeStatus(tenant: TenantDto, status: BinaryStatus) {
    await setStatus.mutateAsync({ tenant, status });
    message.success(status === 0 ? '冻结成功!' : '解冻成功!');
  }

  const columns: TableColumnsType<TenantDto> = [
    { title: '租户编号', dataIndex: 'id', width: 110, ...list.sortable('id') },
    { title: '租户名称', dataIndex: 'name', ...list.sortable('name'), ellipsis: true },
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
      ...list.sortable('createTime'),
    },
    {
      title: '操作',
      key: 'action',
      width: 140,
      render: (_, row) => (
        <CrudRowActions
          list={list}
          row={row}
          more={[
            row.status === 0
              ? {
                  key: 'unfreeze',
                  label: '解冻',
                  code: list.codes.edit,
                  confirm: `确定解冻租户 ${row.name} 吗?`,
                  onClick: () => changeStatus(row, 1),
                }
              : {
                  key: 'freeze',
                  label: '冻结',
                  code: list.codes.edit,
                  confirm: `确定冻结租户 ${row.name} 吗?`,
                  onClick: () => changeStatus(row, 0),
                },
          ]}
        />
      ),
    },
  ];

  return (
    <Card variant="borderless" className="aps-list-page">
      <SearchBar<TenantFilters> name="tenantSearch" form={form} onSearch={list.search} onReset={list.reset}>
        <Form.Item label="租户名称" name="name">
          <Input placeholder="请输入租户名称" allowClear />
        </Form.Item>
        <Form.Item label="状态" name="status">
          <Select placeholder="请选择" allowClear options={STATUS_OPTIONS} />
        </Form.Item>
      </SearchBar>
      <CrudToolbar list={list} exportName="租户.xlsx" />
      <Table<TenantDto> {...list.table.tableProps} columns={columns} />
      <TenantFormModal open={list.editor.open} tenant={list.editor.record} onClose={list.editor.hide} />
    </Card>
  );
}
