import type { DemoRequestDto } from '@aps/shared';
import { DEMO_REQUEST_LIMITS, DEMO_REQUEST_MESSAGES } from '@aps/shared/constants';
import { Form, Input, InputNumber } from 'antd';
import { ModalForm } from '../../../shared/list/ModalForm.tsx';
import { type DemoRequestForm, useSaveDemoRequest } from '../workflow/demoRequest.api.ts';

/** 申请示例's form: 标题, 金额（元）, 申请理由 (editable while 待提交 or 已驳回; the server refuses otherwise). */
export function RequestFormModal({
  open,
  record,
  onClose,
}: {
  open: boolean;
  record: DemoRequestDto | null;
  onClose(): void;
}) {
  const [form] = Form.useForm<DemoRequestForm>();
  const save = useSaveDemoRequest();
  return (
    <ModalForm<DemoRequestForm>
      name="demoRequestForm"
      open={open}
      title={record ? '编辑申请' : '新增申请'}
      form={form}
      width={640}
      initialValues={
        record ? { title: record.title, amount: Number(record.amount), reason: record.reason ?? '' } : undefined
      }
      onSubmit={(values) => save.mutateAsync({ ...values, id: record?.id })}
      onClose={onClose}
    >
      <Form.Item
        label="标题"
        name="title"
        rules={[
          { required: true, whitespace: true, message: DEMO_REQUEST_MESSAGES.titleRequired },
          { max: DEMO_REQUEST_LIMITS.title, message: DEMO_REQUEST_MESSAGES.titleTooLong },
        ]}
      >
        <Input placeholder="请输入标题" />
      </Form.Item>
      <Form.Item
        label="金额（元）"
        name="amount"
        rules={[{ required: true, message: DEMO_REQUEST_MESSAGES.amountRequired }]}
      >
        <InputNumber min={0} max={DEMO_REQUEST_LIMITS.amountMax} precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        label="申请理由"
        name="reason"
        rules={[{ max: DEMO_REQUEST_LIMITS.reason, message: DEMO_REQUEST_MESSAGES.reasonTooLong }]}
      >
        <Input.TextArea rows={4} placeholder="请输入申请理由" />
      </Form.Item>
    </ModalForm>
  );
}
