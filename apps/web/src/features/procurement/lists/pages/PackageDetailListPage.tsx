import { formatMoney, type PackageDetailRowDto, PROCUREMENT_API } from '@aps/shared';
import { Card, Form, Input, Pagination, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { rowSpans, SearchBar, useOpenFromLink, useServerTable } from '../../../../shared/list/index.ts';
import { PackageDrawer } from '../../package/components/PackageDrawer.tsx';
import { StageTag } from '../../package/components/PackageTags.tsx';
import { procurementKeys } from '../../plan/api.ts';

interface Filters {
  name?: string;
}

const quoteText = (r: PackageDetailRowDto) => {
  if (r.sealed) return <Tag>已密封</Tag>;
  if (r.quote === null) return '';
  return r.quoteKind === 'rate' ? `下浮 ${r.quote}%` : formatMoney(r.quote);
};

/**
 * 标包明细 (§7): one row per package × bidder; the 标包编号, 标包名称 and 阶段 cells of a package's rows are merged.
 * The server pages by package (pageSize packages with all their rows), so the table shows every row it gets and
 * the pagination below counts packages. A package's name, or the link `?open=<package id>` (监控中心), opens the
 * package drawer.
 */
export default function PackageDetailListPage() {
  const [form] = Form.useForm<Filters>();
  const [openId, setOpenId] = useState<string | null>(null);
  useOpenFromLink(setOpenId);
  const table = useServerTable<PackageDetailRowDto>({
    queryKey: [...procurementKeys.packages, 'packageDetails'],
    url: PROCUREMENT_API.packageDetailList,
    defaultSort: null,
    scrollX: 1000,
  });
  const { rowSelection: _, pagination, onChange, ...tableProps } = table.tableProps;
  const rows = tableProps.dataSource;
  const spans = useMemo(() => rowSpans(rows, (r) => r.packageId), [rows]);
  const merged = { onCell: (_: PackageDetailRowDto, i?: number) => ({ rowSpan: spans[i ?? 0] ?? 1 }) };
  const columns: TableColumnsType<PackageDetailRowDto> = [
    { title: '标包编号', dataIndex: 'packageNo', width: 100, ...merged },
    {
      title: '标包名称',
      dataIndex: 'packageName',
      width: 220,
      ellipsis: true,
      render: (v: string, r) => <Typography.Link onClick={() => setOpenId(r.packageId)}>{v}</Typography.Link>,
      ...merged,
    },
    { title: '阶段', dataIndex: 'purchaseStage', width: 130, render: (s: number) => <StageTag stage={s} />, ...merged },
    { title: '供应商', dataIndex: 'supplierName', width: 220, ellipsis: true },
    { title: '报价（元）', key: 'quote', width: 150, align: 'right', render: (_, r) => quoteText(r) },
    { title: '投标时间', dataIndex: 'bidTime', width: 170 },
  ];
  return (
    <Card variant="borderless" className="aps-list-page">
      <SearchBar<Filters> name="packageDetailSearch" form={form} onSearch={table.search} onReset={table.reset}>
        <Form.Item label="名称" name="name">
          <Input placeholder="项目名称或标包名称" allowClear />
        </Form.Item>
      </SearchBar>
      {/* antd would slice rows beyond pageSize: the pages count packages here, so the table shows all its rows. */}
      <Table<PackageDetailRowDto> {...tableProps} bordered pagination={false} columns={columns} />
      <Pagination
        {...pagination}
        style={{ marginTop: 16, justifyContent: 'flex-end' }}
        showTotal={(total, range) => `第 ${range[0]}-${range[1]} 个标包，共 ${total} 个标包`}
        onChange={(current, pageSize) =>
          onChange?.({ current, pageSize }, {}, [], { action: 'paginate', currentDataSource: rows })
        }
      />
      <PackageDrawer packageId={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
