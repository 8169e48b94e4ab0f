import { PASSWORD_POLICY } from '@aps/shared/constants';
import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { HttpError } from '../../../shared/http.ts';
import { updatePassword } from '../auth/api.ts';

interface Values {
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

/** The §5 change-password messages, exactly. */
export const PASSWORD_MESSAGES = {
  noUser: '当前系统无登录用户!',
  old: '请输入旧密码!',
  new: '请输入新密码!',
  confirm: '请确认新密码!',
  mismatch: '两次输入的密码不一样！',
} as const;

/** §2 修改密码: old, new and confirmation; POST sys/user/updatePassword; the answer shows as success or warning. */
export function ChangePasswordModal({
  open,
  username,
  onClose,
}: {
  open: boolean;
  username: string;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    // Invalid fields show their own messages.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await updatePassword({ username, ...values });
      message.success('密码修改成功！');
      form.resetFields();
      onClose();
    } catch (err) {
      if (!(err instanceof HttpError) || !err.shown) message.warning(err instanceof Error ? err.message : '修改失败');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="修改密码"
      open={open}
      width={520}
      okText="确定"
      onOk={submit}
      confirmLoading={saving}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        style={{ marginTop: 24 }}
        layout="horizontal"
        labelCol={{ span: 6 }}
        wrapperCol={{ span: 16 }}
        name="password"
      >
        <Form.Item label="旧密码" name="oldpassword" rules={[{ required: true, message: PASSWORD_MESSAGES.old }]}>
          <Input.Password placeholder="请输入旧密码" autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label="新密码"
          name="password"
          rules={[
            { required: true, message: PASSWORD_MESSAGES.new },
            { pattern: PASSWORD_POLICY.pattern, message: PASSWORD_POLICY.message },
          ]}
        >
          <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="confirmpassword"
          dependencies={['password']}
          rules={[
            { required: true, message: PASSWORD_MESSAGES.confirm },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(PASSWORD_MESSAGES.mismatch)),
            }),
          ]}
        >
          <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
