import { PASSWORD_POLICY, RULES, WIZARD_MESSAGES } from '@aps/shared/constants';
import { App, Button, Form, Input, Result, Space, Steps } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { PublicLayout } from '../../../../layouts/PublicLayout.tsx';
import { resetForgottenPassword, sendAccountCode, verifyForgetCode } from '../wizard/api.ts';
import { CodeField, NewPasswordFields, useSliderSend } from '../wizard/kit.tsx';

const STEPS = ['确认账号', '安全验证', '重置密码', '完成'];

/**
 * /user/forget (issue 18 §1): 确认账号 → 安全验证 (the code to the account's bound phone, behind the slider) → 重置密码
 * (twice) → 完成. The server answers an unknown account as a known one; the reset signs the account out everywhere.
 */
export default function ForgetPasswordPage() {
  const [form] = Form.useForm();
  const { message } = App.useApp();
  const [step, setStep] = useState(0);
  const [ticket, setTicket] = useState('');
  const [busy, setBusy] = useState(false);
  const slider = useSliderSend();
  const username = () => String(form.getFieldValue('username') ?? '');

  const askCode = () => slider.ask((proof) => sendAccountCode('forget', { username: username(), ...proof }));
  const run = async (fields: string[], action: () => Promise<void>) => {
    try {
      await form.validateFields(fields);
    } catch {
      return;
    }
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  const next = [
    () => run(['username'], async () => setStep(1)),
    () =>
      run(['smsCode'], async () => {
        const result = await verifyForgetCode({ username: username(), smsCode: form.getFieldValue('smsCode') });
        setTicket(result.ticket);
        setStep(2);
      }),
    () =>
      run(['password', 'confirmpassword'], async () => {
        await resetForgottenPassword({
          ticket,
          password: form.getFieldValue('password'),
          confirmpassword: form.getFieldValue('confirmpassword'),
        });
        message.success(WIZARD_MESSAGES.passwordReset);
        setStep(3);
      }),
  ];

  return (
    <PublicLayout title="找回密码" subtitle="通过绑定的手机号验证身份后重新设置登录密码">
      <Steps size="small" current={step} items={STEPS.map((title) => ({ title }))} style={{ marginBottom: 24 }} />
      <Form form={form} name="forgetPassword" layout="vertical">
        <div style={{ display: step === 0 ? undefined : 'none' }}>
          <Form.Item
            label="登录账号"
            name="username"
            rules={[
              { required: true, message: RULES.username.required },
              { pattern: RULES.username.pattern, message: RULES.username.message },
            ]}
          >
            <Input placeholder="请输入需要找回密码的登录账号" autoComplete="username" />
          </Form.Item>
        </div>
        {step === 1 && (
          <>
            <p style={{ color: 'rgba(0,0,0,0.65)' }}>
              账号：{username()}。点击获取验证码，验证码将发送至该账号绑定的手机号（5 分钟内有效）。
            </p>
            <CodeField name="smsCode" onSend={askCode} sending={slider.sending} wait={slider.wait} />
          </>
        )}
        {step === 2 && <NewPasswordFields policy={PASSWORD_POLICY} />}
      </Form>
      {step === 3 ? (
        <Result
          status="success"
          title="密码重置成功"
          subTitle="原有登录已全部失效，请使用新密码重新登录。"
          extra={
            <Link to="/user/login">
              <Button type="primary">去登录</Button>
            </Link>
          }
        />
      ) : (
        <Space wrap>
          {step > 0 && step < 2 && <Button onClick={() => setStep(step - 1)}>上一步</Button>}
          <Button type="primary" loading={busy} onClick={next[step]}>
            {step === 2 ? '重置密码' : '下一步'}
          </Button>
          <Link to="/user/login">
            <Button type="link">返回登录</Button>
          </Link>
        </Space>
      )}
      {slider.modal}
    </PublicLayout>
  );
}
