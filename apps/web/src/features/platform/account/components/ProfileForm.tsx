import { App, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { HttpError } from '../../../../shared/http.ts';
import { ImageUpload } from '../../../../shared/upload/index.ts';
import { useSessionStore } from '../../auth/store.ts';
import { updateProfile } from '../api.ts';

interface Values {
  realname: string;
  avatar: string;
}

/** 基本设置: name and avatar are the user's own; phone and e-mail change only through the verified wizard. */
export function ProfileForm() {
  const { message } = App.useApp();
  const userInfo = useSessionStore((s) => s.userInfo);
  const setUserInfo = useSessionStore((s) => s.setUserInfo);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const save = async (values: Values) => {
    setSaving(true);
    try {
      const { userInfo: saved } = await updateProfile({ realname: values.realname, avatar: values.avatar || null });
      setUserInfo(saved);
      message.success('保存成功');
    } catch (err) {
      if (!(err instanceof HttpError) || !err.shown) message.error(err instanceof Error ? err.message : '保存失败');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 480 }}
      initialValues={{ realname: userInfo?.realname ?? '', avatar: userInfo?.avatar ?? '' }}
      onFinish={save}
    >
      <Form.Item label="账号">
        <Input value={userInfo?.username ?? ''} disabled aria-label="账号" />
      </Form.Item>
      <Form.Item
        label="姓名"
        name="realname"
        rules={[
          { required: true, whitespace: true, message: '请输入姓名' },
          { max: 50, message: '最大长度50位字符' },
        ]}
      >
        <Input placeholder="请输入姓名" />
      </Form.Item>
      <Form.Item label="头像" name="avatar" valuePropName="value">
        <ImageUpload aria-label="头像" max={1} biz="avatar" />
      </Form.Item>
      <Form.Item label="手机号">
        <Space.Compact style={{ width: '100%' }}>
          <Input value={userInfo?.phone ?? '未绑定'} disabled aria-label="手机号" />
          <Link to="/user/alteration?type=phone">
            <Button>修改手机号</Button>
          </Link>
        </Space.Compact>
      </Form.Item>
      <Form.Item label="邮箱">
        <Space.Compact style={{ width: '100%' }}>
          <Input value={userInfo?.email ?? '未绑定'} disabled aria-label="邮箱" />
          <Link to="/user/alteration?type=email">
            <Button>修改邮箱</Button>
          </Link>
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        保存
      </Button>
    </Form>
  );
}
