import { RULES, WIZARD_MESSAGES } from '@aps/shared/constants';
import { App, Button, Form, Input, Radio, Result, Space, Steps } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { PublicLayout } from '../../../../layouts/PublicLayout.tsx';
import {
  type AlterChannel,
  confirmAlteration,
  sendAccountCode,
  sendNewTargetCode,
  verifyForAlteration,
} from '../wizard/api.ts';
import { CodeField, useSliderSend } from '../wizard/kit.tsx';

const STEPS = ['验证身份', '选择变更项', '验证新信息', '完成'];

/**
 * /user/alteration (issue 18 §1): 验证身份 (password, or the current phone's code) → 选择变更项 (new phone or e-mail)
 * → 验证新信息 (its own code) → 完成. The server writes the change only with both: the ticket of step 1 and the code.
 */
export default function AlterationPage() {
  const [form] = Form.useForm();
  const { message } = App.useApp();
  const [step, setStep] = useState(0);
  const [ticket, setTicket] = useState('');
  const [busy, setBusy] = useState(false);
  const oldPhone = useSliderSend();
  const newTarget = useSliderSend();
  const method = Form.useWatch('method', form) as 'password' | 'sms' | undefined;
  const channel = (Form.useWatch('channel', form) as AlterChannel | undefined) ?? 'phone';
  const value = (name: string) => String(form.getFieldValue(name) ?? '');

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
  const askOldCode = () =>
    run(['username'], async () =>
      oldPhone.ask((proof) => sendAccountCode('alter', { username: value('username'), ...proof })),
    );
  const askNewCode = () =>
    run(['target'], async () =>
      newTarget.ask((proof) => sendNewTargetCode({ ticket, channel, target: value('target'), ...proof })),
    );

  const next = [
    () =>
      run(['username', method === 'sms' ? 'smsCode' : 'password'], async () => {
        const result = await verifyForAlteration(
          method === 'sms'
            ? { method: 'sms', username: value('username'), smsCode: value('smsCode') }
            : { method: 'password', username: value('username'), password: value('password') },
        );
        setTicket(result.ticket);
        setStep(1);
      }),
    () => run(['channel', 'target'], async () => setStep(2)),
    () =>
      run(['code'], async () => {
        await confirmAlteration({ ticket, channel, target: value('target'), code: value('code') });
        message.success(WIZARD_MESSAGES.altered);
        setStep(3);
      }),
  ];

  return (
    <PublicLayout title="变更手机号或邮箱" subtitle="验证原绑定信息后，修改账号绑定的手机号或电子邮箱">
      <Steps size="small" current={step} items={STEPS.map((title) => ({ title }))} style={{ marginBottom: 24 }} />
      <Form form={form} name="alteration" layout="vertical" initialValues={{ method: 'password', channel: 'phone' }}>
        <div style={{ display: step === 0 ? undefined : 'none' }}>
          <Form.Item
            label="登录账号"
            name="username"
            rules={[
              { required: true, message: RULES.username.required },
              { pattern: RULES.username.pattern, message: RULES.username.message },
            ]}
          >
            <Input autoComplete="username" />
          </Form.Item>
          <Form.Item label="验证方式" name="method">
            <Radio.Group
              optionType="button"
              options={[
                { value: 'password', label: '登录密码' },
                { value: 'sms', label: '原手机验证码' },
              ]}
            />
          </Form.Item>
          {method === 'sms' ? (
            <CodeField name="smsCode" onSend={askOldCode} sending={oldPhone.sending} wait={oldPhone.wait} />
          ) : (
            <Form.Item label="登录密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
          )}
        </div>
        <div style={{ display: step === 1 || step === 2 ? undefined : 'none' }}>
          <Form.Item label="变更项" name="channel">
            <Radio.Group
              disabled={step === 2}
              optionType="button"
              options={[
                { value: 'phone', label: '手机号' },
                { value: 'email', label: '电子邮箱' },
              ]}
            />
          </Form.Item>
          <Form.Item
            label={channel === 'phone' ? '新手机号' : '新邮箱'}
            name="target"
            rules={
              channel === 'phone'
                ? [
                    { required: true, message: RULES.mobile.required },
                    { pattern: RULES.mobile.pattern, message: RULES.mobile.message },
                  ]
                : [
                    { required: true, message: '请输入邮箱' },
                    { pattern: RULES.email.pattern, message: RULES.email.message },
                  ]
            }
          >
            <Input disabled={step === 2} />
          </Form.Item>
        </div>
        {step === 2 && <CodeField name="code" onSend={askNewCode} sending={newTarget.sending} wait={newTarget.wait} />}
      </Form>
      {step === 3 ? (
        <Result
          status="success"
          title={channel === 'phone' ? '手机号变更成功' : '邮箱变更成功'}
          subTitle={`账号 ${value('username')} 已绑定 ${value('target')}。`}
          extra={
            <Link to="/user/login">
              <Button type="primary">去登录</Button>
            </Link>
          }
        />
      ) : (
        <Space wrap>
          {step === 2 && <Button onClick={() => setStep(1)}>上一步</Button>}
          <Button type="primary" loading={busy} onClick={next[step]}>
            {step === 2 ? '确认变更' : '下一步'}
          </Button>
          <Link to="/user/login">
            <Button type="link">返回登录</Button>
          </Link>
        </Space>
      )}
      {oldPhone.modal}
      {newTarget.modal}
    </PublicLayout>
  );
}
