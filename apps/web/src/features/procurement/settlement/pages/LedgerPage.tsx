import type { LedgerRowDto } from '@aps/shared';
import { CONTRACT_STATES, LEDGER_API, PERMISSIONS } from '@aps/shared/constants';
import {
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  Input,
  Popconfirm,
  Row,
  Statistic,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Can } from '../../../../shared/auth/Can.tsx';
import { downloadBlob } from '../../../../shared/list/download.ts';
import { SearchBar } from '../../../../shared/list/SearchBar.tsx';
import { useInvalidatingMutation } from '../../../../shared/list/useCrudList.ts';
import { useServerTable } from '../../../../shared/list/useServerTable.ts';
import { releaseRetention, settlementKeys, useLedgerSummary } from '../api.ts';
import { LedgerCharts } from '../components/LedgerCharts.tsx';
import { yuan } from './SettlementListPage.tsx';

interface Filters {
  contractNo?: string;
  supplierName?: string;
  period?: [Dayjs, Dayjs];
}
type Query = Record<string, string | undefined>;
const toQuery = (v: Filters): Query => ({
  contractNo: v.contractNo || undefined,
  supplierName: v.supplierName || undefined,
  periodBegin: v.period?.[0].format('YYYY-MM-DD'),
  periodEnd: v.period?.[1].format('YYYY-MM-DD'),
});

const FIGURES: [keyof LedgerRowDto & string, string][] = [
  ['total', '合同金额(含变更)'],
  ['settledAmount', '已结算'],
  ['paidAmount', '已付款'],
  ['unpaid', '未付款'],
  ['retentionHeld', '质保金扣留'],
  ['retentionReleased', '质保金释放'],
];

/** 结算台账 (settlement/LedgerList): per contract, the totals, the monthly and per-supplier charts, export. */
export default function LedgerPage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Query>({});
  const table = useServerTable<LedgerRowDto>({ queryKey: settlementKeys.ledger, url: LEDGER_API.list, scrollX: 1500 });
  const summary = useLedgerSummary(filters);
  const release = useInvalidatingMutation(releaseRetention, [settlementKeys.ledger]);

  const columns: TableColumnsType<LedgerRowDto> = [
    { title: '合同编号', dataIndex: 'contractNo', width: 170, fixed: 'left' },
    { title: '合同名称', dataIndex: 'contractName', width: 220, ellipsis: true },
    { title: '供应商', dataIndex: 'supplierName', width: 200, ellipsis: true },
    { title: '状态', dataIndex: 'state', width: 90, render: (v: LedgerRowDto['state']) => CONTRACT_STATES[v] },
    ...FIGURES.map(([key, title]) => ({ title, dataIndex: key, width: 140, align: 'right' as const, render: yuan })),
    { title: '可结算余额', dataIndex: 'remaining', width: 140, align: 'right', render: yuan },
    {
      title: '操作',
      key: 'action',
      width: 110,
      fixed: 'right',
      render: (_, row) =>
        Number(row.retentionBalance) > 0 ? (
          <Can code={PERMISSIONS.settlement.pay}>
            <Popconfirm
              title="质保期满，释放该合同的质保金吗?"
              onConfirm={async () => {
                await release.mutateAsync(row.contractId);
                message.success('质保金已释放');
              }}
            >
              <Typography.Link>释放质保金</Typography.Link>
            </Popconfirm>
          </Can>
        ) : null,
    },
  ];

  const onSearch = (v: Filters) => {
    const q = toQuery(v);
    setFilters(q);
    table.search(q);
  };
  const s = summary.data;
  return (
    <Card variant="borderless" className="aps-list-page">
      <SearchBar<Filters>
        name="ledgerSearch"
        form={form}
        onSearch={onSearch}
        onReset={() => {
          setFilters({});
          table.reset();
        }}
      >
        <Form.Item label="合同编号" name="contractNo">
          <Input placeholder="请输入合同编号" allowClear />
        </Form.Item>
        <Form.Item label="供应商" name="supplierName">
          <Input placeholder="请输入供应商名称" allowClear />
        </Form.Item>
        <Form.Item label="付款期间" name="period">
          <DatePicker.RangePicker format="YYYY-MM-DD" />
        </Form.Item>
      </SearchBar>
      <Row gutter={16} style={{ marginBottom: 16 }} aria-label="台账汇总">
        <Col span={4}>
          <Statistic title="合同数" value={s?.contracts ?? 0} />
        </Col>
        {FIGURES.slice(0, 4).map(([key, title]) => (
          <Col span={4} key={key}>
            <Statistic title={title} value={s ? yuan(String(s[key as keyof typeof s])) : '-'} />
          </Col>
        ))}
        <Col span={4}>
          <Statistic title="质保金余额" value={s ? yuan(s.retentionBalance) : '-'} />
        </Col>
      </Row>
      <LedgerCharts summary={s} />
      <div style={{ marginBottom: 12 }}>
        <Can code={PERMISSIONS.ledger.export}>
          <Button onClick={() => downloadBlob(LEDGER_API.exportXls, '结算台账.xlsx', filters)}>导出</Button>
        </Can>
      </div>
      <Table<LedgerRowDto> {...table.tableProps} rowKey="contractId" columns={columns} />
    </Card>
  );
}
