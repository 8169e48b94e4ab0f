import { PROCUREMENT_API, type PurchaseListRowDto } from '@aps/shared';
import { Card, Form, Input, Table, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { Money } from '../../../../shared/controls/index.ts';
import { rowSpans, SearchBar, useServerTable } from '../../../../shared/list/index.ts';
import { StageTag } from '../../package/components/PackageTags.tsx';
import { procurementKeys } from '../../plan/api.ts';

interface Filters {
  name?: string;
}

/**
 * 采购清单 (§7): the packages in the user's scope ordered by department then create time; the 所属部门 cells of a
 * department's consecutive rows are merged within the page.
 */
export default function PurchaseListPage() {
  const [form] = Form.useForm<Filters>();
  const table = useServerTable<PurchaseListRowDto>({
    queryKey: [...procurementKeys.packages, 'purchaseList'],
    url: PROCUREMENT_API.purchaseListList,
    defaultSort: null,
    scrollX: 1080,
  });
  const { rowSelection: _, ...tableProps } = table.tableProps;
  const rows = tableProps.dataSource;
  const spans = useMemo(() => rowSpans(rows, (r) => r.sysOrgCode), [rows]);
  const columns: TableColumnsType<PurchaseListRowDto> = [
    {
      title: '所属部门',
      key: 'depart',
      width: 180,
      onCell: (_, i) => ({ rowSpan: spans[i ?? 0] ?? 1 }),
      render: (_, r) => r.departName ?? r.sysOrgCode,
    },
    { title: '项目', dataIndex: 'purchaseName', width: 200, ellipsis: true },
    { title: '标包', key: 'package', width: 200, ellipsis: true, render: (_, r) => `${r.packageNo} ${r.packageName}` },
    { title: '阶段', dataIndex: 'purchaseStage', width: 130, render: (s: number) => <StageTag stage={s} /> },
    {
      title: '最高限价（元）',
      dataIndex: 'fixedPrice',
      width: 150,
      align: 'right',
      render: (v: string) => <Money value={v} />,
    },
    { title: '开标时间', dataIndex: 'openingStartTime', width: 170 },
  ];
  return (
    <Card variant="borderless" className="aps-list-page">
      <SearchBar<Filters> name="purchaseListSearch" form={form} onSearch={table.search} onReset={table.reset}>
        <Form.Item label="名称" name="name">
          <Input placeholder="项目名称或标包名称" allowClear />
        </Form.Item>
      </SearchBar>
      <Table<PurchaseListRowDto> {...tableProps} bordered columns={columns} />
    </Card>
  );
}
