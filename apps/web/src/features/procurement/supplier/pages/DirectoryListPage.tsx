import type { SupplierAction, SupplierDto } from '@aps/shared';
import {
  PERMISSIONS,
  SUPER_QUERY_LISTS,
  SUPPLIER_STATUS_LABELS,
  SUPPLIER_SUPER_QUERY_FIELDS,
} from '@aps/shared/constants';
import { Card, Form, Input, Select, Space, Table, type TableColumnsType, Tag, TreeSelect, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { CrudToolbar } from '../../../../shared/list/CrudToolbar.tsx';
import { RowActions } from '../../../../shared/list/RowActions.tsx';
import { SearchBar } from '../../../../shared/list/SearchBar.tsx';
import { useCrudList } from '../../../../shared/list/useCrudList.ts';
import { useOpenFromLink } from '../../../../shared/list/useOpenFromLink.ts';
import { SuperQuery } from '../../../../shared/superQuery/SuperQuery.tsx';
import { useCategoryTree } from '../../expert/api.ts';
import { toTree } from '../../expert/components/ExpertFormDrawer.tsx';
import { directoryApi } from '../api.ts';
import { SupplierDetailDrawer, SupplierStatusTag } from '../components/SupplierDetailDrawer.tsx';
import { SupplierFormDrawer } from '../components/SupplierFormDrawer.tsx';
import { actionLabel, allowedActions, TransitionModal } from '../components/TransitionModal.tsx';

interface DirectoryFilters {
  name?: string;
  creditCode?: string;
  status?: string;
  category?: string;
}

const STATUS_OPTIONS = Object.entries(SUPPLIER_STATUS_LABELS).map(([value, label]) => ({ value, label }));

/** 供应商名录 (supplier/DirectoryList, issue 16): every supplier of the tenant, its lifecycle and its detail. */
export default function DirectoryListPage() {
  const [form] = Form.useForm<DirectoryFilters>();
  const list = useCrudList(directoryApi, { scrollX: 1300 });
  const categories = useCategoryTree();
  const treeData = useMemo(() => toTree(categories.data), [categories.data]);
  const [detailId, setDetailId] = useState<string | null>(null);
  useOpenFromLink(setDetailId);
  const [moving, setMoving] = useState<{ row: SupplierDto; action: SupplierAction } | null>(null);

  const columns: TableColumnsType<SupplierDto> = [
    {
      title: '企业名称',
      dataIndex: 'name',
      width: 240,
      fixed: 'left',
      ...list.sortable('name'),
      render: (v: string, row) => <Typography.Link onClick={() => setDetailId(row.id)}>{v}</Typography.Link>,
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      ...list.sortable('status'),
      render: (v: string) => <SupplierStatusTag status={v} />,
    },
    { title: '统一社会信用代码', dataIndex: 'creditCode', width: 190 },
    { title: '法定代表人', dataIndex: 'legalRepresentative', width: 100, render: (v: string | null) => v ?? '-' },
    { title: '联系人', dataIndex: 'contactName', width: 90, render: (v: string | null) => v ?? '-' },
    { title: '联系电话', dataIndex: 'contactPhone', width: 120, render: (v: string | null) => v ?? '-' },
    {
      title: '供应品类',
      dataIndex: 'categories',
      width: 200,
      render: (codes: string[]) => (
        <Space size={[0, 4]} wrap>
          {codes.map((c) => (
            <Tag key={c}>{c}</Tag>
          ))}
        </Space>
      ),
    },
    { title: '创建时间', dataIndex: 'createTime', width: 170, ...list.sortable('createTime') },
    {
      title: '操作',
      key: 'action',
      width: 210,
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          onEdit={() => list.editor.show(row)}
          editCode={list.codes.edit}
          extra={<Typography.Link onClick={() => setDetailId(row.id)}>详情</Typography.Link>}
          more={allowedActions(row.status).map((action) => ({
            key: action,
            label: actionLabel(action),
            code: PERMISSIONS.supplierDirectory.transition,
            danger: action === 'eliminate',
            onClick: () => setMoving({ row, action }),
          }))}
        />
      ),
    },
  ];

  return (
    <Card variant="borderless" className="aps-list-page">
      <SearchBar<DirectoryFilters> name="supplierSearch" form={form} onSearch={list.search} onReset={list.reset}>
        <Form.Item label="企业名称" name="name">
          <Input placeholder="请输入企业名称" allowClear />
        </Form.Item>
        <Form.Item label="信用代码" name="creditCode">
          <Input placeholder="请输入统一社会信用代码" allowClear />
        </Form.Item>
        <Form.Item label="状态" name="status">
          <Select placeholder="请选择" allowClear options={STATUS_OPTIONS} />
        </Form.Item>
        <Form.Item label="供应品类" name="category">
          <TreeSelect
            treeData={treeData}
            showSearch={{ treeNodeFilterProp: 'title' }}
            placeholder="请选择"
            allowClear
            popupMatchSelectWidth={false}
          />
        </Form.Item>
      </SearchBar>
      <CrudToolbar list={list} exportName="供应商名录.xlsx" batchDelete={false}>
        <SuperQuery
          listKey={SUPER_QUERY_LISTS.supplier}
          fields={SUPPLIER_SUPER_QUERY_FIELDS}
          value={list.table.superQuery}
          onSearch={list.table.setSuperQuery}
        />
      </CrudToolbar>
      <Table<SupplierDto> {...list.table.tableProps} columns={columns} />
      <SupplierFormDrawer open={list.editor.open} supplier={list.editor.record} onClose={list.editor.hide} />
      <SupplierDetailDrawer id={detailId} onClose={() => setDetailId(null)} />
      <TransitionModal target={moving} onClose={() => setMoving(null)} />
    </Card>
  );
}
