import type { SettlementDto } from '@aps/shared';
import { formatMoney, PERMISSIONS, SETTLEMENT_KINDS, SETTLEMENT_STATES } from '@aps/shared/constants';
import { App, Card, Form, Input, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Can } from '../../../../shared/auth/Can.tsx';
import { CrudRowActions } from '../../../../shared/list/CrudRowActions.tsx';
import { CrudToolbar } from '../../../../shared/list/CrudToolbar.tsx';
import { RowActions } from '../../../../shared/list/RowActions.tsx';
import { SearchBar } from '../../../../shared/list/SearchBar.tsx';
import { useCrudList, useCrudMutation } from '../../../../shared/list/useCrudList.ts';
import { settlementApi, submitSettlement } from '../api.ts';
import { PaymentModal } from '../components/PaymentModal.tsx';
import { SettlementFormModal } from '../components/SettlementFormModal.tsx';

interface Filters {
  settlementNo?: string;
  contractNo?: string;
  state?: string;
}

export const STATE_COLORS: Record<string, string> = {
  draft: 'default',
  approving: 'processing',
  approved: 'blue',
  partially_paid: 'orange',
  paid: 'green',
};
/** 结算 or 质保金 (released retention made payable). */
export const KIND_COLUMN = {
  title: '类型',
  dataIndex: 'kind',
  width: 80,
  render: (v: SettlementDto['kind']) => SETTLEMENT_KINDS[v] ?? v,
};
const STATE_OPTIONS = Object.entries(SETTLEMENT_STATES).map(([value, label]) => ({ value, label }));
export const yuan = (v: string) => `¥${formatMoney(v)}`;
const P = PERMISSIONS.settlement;

/** 结算管理 (settlement/SettlementList): settlements per contract, their approval and payments. */
export default function SettlementListPage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<Filters>();
  const list = useCrudList(settlementApi, { scrollX: 1400 });
  const submit = useCrudMutation(settlementApi, submitSettlement);
  const [paying, setPaying] = useState<SettlementDto | null>(null);

  const columns: TableColumnsType<SettlementDto> = [
    { title: '结算单号', dataIndex: 'settlementNo', width: 200, fixed: 'left' },
    KIND_COLUMN,
    { title: '合同编号', dataIndex: 'contractNo', width: 170 },
    { title: '供应商', dataIndex: 'supplierName', width: 200, ellipsis: true },
    { title: '结算期间', key: 'period', width: 200, render: (_, r) => `${r.periodStart} ~ ${r.periodEnd}` },
    { title: '结算金额', dataIndex: 'amount', width: 130, align: 'right', render: yuan },
    { title: '扣款', dataIndex: 'deductions', width: 110, align: 'right', render: yuan },
    { title: '质保金', dataIndex: 'retention', width: 110, align: 'right', render: yuan },
    { title: '应付金额', dataIndex: 'netPayable', width: 130, align: 'right', render: yuan },
    { title: '已付金额', dataIndex: 'paidAmount', width: 130, align: 'right', render: yuan },
    {
      title: '状态',
      dataIndex: 'state',
      width: 100,
      render: (v: SettlementDto['state']) => <Tag color={STATE_COLORS[v]}>{SETTLEMENT_STATES[v]}</Tag>,
    },
    {
      title: '操作',
      key: 'action',
      width: 200,
      fixed: 'right',
      render: (_, row) =>
        row.state === 'draft' ? (
          // 草稿: 编辑, 提交审批, 删除; past it only 付款 (the server refuses the rest anyway).
          <CrudRowActions
            list={list}
            row={row}
            more={[
              {
                key: 'submit',
                label: '提交审批',
                code: P.submit,
                confirm: '确定提交审批吗?',
                onClick: async () => {
                  await submit.mutateAsync(row.id);
                  message.success('已提交审批');
                },
              },
            ]}
          />
        ) : (
          <RowActions
            extra={
              row.state === 'approved' || row.state === 'partially_paid' ? (
                <Can code={P.pay}>
                  <Typography.Link onClick={() => setPaying(row)}>付款</Typography.Link>
                </Can>
              ) : null
            }
          />
        ),
    },
  ];

  return (
    <Card variant="borderless" className="aps-list-page">
      <SearchBar<Filters> name="settlementSearch" form={form} onSearch={list.search} onReset={list.reset}>
        <Form.Item label="结算单号" name="settlementNo">
          <Input placeholder="请输入结算单号" allowClear />
        </Form.Item>
        <Form.Item label="合同编号" name="contractNo">
          <Input placeholder="请输入合同编号" allowClear />
        </Form.Item>
        <Form.Item label="状态" name="state">
          <Select placeholder="请选择" allowClear options={STATE_OPTIONS} />
        </Form.Item>
      </SearchBar>
      <CrudToolbar list={list} exportName="结算单.xlsx" batchDelete={false} />
      <Table<SettlementDto> {...list.table.tableProps} columns={columns} />
      <SettlementFormModal open={list.editor.open} record={list.editor.record} onClose={list.editor.hide} />
      <PaymentModal settlement={paying} onClose={() => setPaying(null)} />
    </Card>
  );
}
