import { Button, theme } from 'antd';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { Copyright } from '../../../shared/ui/Copyright.tsx';
import { Logo } from '../../../shared/ui/Logo.tsx';
import { getToken, HOME_PATH } from '../auth/session.ts';

const LINKS = [
  { to: '/home', label: '首页' },
  { to: '/homeNav', label: '平台导航' },
  { to: '/moreHelp', label: '帮助中心' },
];

/** The public portal's frame (/home, /homeNav, /test/home): top bar with sign-in, content, footer. */
export function PortalShell({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const signedIn = Boolean(getToken());
  return (
    <div style={{ minHeight: '100%', display: 'flex', flexDirection: 'column', background: '#f5f7fb' }}>
      <header
        style={{
          height: 64,
          background: '#fff',
          boxShadow: '0 1px 4px rgba(0,21,41,0.08)',
          position: 'sticky',
          top: 0,
          zIndex: 10,
        }}
      >
        <div
          style={{
            maxWidth: 1200,
            margin: '0 auto',
            height: '100%',
            padding: '0 24px',
            display: 'flex',
            alignItems: 'center',
            gap: 32,
          }}
        >
          <Link to="/home" style={{ display: 'flex', alignItems: 'center', gap: 10, textDecoration: 'none' }}>
            <Logo size={32} />
            <span style={{ fontSize: 18, fontWeight: 600, color: token.colorTextHeading, whiteSpace: 'nowrap' }}>
              全流程数字化采购平台
            </span>
          </Link>
          <nav aria-label="门户导航" style={{ display: 'flex', gap: 24, flex: 1 }}>
            {LINKS.map((l) => (
              <NavLink
                key={l.to}
                to={l.to}
                style={({ isActive }) => ({
                  color: isActive ? token.colorPrimary : token.colorText,
                  fontWeight: isActive ? 600 : 400,
                  textDecoration: 'none',
                  whiteSpace: 'nowrap',
                })}
              >
                {l.label}
              </NavLink>
            ))}
          </nav>
          {signedIn ? (
            <Link to={HOME_PATH}>
              <Button type="primary">进入工作台</Button>
            </Link>
          ) : (
            <div style={{ display: 'flex', gap: 8 }}>
              <Link to="/register">
                <Button>供应商注册</Button>
              </Link>
              <Link to="/user/login">
                <Button type="primary">登录</Button>
              </Link>
            </div>
          )}
        </div>
      </header>
      <div style={{ flex: 1 }}>{children}</div>
      <footer style={{ padding: '24px 0' }}>
        <Copyright />
      </footer>
    </div>
  );
}
