import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { HUMAN_PROOF, RULES } from '@aps/shared/constants';
import { Button, Form, Input, Space } from 'antd';
import message from 'antd/es/message';
import { useEffect, useState } from 'react';
import { DragVerify } from '../../../../shared/controls/DragVerify.tsx';
import { HttpError } from '../../../../shared/http.ts';
import { issueSliderProof, phoneLogin, sendLoginSms } from '../api.ts';

/** Seconds before another code may be asked for (the server's 60 s rule). */
export const SMS_RESEND_SECONDS = 60;

interface Values {
  mobile: string;
  captcha: string;
}

/**
 * 手机号登录 (issue 18 §2): a code is sent only after the slider (each request needs a fresh proof, issue 12 §2);
 * the code signs in once. Loaded (with antd) only when the tab is chosen, so the password form stays light.
 */
export default function PhoneLoginForm({
  onSignedIn,
}: {
  onSignedIn: (result: Awaited<ReturnType<typeof phoneLogin>>) => void;
}) {
  const [form] = Form.useForm<Values>();
  const [checkKey, setCheckKey] = useState<string | null>(null);
  const [sliderRound, setSliderRound] = useState(0);
  const [countdown, setCountdown] = useState(0);
  const [sending, setSending] = useState(false);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const sliderPassed = () => {
    issueSliderProof().then(
      (result) => setCheckKey(result.checkKey),
      (error: Error) => {
        message.error(error.message);
        setSliderRound((n) => n + 1);
      },
    );
  };

  const sendCode = async () => {
    const values = await form.validateFields(['mobile']).catch(() => null);
    if (!values) return;
    if (!checkKey) {
      message.warning(HUMAN_PROOF.smsMessage);
      return;
    }
    setSending(true);
    try {
      await sendLoginSms(values.mobile.trim(), checkKey);
      message.success('验证码已发送');
      setCountdown(SMS_RESEND_SECONDS);
    } catch (error) {
      if (!(error instanceof HttpError) || !error.shown) message.error((error as Error).message);
    } finally {
      // A proof admits one request: the next code needs the slider again.
      setSending(false);
      setCheckKey(null);
      setSliderRound((n) => n + 1);
    }
  };

  const submit = (values: Values) => {
    setPending(true);
    phoneLogin({ mobile: values.mobile.trim(), captcha: values.captcha.trim() }).then(
      (result) => {
        setPending(false);
        onSignedIn(result);
      },
      (error: Error) => {
        setPending(false);
        if (error instanceof HttpError && error.shown) return;
        message.error(error.message);
      },
    );
  };

  return (
    <Form form={form} layout="vertical" name="phone_login" onFinish={submit} disabled={pending} requiredMark={false}>
      <Form.Item
        label="手机号"
        name="mobile"
        rules={[
          { required: true, whitespace: true, message: RULES.mobile.required },
          { pattern: RULES.mobile.pattern, message: RULES.mobile.message },
        ]}
      >
        <Input size="large" prefix={<MobileOutlined />} placeholder="请输入手机号" autoComplete="tel" />
      </Form.Item>
      <Form.Item>
        <DragVerify key={sliderRound} width={320} onPass={sliderPassed} />
      </Form.Item>
      <Form.Item label="验证码" required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item
            name="captcha"
            noStyle
            rules={[
              { required: true, whitespace: true, message: '请输入验证码' },
              { pattern: /^\d{4,6}$/, message: '请输入正确的验证码' },
            ]}
          >
            <Input
              size="large"
              prefix={<LockOutlined />}
              placeholder="请输入验证码"
              autoComplete="one-time-code"
              aria-label="验证码"
            />
          </Form.Item>
          <Button size="large" onClick={sendCode} loading={sending} disabled={countdown > 0 || pending}>
            {countdown > 0 ? `${countdown} 秒后重发` : '获取验证码'}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={pending} autoInsertSpace={false}>
        登录
      </Button>
    </Form>
  );
}
