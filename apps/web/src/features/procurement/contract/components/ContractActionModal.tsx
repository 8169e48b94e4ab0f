import type { ContractDto } from '@aps/shared';
import { App, DatePicker, Form, Input, InputNumber, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import { ModalForm, useCrudMutation } from '../../../../shared/list/index.ts';
import { contractApi } from '../api.ts';

export type ContractAction = 'terminate' | 'void' | 'change' | 'evaluate';

const TITLES: Record<ContractAction, string> = {
  terminate: '终止合同',
  void: '作废合同',
  change: '合同变更',
  evaluate: '履约评价',
};

interface Values {
  reason?: string;
  kind?: 'amount' | 'term';
  newAmount?: number;
  newTermEnd?: Dayjs;
  qualityScore?: number;
  scheduleScore?: number;
  serviceScore?: number;
  comments?: string;
}

const score = (name: keyof Values, label: string) => (
  <Form.Item label={label} name={name} rules={[{ required: true, message: `请输入${label}` }]}>
    <InputNumber min={0} max={100} precision={2} aria-label={label} />
  </Form.Item>
);

/** 终止 / 作废 (with the reason), 变更 (amount or term end, through the approval), 履约评价 (three scores 0..100). */
export function ContractActionModal({
  action,
  contract,
  onClose,
}: {
  action: ContractAction | null;
  contract: ContractDto | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form);
  const terminate = useCrudMutation(contractApi, contractApi.terminate);
  const voidContract = useCrudMutation(contractApi, contractApi.voidContract);
  const change = useCrudMutation(contractApi, contractApi.change);
  const evaluate = useCrudMutation(contractApi, contractApi.evaluate);
  if (!action || !contract) return null;
  const id = contract.id;

  const submit = async (v: Values) => {
    if (action === 'terminate') await terminate.mutateAsync({ id, reason: v.reason ?? '' });
    if (action === 'void') await voidContract.mutateAsync({ id, reason: v.reason ?? '' });
    if (action === 'change') {
      await change.mutateAsync({
        id,
        kind: v.kind ?? 'amount',
        reason: v.reason ?? '',
        ...(v.kind === 'term'
          ? { newTermEnd: v.newTermEnd?.format('YYYY-MM-DD') }
          : { newAmount: String(v.newAmount ?? '') }),
      });
    }
    if (action === 'evaluate') {
      await evaluate.mutateAsync({
        contractId: id,
        qualityScore: String(v.qualityScore),
        scheduleScore: String(v.scheduleScore),
        serviceScore: String(v.serviceScore),
        comments: v.comments || null,
      });
    }
    message.success(action === 'change' ? '合同变更已提交审批' : '操作成功');
  };

  return (
    <ModalForm<Values>
      name="contractAction"
      open
      width={600}
      title={`${TITLES[action]}：${contract.contractNo}`}
      form={form}
      initialValues={{ kind: 'amount' }}
      onSubmit={submit}
      onClose={onClose}
    >
      {action === 'change' && (
        <>
          <Form.Item label="变更类型" name="kind">
            <Radio.Group
              options={[
                { value: 'amount', label: '金额变更' },
                { value: 'term', label: '期限变更' },
              ]}
            />
          </Form.Item>
          {kind === 'term' ? (
            <Form.Item label="新的结束日期" name="newTermEnd" rules={[{ required: true, message: '请选择结束日期' }]}>
              <DatePicker aria-label="新的结束日期" />
            </Form.Item>
          ) : (
            <Form.Item label="变更后金额" name="newAmount" rules={[{ required: true, message: '请输入变更后金额' }]}>
              <InputNumber min={0} precision={2} addonAfter="元" style={{ width: 240 }} aria-label="变更后金额" />
            </Form.Item>
          )}
        </>
      )}
      {action === 'evaluate' ? (
        <>
          {score('qualityScore', '质量评分')}
          {score('scheduleScore', '进度评分')}
          {score('serviceScore', '服务评分')}
          <Form.Item label="评价意见" name="comments">
            <Input.TextArea rows={3} maxLength={500} aria-label="评价意见" />
          </Form.Item>
        </>
      ) : (
        <Form.Item label="原因" name="reason" rules={[{ required: true, message: '请输入原因' }]}>
          <Input.TextArea rows={3} maxLength={500} aria-label="原因" />
        </Form.Item>
      )}
    </ModalForm>
  );
}
