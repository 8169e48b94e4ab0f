import { Button, Card, List, Tabs } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSessionStore } from '../../auth/store.ts';
import { ChangePasswordModal } from '../../header/ChangePasswordModal.tsx';
import { DepartList } from '../components/DepartList.tsx';
import { NotifySettings } from '../components/NotifySettings.tsx';
import { ProfileForm } from '../components/ProfileForm.tsx';
import { SessionList } from '../components/SessionList.tsx';

/** 安全设置: password with the old one; phone and e-mail through the verified wizard; the signed-in devices. */
function SecurityPanel() {
  const username = useSessionStore((s) => s.userInfo?.username ?? '');
  const [passwordOpen, setPasswordOpen] = useState(false);
  return (
    <>
      <List
        itemLayout="horizontal"
        dataSource={[
          {
            key: 'password',
            title: '账户密码',
            description: '修改密码需要输入当前密码',
            action: (
              <Button type="link" onClick={() => setPasswordOpen(true)}>
                修改
              </Button>
            ),
          },
          {
            key: 'phone',
            title: '绑定手机',
            description: '验证当前手机号后绑定新手机号',
            action: <Link to="/user/alteration?type=phone">修改</Link>,
          },
          {
            key: 'email',
            title: '绑定邮箱',
            description: '验证身份后绑定新邮箱',
            action: <Link to="/user/alteration?type=email">修改</Link>,
          },
        ]}
        renderItem={(item) => (
          <List.Item key={item.key} actions={[item.action]}>
            <List.Item.Meta title={item.title} description={item.description} />
          </List.Item>
        )}
      />
      <Card title="登录设备" size="small" style={{ marginTop: 16 }}>
        <SessionList />
      </Card>
      <ChangePasswordModal open={passwordOpen} username={username} onClose={() => setPasswordOpen(false)} />
    </>
  );
}

/** 账户设置 (/account/settings): 基本设置, 安全设置, 消息设置, 我的部门. */
export default function AccountSettingsPage() {
  return (
    <Card>
      <Tabs
        tabPosition="left"
        items={[
          { key: 'basic', label: '基本设置', children: <ProfileForm /> },
          { key: 'security', label: '安全设置', children: <SecurityPanel /> },
          { key: 'notify', label: '消息设置', children: <NotifySettings /> },
          { key: 'departs', label: '我的部门', children: <DepartList /> },
        ]}
      />
    </Card>
  );
}
