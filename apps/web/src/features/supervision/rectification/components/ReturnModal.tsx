import type { RectificationDto } from '@aps/shared';
import { SUPERVISION_LIMITS as L } from '@aps/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input } from 'antd';
import { ModalForm } from '../../../../shared/list/ModalForm.tsx';
import { rectificationKeys, returnRectification } from '../api.ts';

/** 退回 by the inspector with a reason: the order goes back to 待整改. */
export function ReturnModal({ order, onClose }: { order: RectificationDto | null; onClose(): void }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <ModalForm<{ reason: string }>
      name="rectificationReturn"
      open={!!order}
      title="退回整改"
      form={form}
      width={560}
      okText="退回"
      onClose={onClose}
      onSubmit={async (v) => {
        if (!order) return;
        await returnRectification(order.id, v.reason);
        await client.invalidateQueries({ queryKey: rectificationKeys.all });
        message.success('已退回');
      }}
    >
      <Form.Item
        label="退回原因"
        name="reason"
        rules={[{ required: true, whitespace: true, message: '请输入退回原因' }]}
      >
        <Input.TextArea rows={4} maxLength={L.textMax} />
      </Form.Item>
    </ModalForm>
  );
}
