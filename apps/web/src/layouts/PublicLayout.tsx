import { theme } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Copyright } from '../shared/ui/Copyright.tsx';
import { Logo } from '../shared/ui/Logo.tsx';

const BACKGROUND =
  'radial-gradient(circle at 12% 8%, rgba(39,139,247,0.16), transparent 42%), ' +
  'radial-gradient(circle at 88% 92%, rgba(39,139,247,0.12), transparent 40%), #f0f4fa';

/**
 * The login layout of the public pages (/user/*, /register, /oauth2-app): the logo leads to /home (§2), a centred
 * card, the copyright.
 */
export function PublicLayout({
  title,
  subtitle,
  width = 560,
  children,
}: {
  title: string;
  subtitle?: string;
  width?: number;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <main
      style={{
        minHeight: '100%',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 28,
        padding: '40px 16px 24px',
        boxSizing: 'border-box',
        background: BACKGROUND,
      }}
    >
      <Link
        to="/home"
        aria-label="返回门户首页"
        style={{ display: 'flex', alignItems: 'center', gap: 12, textDecoration: 'none' }}
      >
        <Logo size={40} />
        <span style={{ fontSize: 22, fontWeight: 600, letterSpacing: 1, color: token.colorTextHeading }}>
          全流程数字化采购平台
        </span>
      </Link>
      <section
        aria-labelledby="public-title"
        style={{
          width: '100%',
          maxWidth: width,
          boxSizing: 'border-box',
          padding: '32px 36px 28px',
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG * 1.5,
          boxShadow: '0 12px 32px rgba(22, 65, 120, 0.10)',
        }}
      >
        <header style={{ marginBottom: 24 }}>
          <h1 id="public-title" style={{ margin: 0, fontSize: 22, fontWeight: 600, color: token.colorTextHeading }}>
            {title}
          </h1>
          {subtitle && <p style={{ margin: '8px 0 0', color: token.colorTextSecondary }}>{subtitle}</p>}
        </header>
        {children}
      </section>
      <Copyright />
    </main>
  );
}
