import type { SettlementDto, SupplierFileDto } from '@aps/shared';
import { CONTRACT_STATES, formatMoney, SETTLEABLE_STATES } from '@aps/shared/constants';
import { App, DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { ModalForm } from '../../../../shared/list/ModalForm.tsx';
import { useCrudMutation } from '../../../../shared/list/useCrudList.ts';
import { FilesField } from '../../supplier/components/FilesField.tsx';
import { settlementApi, useSettleableContracts } from '../api.ts';

/** A decimal string with at most two decimals (money is never a float). */
export const MONEY_RULE = { pattern: /^\d{1,16}(\.\d{1,2})?$/, message: '请输入正确的金额（最多两位小数）' };
const DATE = 'YYYY-MM-DD';

interface Values {
  contractId: string;
  period: [Dayjs, Dayjs];
  amount: string;
  deductions?: string;
  retention?: string;
  remark?: string;
  invoices?: SupplierFileDto[];
}

/** 新增/编辑结算单: the contract (履行中/履行完毕/质保期), the period, amount, deductions and retention. */
export function SettlementFormModal({
  open,
  record,
  onClose,
}: {
  open: boolean;
  record: SettlementDto | null;
  onClose(): void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useCrudMutation(settlementApi, settlementApi.save);
  const [keyword, setKeyword] = useState('');
  const contracts = useSettleableContracts(keyword, open && !record);
  const options = record
    ? [{ value: record.contractId, label: `${record.contractNo ?? ''} ${record.supplierName ?? ''}` }]
    : (contracts.data?.records ?? [])
        .filter((c) => SETTLEABLE_STATES.includes(c.state))
        .map((c) => ({
          value: c.contractId,
          label: `${c.contractNo} ${c.contractName}（${CONTRACT_STATES[c.state]}，可结算¥${formatMoney(c.remaining)}）`,
        }));
  const initialValues = useMemo<Partial<Values>>(
    () =>
      record
        ? {
            contractId: record.contractId,
            period: [dayjs(record.periodStart), dayjs(record.periodEnd)],
            amount: record.amount,
            deductions: record.deductions,
            retention: record.retention,
            remark: record.remark ?? undefined,
            invoices: record.invoices,
          }
        : {},
    [record],
  );
  return (
    <ModalForm<Values>
      name="settlementForm"
      open={open}
      title={record ? '编辑结算单' : '新增结算单'}
      form={form}
      width={640}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={async (v) => {
        await save.mutateAsync({
          id: record?.id,
          contractId: v.contractId,
          periodStart: v.period[0].format(DATE),
          periodEnd: v.period[1].format(DATE),
          amount: v.amount,
          deductions: v.deductions || '0',
          ...(v.retention ? { retention: v.retention } : {}),
          remark: v.remark ?? null,
          invoices: v.invoices ?? [],
        });
        message.success(record ? '编辑成功!' : '添加成功！');
      }}
    >
      <Form.Item label="合同" name="contractId" rules={[{ required: true, message: '请选择合同' }]}>
        <Select
          showSearch={{ filterOption: false, onSearch: setKeyword }}
          disabled={!!record}
          placeholder="输入合同编号搜索"
          loading={contracts.isFetching}
          options={options}
          notFoundContent={contracts.isFetching ? '加载中…' : '没有可结算的合同'}
        />
      </Form.Item>
      <Form.Item label="结算期间" name="period" rules={[{ required: true, message: '请选择结算期间' }]}>
        <DatePicker.RangePicker format={DATE} />
      </Form.Item>
      <Form.Item label="结算金额" name="amount" rules={[{ required: true, message: '请输入结算金额' }, MONEY_RULE]}>
        <Input addonAfter="元" />
      </Form.Item>
      <Form.Item label="扣款金额" name="deductions" rules={[MONEY_RULE]}>
        <Input addonAfter="元" placeholder="0" />
      </Form.Item>
      <Form.Item label="质保金" name="retention" rules={[MONEY_RULE]} extra="留空按合同质保金比例计算，可调低">
        <Input addonAfter="元" />
      </Form.Item>
      <Form.Item label="备注" name="remark">
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
      <Form.Item label="发票" name="invoices">
        <FilesField biz="settlement" buttonText="上传发票" aria-label="上传发票" />
      </Form.Item>
    </ModalForm>
  );
}
