import { Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';

export interface ReasonModalProps {
  open: boolean;
  title: string;
  /** Whether an empty reason is refused (终止/挂起). */
  required?: boolean;
  confirming?: boolean;
  onOk(reason: string): void;
  onCancel(): void;
}

/** Asks the reason of 挂起 / 激活 / 终止 / 撤回. */
export function ReasonModal({ open, title, required = true, confirming, onOk, onCancel }: ReasonModalProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState(false);
  useEffect(() => {
    if (open) {
      setReason('');
      setError(false);
    }
  }, [open]);
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onCancel}
      confirmLoading={confirming}
      okText="确定"
      cancelText="取消"
      onOk={() => {
        if (required && !reason.trim()) return setError(true);
        onOk(reason.trim());
      }}
    >
      <Form layout="vertical">
        <Form.Item
          label="原因"
          htmlFor="aps-wf-reason"
          required={required}
          validateStatus={error ? 'error' : undefined}
          help={error ? '请填写原因' : undefined}
        >
          <Input.TextArea
            id="aps-wf-reason"
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError(false);
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
