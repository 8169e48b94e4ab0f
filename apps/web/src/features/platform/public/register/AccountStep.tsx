import { HUMAN_PROOF, PASSWORD_POLICY, RULES } from '@aps/shared/constants';
import { App, Button, Form, Input, Modal, Space } from 'antd';
import { useEffect, useState } from 'react';
import { DragVerify } from '../../../../shared/controls/DragVerify.tsx';
import { http } from '../../../../shared/http.ts';
import { issueSliderProof } from '../../auth/api.ts';

/** The account step's fields (the phone field's name is the caller's: supplier registration uses contactPhone). */
export const accountFields = (phoneField: string) => ['username', 'password', 'confirmpassword', phoneField, 'smsCode'];

const RESEND_SECONDS = 60;

/**
 * 账号 step of a registration wizard (supplier registration now, plain user registration in issue 18): user name,
 * the password twice (PASSWORD_POLICY), the mobile and its SMS code. The code is sent by POST /sys/sms with smsmode
 * '1' after the slider (the same human proof as the login); the server's limits apply, and whether the phone or
 * the name is known is only said after the code was verified at submission.
 */
export function AccountStep({ phoneField = 'phone' }: { phoneField?: string }) {
  const form = Form.useFormInstance();
  const { message } = App.useApp();
  const [slider, setSlider] = useState(false);
  const [sending, setSending] = useState(false);
  const [wait, setWait] = useState(0);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const askCode = async () => {
    try {
      await form.validateFields([phoneField]);
    } catch {
      return;
    }
    setSlider(true);
  };
  const sliderPassed = async () => {
    setSending(true);
    try {
      const { checkKey } = await issueSliderProof();
      await http.post<null>('/sys/sms', {
        mobile: form.getFieldValue(phoneField),
        smsmode: '1',
        captcha: HUMAN_PROOF.sliderCaptcha,
        checkKey,
      });
      message.success('验证码已发送');
      setWait(RESEND_SECONDS);
    } finally {
      setSending(false);
      setSlider(false);
    }
  };

  return (
    <>
      <Form.Item
        label="用户名"
        name="username"
        rules={[
          { required: true, message: RULES.username.required },
          { pattern: RULES.username.pattern, message: RULES.username.message },
          { min: RULES.username.min, max: RULES.username.max, message: RULES.username.lengthMessage },
        ]}
      >
        <Input placeholder="登录账号：字母、数字、下划线" autoComplete="username" />
      </Form.Item>
      <Form.Item
        label="密码"
        name="password"
        rules={[
          { required: true, message: '请输入密码' },
          { pattern: PASSWORD_POLICY.pattern, message: PASSWORD_POLICY.message },
        ]}
      >
        <Input.Password placeholder={PASSWORD_POLICY.message} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="确认密码"
        name="confirmpassword"
        dependencies={['password']}
        rules={[
          { required: true, message: '请再次输入密码' },
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
      <Form.Item
        label="手机号"
        name={phoneField}
        rules={[
          { required: true, message: RULES.mobile.required },
          { pattern: RULES.mobile.pattern, message: RULES.mobile.message },
        ]}
      >
        <Input placeholder="用于登录与接收通知" autoComplete="tel" />
      </Form.Item>
      <Form.Item label="验证码" required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item
            name="smsCode"
            noStyle
            rules={[
              { required: true, message: '请输入验证码' },
              { pattern: /^\d{4,6}$/, message: '请输入正确的验证码' },
            ]}
          >
            <Input placeholder="短信验证码" />
          </Form.Item>
          <Button onClick={askCode} disabled={wait > 0} loading={sending}>
            {wait > 0 ? `${wait}秒后重新获取` : '获取验证码'}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Modal open={slider} title="安全验证" footer={null} onCancel={() => setSlider(false)} destroyOnHidden width={380}>
        <DragVerify width={320} onPass={sliderPassed} />
      </Modal>
    </>
  );
}
