import type { PaymentAddInput, SettlementDto } from '@aps/shared';
import { formatMoney, PAYMENT_METHODS } from '@aps/shared/constants';
import { App, DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ModalForm } from '../../../../shared/list/ModalForm.tsx';
import { useCrudMutation } from '../../../../shared/list/useCrudList.ts';
import { FilesField } from '../../supplier/components/FilesField.tsx';
import { paySettlement, settlementApi } from '../api.ts';
import { MONEY_RULE } from './SettlementFormModal.tsx';

type Values = Omit<PaymentAddInput, 'settlementId' | 'paidOn'> & { paidOn: Dayjs };
/** Cents of a non-negative decimal string ("1234.5" → 123450n): money never goes through a float. */
const cents = (v: string): bigint => {
  const [i = '0', f = ''] = v.split('.');
  return BigInt(`${i}${f.padEnd(2, '0').slice(0, 2)}`);
};
const minus = (a: string, b: string): string => {
  const c = cents(a) - cents(b);
  return `${c / 100n}.${(c % 100n).toString().padStart(2, '0')}`;
};
const METHODS = Object.entries(PAYMENT_METHODS).map(([value, label]) => ({ value, label }));

/** 付款登记: amount (≤ the settlement's unpaid rest, checked again by the server), date, method, voucher. */
export function PaymentModal({ settlement, onClose }: { settlement: SettlementDto | null; onClose(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const pay = useCrudMutation(settlementApi, paySettlement);
  const unpaid = settlement ? minus(settlement.netPayable, settlement.paidAmount) : '0.00';
  return (
    <ModalForm<Values>
      name="paymentForm"
      open={settlement !== null}
      title={`付款登记 ${settlement?.settlementNo ?? ''}`}
      form={form}
      width={560}
      initialValues={{ paidOn: dayjs(), method: 'transfer' }}
      onClose={onClose}
      onSubmit={async (v) => {
        if (!settlement) return;
        await pay.mutateAsync({
          settlementId: settlement.id,
          amount: v.amount,
          paidOn: v.paidOn.format('YYYY-MM-DD'),
          method: v.method,
          voucherNo: v.voucherNo,
          attachments: v.attachments ?? [],
        });
        message.success('付款已登记');
      }}
    >
      <Form.Item label="应付/已付">
        ¥{formatMoney(settlement?.netPayable)} / ¥{formatMoney(settlement?.paidAmount)}（未付¥{formatMoney(unpaid)}）
      </Form.Item>
      <Form.Item label="付款金额" name="amount" rules={[{ required: true, message: '请输入付款金额' }, MONEY_RULE]}>
        <Input addonAfter="元" />
      </Form.Item>
      <Form.Item label="付款日期" name="paidOn" rules={[{ required: true, message: '请选择付款日期' }]}>
        <DatePicker format="YYYY-MM-DD" />
      </Form.Item>
      <Form.Item label="付款方式" name="method" rules={[{ required: true, message: '请选择付款方式' }]}>
        <Select options={METHODS} />
      </Form.Item>
      <Form.Item label="凭证号" name="voucherNo" rules={[{ max: 64, message: '凭证号最长64个字符' }]}>
        <Input />
      </Form.Item>
      <Form.Item label="付款凭证" name="attachments">
        <FilesField biz="settlement" buttonText="上传凭证" aria-label="上传付款凭证" />
      </Form.Item>
    </ModalForm>
  );
}
