import type { UserListRow } from '@aps/shared';
import { PASSWORD_POLICY, USER_MESSAGES_ADMIN } from '@aps/shared/constants';
import { App, Form, Input } from 'antd';
import { useMemo } from 'react';
import { ModalForm } from '../../../../shared/list/ModalForm.tsx';
import { userApi } from '../api.ts';

interface Values {
  username: string;
  password: string;
  confirmpassword: string;
}

/** An administrator sets a user's password (PUT /sys/user/changePassword); the user's sessions end. */
export function PasswordModal({ user, onClose }: { user: UserListRow | null; onClose(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const initialValues = useMemo(() => ({ username: user?.username ?? '' }), [user]);
  return (
    <ModalForm<Values>
      name="userPassword"
      open={user !== null}
      title="修改密码"
      form={form}
      width={560}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={async (v) => {
        await userApi.changePassword(v);
        message.success('密码修改成功！');
      }}
    >
      <Form.Item label="用户账号" name="username">
        <Input disabled />
      </Form.Item>
      <Form.Item
        label="新密码"
        name="password"
        validateFirst
        rules={[
          { required: true, message: '请输入新密码!' },
          { pattern: PASSWORD_POLICY.pattern, message: PASSWORD_POLICY.message },
        ]}
      >
        <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="确认密码"
        name="confirmpassword"
        dependencies={['password']}
        validateFirst
        rules={[
          { required: true, message: '请确认新密码!' },
          ({ getFieldValue }) => ({
            validator: async (_r, value) => {
              if (value && value !== getFieldValue('password')) throw new Error(USER_MESSAGES_ADMIN.passwordMismatch);
            },
          }),
        ]}
      >
        <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" />
      </Form.Item>
    </ModalForm>
  );
}
