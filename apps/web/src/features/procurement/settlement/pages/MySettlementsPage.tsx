import type { PaymentDto, SettlementDto } from '@aps/shared';
import { PAYMENT_METHODS, SETTLEMENT_API, SETTLEMENT_STATES } from '@aps/shared/constants';
import { Card, Form, Input, Table, type TableColumnsType, Tag } from 'antd';
import { SearchBar } from '../../../../shared/list/SearchBar.tsx';
import { useServerTable } from '../../../../shared/list/useServerTable.ts';
import { settlementKeys } from '../api.ts';
import { KIND_COLUMN, STATE_COLORS, yuan } from './SettlementListPage.tsx';

type Row = SettlementDto & { payments: PaymentDto[] };

const PAYMENT_COLUMNS: TableColumnsType<PaymentDto> = [
  { title: '付款日期', dataIndex: 'paidOn', width: 120 },
  { title: '付款金额', dataIndex: 'amount', width: 140, align: 'right', render: yuan },
  { title: '付款方式', dataIndex: 'method', width: 110, render: (v: PaymentDto['method']) => PAYMENT_METHODS[v] },
  { title: '凭证号', dataIndex: 'voucherNo', width: 160, render: (v: string | null) => v || '-' },
];

/** 我的结算 (supplier portal): the supplier's own settlements and the payments received. */
export default function MySettlementsPage() {
  const [form] = Form.useForm<{ settlementNo?: string; contractNo?: string }>();
  const table = useServerTable<Row>({ queryKey: settlementKeys.mine, url: SETTLEMENT_API.supplierList, scrollX: 1100 });
  const columns: TableColumnsType<Row> = [
    { title: '结算单号', dataIndex: 'settlementNo', width: 200 },
    KIND_COLUMN,
    { title: '合同编号', dataIndex: 'contractNo', width: 170 },
    { title: '结算期间', key: 'period', width: 200, render: (_, r) => `${r.periodStart} ~ ${r.periodEnd}` },
    { title: '结算金额', dataIndex: 'amount', width: 130, align: 'right', render: yuan },
    { title: '质保金', dataIndex: 'retention', width: 110, align: 'right', render: yuan },
    { title: '应付金额', dataIndex: 'netPayable', width: 130, align: 'right', render: yuan },
    { title: '已收款', dataIndex: 'paidAmount', width: 130, align: 'right', render: yuan },
    {
      title: '状态',
      dataIndex: 'state',
      width: 100,
      render: (v: SettlementDto['state']) => <Tag color={STATE_COLORS[v]}>{SETTLEMENT_STATES[v]}</Tag>,
    },
  ];
  return (
    <Card variant="borderless" className="aps-list-page">
      <SearchBar name="mySettlementSearch" form={form} onSearch={table.search} onReset={table.reset}>
        <Form.Item label="结算单号" name="settlementNo">
          <Input placeholder="请输入结算单号" allowClear />
        </Form.Item>
        <Form.Item label="合同编号" name="contractNo">
          <Input placeholder="请输入合同编号" allowClear />
        </Form.Item>
      </SearchBar>
      <Table<Row>
        {...table.tableProps}
        columns={columns}
        expandable={{
          rowExpandable: (r) => r.payments.length > 0,
          expandedRowRender: (r) => (
            <Table<PaymentDto>
              rowKey="id"
              size="small"
              pagination={false}
              columns={PAYMENT_COLUMNS}
              dataSource={r.payments}
            />
          ),
        }}
      />
    </Card>
  );
}
