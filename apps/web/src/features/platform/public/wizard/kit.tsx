import { HUMAN_PROOF } from '@aps/shared/constants';
import { App, Button, Form, Input, Modal, Space } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { DragVerify } from '../../../../shared/controls/DragVerify.tsx';
import { issueSliderProof } from '../../auth/api.ts';

type Proof = { captcha: string; checkKey: string };

/**
 * A send behind the drag-to-verify slider (issue 12 §2): `ask(send)` opens the 安全验证 dialog; once the slider is at
 * its end a single-use proof is fetched and handed to `send`. `wait` counts the 60 s before the next code.
 */
export function useSliderSend(resendSeconds = 60) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [wait, setWait] = useState(0);
  const pending = useRef<((proof: Proof) => Promise<unknown>) | null>(null);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const passed = async () => {
    setSending(true);
    try {
      const { checkKey } = await issueSliderProof();
      await pending.current?.({ captcha: HUMAN_PROOF.sliderCaptcha, checkKey });
      message.success('验证码已发送');
      setWait(resendSeconds);
    } finally {
      setSending(false);
      setOpen(false);
    }
  };

  const modal: ReactNode = (
    <Modal open={open} title="安全验证" footer={null} onCancel={() => setOpen(false)} destroyOnHidden width={380}>
      <DragVerify width={320} onPass={passed} />
    </Modal>
  );
  return {
    ask(send: (proof: Proof) => Promise<unknown>) {
      pending.current = send;
      setOpen(true);
    },
    sending,
    wait,
    modal,
  };
}

/** The 6-digit code field with its 获取验证码 button (the §5 texts). */
export function CodeField({
  name,
  label = '验证码',
  onSend,
  sending,
  wait,
}: {
  name: string;
  label?: string;
  onSend: () => void;
  sending: boolean;
  wait: number;
}) {
  return (
    <Form.Item label={label} required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item
          name={name}
          noStyle
          rules={[
            { required: true, message: '请输入验证码' },
            { pattern: /^\d{6}$/, message: '请输入正确的验证码' },
          ]}
        >
          <Input placeholder="6位短信/邮件验证码" maxLength={6} autoComplete="one-time-code" />
        </Form.Item>
        <Button onClick={onSend} disabled={wait > 0} loading={sending}>
          {wait > 0 ? `${wait}秒后重新获取` : '获取验证码'}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}

/** 新密码 twice, with the password policy and 两次输入的密码不一致. */
export function NewPasswordFields({ policy }: { policy: { pattern: RegExp; message: string } }) {
  return (
    <>
      <Form.Item
        label="新密码"
        name="password"
        rules={[
          { required: true, message: '请输入新密码!' },
          { pattern: policy.pattern, message: policy.message },
        ]}
      >
        <Input.Password placeholder={policy.message} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="确认新密码"
        name="confirmpassword"
        dependencies={['password']}
        rules={[
          { required: true, message: '请确认新密码!' },
          ({ getFieldValue }) => ({
            validator: (_, v) =>
              !v || v === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error('两次输入的密码不一致')),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
