import { Link } from 'react-router';
import { Logo } from './Logo.tsx';

export interface LogoTitleProps {
  /** Where the logo leads: the workspace home (the route named dashboard) by default, /home on the login layout. */
  to: string;
  collapsed?: boolean;
  dark?: boolean;
  /** In the header row (top menu, mobile) rather than on top of the side menu. */
  inline?: boolean;
  iconOnly?: boolean;
}

/** The product mark and name, linked (§2: "Logo links to the route named dashboard by default"). */
export function LogoTitle({ to, collapsed, dark, inline, iconOnly }: LogoTitleProps) {
  const showTitle = !collapsed && !iconOnly;
  return (
    <Link
      to={to}
      aria-label="全流程数字化采购平台 首页"
      className="aps-logo"
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 10,
        height: 64,
        padding: inline ? '0 20px 0 16px' : collapsed ? '0 17px' : '0 16px',
        justifyContent: collapsed ? 'center' : 'flex-start',
        overflow: 'hidden',
        whiteSpace: 'nowrap',
        flex: 'none',
        textDecoration: 'none',
      }}
    >
      <span style={{ flex: 'none' }}>
        <Logo size={30} />
      </span>
      {showTitle && (
        <span
          style={{
            fontSize: 15,
            fontWeight: 600,
            letterSpacing: 0.5,
            color: dark ? '#fff' : 'rgba(0,0,0,0.88)',
          }}
        >
          全流程数字化采购平台
        </span>
      )}
    </Link>
  );
}
