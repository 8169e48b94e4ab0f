import { Card, Col, Descriptions, Row, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { useSessionStore } from '../../auth/store.ts';
import { AccountAvatar } from '../components/AccountAvatar.tsx';
import { DepartList } from '../components/DepartList.tsx';

/** 个人中心 (/account/center): who I am, where I work; changes are made in 账户设置. */
export default function AccountCenterPage() {
  const userInfo = useSessionStore((s) => s.userInfo);
  return (
    <Row gutter={16}>
      <Col xs={24} lg={8}>
        <Card>
          <Space direction="vertical" align="center" style={{ width: '100%' }}>
            <AccountAvatar path={userInfo?.avatar} size={96} />
            <Typography.Title level={4} style={{ margin: 0 }}>
              {userInfo?.realname}
            </Typography.Title>
            <Typography.Text type="secondary">{userInfo?.username}</Typography.Text>
          </Space>
          <Descriptions column={1} size="small" style={{ marginTop: 24 }}>
            <Descriptions.Item label="手机号">{userInfo?.phone ?? '未绑定'}</Descriptions.Item>
            <Descriptions.Item label="邮箱">{userInfo?.email ?? '未绑定'}</Descriptions.Item>
            <Descriptions.Item label="当前部门">{userInfo?.orgCodeTxt ?? '—'}</Descriptions.Item>
          </Descriptions>
          <Link to="/account/settings">账户设置</Link>
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card title="我的部门">
          <DepartList />
        </Card>
      </Col>
    </Row>
  );
}
