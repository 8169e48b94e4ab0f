import type { SupplierAction, SupplierDto } from '@aps/shared';
import { SUPPLIER_LIMITS, SUPPLIER_TRANSITIONS } from '@aps/shared/constants';
import { App, Form, Input } from 'antd';
import { ModalForm } from '../../../../shared/list/ModalForm.tsx';
import { useCrudMutation } from '../../../../shared/list/useCrudList.ts';
import { directoryApi, transitionSupplier } from '../api.ts';

/** The directory's direct lifecycle actions (the blacklist has its own approval). */
export const DIRECTORY_ACTIONS: SupplierAction[] = ['qualify', 'suspend', 'resume', 'eliminate'];
export const actionLabel = (a: SupplierAction) => SUPPLIER_TRANSITIONS.find((t) => t.action === a)?.label ?? a;
export const allowedActions = (status: string) =>
  DIRECTORY_ACTIONS.filter((a) =>
    SUPPLIER_TRANSITIONS.some((t) => t.action === a && (t.from as readonly string[]).includes(status)),
  );

/** 评为合格 / 暂停 / 恢复 / 淘汰 with the reason (required, kept in the status history). */
export function TransitionModal({
  target,
  onClose,
}: {
  target: { row: SupplierDto; action: SupplierAction } | null;
  onClose(): void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const move = useCrudMutation(directoryApi, transitionSupplier);
  const label = target ? actionLabel(target.action) : '';
  return (
    <ModalForm<{ reason: string }>
      name="supplierTransition"
      open={Boolean(target)}
      title={target ? `${label}：${target.row.name}` : ''}
      form={form}
      onClose={onClose}
      onSubmit={async ({ reason }) => {
        if (!target) return;
        await move.mutateAsync({ id: target.row.id, action: target.action, reason });
        message.success(`${label}成功`);
      }}
    >
      <Form.Item label="原因" name="reason" rules={[{ required: true, whitespace: true, message: '请输入原因' }]}>
        <Input.TextArea rows={3} maxLength={SUPPLIER_LIMITS.reasonMax} />
      </Form.Item>
    </ModalForm>
  );
}
