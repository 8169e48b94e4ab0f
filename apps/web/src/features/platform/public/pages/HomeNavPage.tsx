import { ApiOutlined, DesktopOutlined, KeyOutlined, QuestionCircleOutlined, UserAddOutlined } from '@ant-design/icons';
import { Card, theme } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HOME_PATH } from '../../auth/session.ts';
import { PortalShell } from '../PortalShell.tsx';

interface Entry {
  icon: ReactNode;
  title: string;
  text: string;
  to: string;
  external?: boolean;
}

const ENTRIES: Entry[] = [
  { icon: <DesktopOutlined />, title: '采购工作台', text: '采购人、专家与供应商登录后办理业务', to: HOME_PATH },
  { icon: <UserAddOutlined />, title: '供应商注册', text: '新供应商在线注册并提交审核', to: '/register' },
  { icon: <KeyOutlined />, title: '找回密码', text: '通过绑定手机号重置登录密码', to: '/user/forget' },
  { icon: <QuestionCircleOutlined />, title: '帮助中心', text: '常见问题与操作指引', to: '/moreHelp' },
  { icon: <ApiOutlined />, title: '接口文档', text: '平台开放接口说明（OpenAPI）', to: '/aps/docs', external: true },
];

/** /homeNav: the entries of the platform. */
export default function HomeNavPage() {
  const { token } = theme.useToken();
  return (
    <PortalShell>
      <div style={{ maxWidth: 1200, margin: '0 auto', padding: '32px 24px' }}>
        <h1 style={{ fontSize: 24, fontWeight: 600, margin: '0 0 20px', color: token.colorTextHeading }}>平台导航</h1>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: 16 }}>
          {ENTRIES.map((e) => {
            const card = (
              <Card key={e.title} hoverable variant="borderless" style={{ height: '100%' }}>
                <div style={{ fontSize: 28, color: token.colorPrimary, marginBottom: 12 }}>{e.icon}</div>
                <h2 style={{ fontSize: 16, fontWeight: 600, margin: '0 0 6px', color: token.colorTextHeading }}>
                  {e.title}
                </h2>
                <p style={{ margin: 0, color: token.colorTextSecondary }}>{e.text}</p>
              </Card>
            );
            return e.external ? (
              <a key={e.title} href={e.to} target="_blank" rel="noopener noreferrer">
                {card}
              </a>
            ) : (
              <Link key={e.title} to={e.to}>
                {card}
              </Link>
            );
          })}
        </div>
      </div>
    </PortalShell>
  );
}
