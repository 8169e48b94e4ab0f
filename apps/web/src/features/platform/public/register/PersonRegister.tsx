import { Alert, Button, Descriptions, Form, Space, Steps } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { registerUser } from '../wizard/api.ts';
import { AccountStep, accountFields } from './AccountStep.tsx';

/**
 * 个人用户注册 (issue 18 §1): the shared 账号 step (user name, password twice, phone and its SMS code) → 确认 →
 * /user/register-result. The account lands in tenant 1 with the 注册用户 role (docs/decisions.md).
 */
export function PersonRegister() {
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [submitting, setSubmitting] = useState(false);

  const next = async () => {
    try {
      await form.validateFields(accountFields('phone'));
    } catch {
      return;
    }
    setStep(1);
  };
  const submit = async () => {
    setSubmitting(true);
    try {
      const v = form.getFieldsValue(true);
      const result = await registerUser({
        username: v.username,
        password: v.password,
        confirmpassword: v.confirmpassword,
        phone: v.phone,
        smsCode: v.smsCode,
      });
      navigate(`/user/register-result?account=${encodeURIComponent(result.username)}&type=person`);
    } finally {
      setSubmitting(false);
    }
  };
  const values = form.getFieldsValue(true);

  return (
    <>
      <Steps
        size="small"
        current={step}
        items={[{ title: '账号' }, { title: '确认' }, { title: '完成' }]}
        style={{ marginBottom: 24 }}
      />
      <Form form={form} name="personRegister" layout="vertical">
        <div style={{ display: step === 0 ? undefined : 'none' }}>
          <AccountStep phoneField="phone" />
        </div>
      </Form>
      {step === 1 && (
        <>
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title="请确认注册信息，提交后即可使用该账号登录。" />
          <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label="用户名">{values.username}</Descriptions.Item>
            <Descriptions.Item label="手机号">{values.phone}</Descriptions.Item>
          </Descriptions>
        </>
      )}
      <Space wrap>
        {step > 0 && <Button onClick={() => setStep(0)}>上一步</Button>}
        {step === 0 ? (
          <Button type="primary" onClick={next}>
            下一步
          </Button>
        ) : (
          <Button type="primary" loading={submitting} onClick={submit}>
            提交注册
          </Button>
        )}
        <Link to="/user/login">
          <Button type="link">已有账号，去登录</Button>
        </Link>
      </Space>
    </>
  );
}
