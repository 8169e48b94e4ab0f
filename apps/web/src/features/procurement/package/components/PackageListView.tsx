import { type PackageDto, PROCUREMENT_API, PURCHASE_CATEGORIES, PURCHASE_METHODS, stageName } from '@aps/shared';
import { Button, Card, Form, Input, Select, Space, Table, type TableColumnsType } from 'antd';
import { type ReactNode, useState } from 'react';
import { Money } from '../../../../shared/controls/index.ts';
import { SearchBar, useServerTable } from '../../../../shared/list/index.ts';
import { procurementKeys } from '../../plan/api.ts';
import type { PackageDetail } from '../api.ts';
import { PackageDrawer } from './PackageDrawer.tsx';
import { ElectionTag, PackageStatusTag, StageTag } from './PackageTags.tsx';
import type { InfoLayout } from './PurchaseInfoCard.tsx';

/** The widths of the standard columns (编号, 名称, 标包, 类别, 方式, 限价, 阶段, 操作). */
const BASE_WIDTH = 160 + 180 + 200 + 170 + 100 + 110 + 140 + 220;

interface PackageFilters {
  name?: string;
  purchaseStage?: number;
}

export interface PackageListViewProps {
  /** The form name (unique per page). */
  name: string;
  /** The stages this page lists (e.g. 2..5 for 选商启动). */
  stages: readonly number[];
  /** Extra columns after the stage. */
  columns?: TableColumnsType<PackageDto>;
  /** Row buttons beside 详情. */
  rowActions?: (row: PackageDto, open: () => void) => ReactNode;
  /** Page-specific content of the drawer. */
  drawerContent?: (pkg: PackageDetail) => ReactNode;
  layout?: InfoLayout;
  toolbar?: ReactNode;
  /** Filters always sent (e.g. electionStatus '0' for the 流标 tab). */
  fixedFilters?: Record<string, string>;
}

/** A buyer's package list (stage filter, name search, server paging) with the shared package drawer. */
export function PackageListView({
  name,
  stages,
  columns = [],
  rowActions,
  drawerContent,
  layout,
  toolbar,
  fixedFilters,
}: PackageListViewProps) {
  const [form] = Form.useForm<PackageFilters>();
  const [openId, setOpenId] = useState<string | null>(null);
  const table = useServerTable<PackageDto>({
    queryKey: [...procurementKeys.packages, name],
    url: PROCUREMENT_API.packageList,
    fixedFilters: { stages: stages.join(','), ...fixedFilters },
    // The columns' own widths: the table scrolls sideways instead of squeezing them under the fixed 操作 column.
    scrollX: BASE_WIDTH + columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 120), 0),
  });
  const base: TableColumnsType<PackageDto> = [
    { title: '采购编号', dataIndex: 'purchaseCode', width: 160 },
    { title: '采购名称', dataIndex: 'purchaseName', width: 180, ellipsis: true },
    {
      title: '标包',
      key: 'package',
      width: 200,
      ellipsis: true,
      render: (_, r) => `${r.packageNo} ${r.packageName}`,
    },
    {
      title: '采购阶段',
      dataIndex: 'purchaseStage',
      width: 170,
      sorter: true,
      sortOrder: table.sortOrder('purchaseStage'),
      render: (s: number, r) => (
        <>
          <StageTag stage={s} />
          {r.electionStatus === '0' && <ElectionTag value="0" />}
          <PackageStatusTag value={r.status} />
        </>
      ),
    },
    ...columns,
    { title: '采购类别', dataIndex: 'purchaseCategory', width: 100, render: (c: '1') => PURCHASE_CATEGORIES[c] },
    { title: '采购方式', dataIndex: 'purchaseMethod', width: 110, render: (m: 'inquiry') => PURCHASE_METHODS[m] },
    {
      title: '限价（元）',
      dataIndex: 'fixedPrice',
      width: 140,
      align: 'right',
      sorter: true,
      sortOrder: table.sortOrder('fixedPrice'),
      render: (v: string | null) => <Money value={v} />,
    },
    {
      title: '操作',
      key: 'action',
      width: 220,
      fixed: 'right',
      render: (_, row) => (
        <Space size={4} wrap>
          <Button type="link" size="small" onClick={() => setOpenId(row.id)}>
            详情
          </Button>
          {rowActions?.(row, () => setOpenId(row.id))}
        </Space>
      ),
    },
  ];
  return (
    <Card variant="borderless" className="aps-list-page">
      <SearchBar<PackageFilters> name={`${name}Search`} form={form} onSearch={table.search} onReset={table.reset}>
        <Form.Item label="名称" name="name">
          <Input placeholder="采购名称或标包名称" allowClear />
        </Form.Item>
        {stages.length > 1 && (
          <Form.Item label="采购阶段" name="purchaseStage">
            <Select allowClear placeholder="请选择" options={stages.map((s) => ({ value: s, label: stageName(s) }))} />
          </Form.Item>
        )}
      </SearchBar>
      {toolbar && <div style={{ marginBottom: 12 }}>{toolbar}</div>}
      <Table<PackageDto> {...table.tableProps} columns={base} />
      <PackageDrawer packageId={openId} onClose={() => setOpenId(null)} layout={layout}>
        {drawerContent}
      </PackageDrawer>
    </Card>
  );
}
