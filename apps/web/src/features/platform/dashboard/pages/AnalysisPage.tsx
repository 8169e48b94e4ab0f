import { UserOutlined } from '@ant-design/icons';
import { PERMISSIONS } from '@aps/shared/constants';
import { Avatar, Card, Empty, Skeleton, Space, theme } from 'antd';
import dayjs from 'dayjs';
import { Component, lazy, type ReactNode, Suspense } from 'react';
import { getRouteTable } from '../../../../app/guard.ts';
import type { AppRoute } from '../../../../app/routeTable.ts';
import { MenuIcon } from '../../../../layouts/MenuIcon.tsx';
import { useCan } from '../../../../shared/auth/Can.tsx';
import { navigateQuietly } from '../../../../shared/navigation.ts';
import { greeting } from '../../auth/greeting.ts';
import { useSessionStore } from '../../auth/store.ts';

// 采购概览 (issue 14 §10) only for users who may list packages; lazily, so that the home page's first paint and every
// other user never load the procurement feature or echarts.
const BuyerOverview = lazy(() => import('../../../procurement/dashboard/components/BuyerOverview.tsx'));
// 结算台账 totals (issue 16) for holders of ledger:list, lazily as the overview.
const LedgerCard = lazy(() => import('../../../procurement/settlement/components/LedgerCard.tsx'));

/**
 * The workspace home (/dashboard/analysis, 首页): who is signed in, and the areas they may open. It mounts afresh on
 * every visit (not kept alive), so the heading and subtitle are plain elements styled like antd's Typography: the
 * Typography component's CSS variables would be added to the document on each visit and removed on leaving, each
 * time restyling the whole page.
 */
export default function AnalysisPage() {
  const { token } = theme.useToken();
  const user = useSessionStore((s) => s.userInfo);
  // Subscribed so that the tiles follow a department switch or a new sign-in.
  useSessionStore((s) => s.permissions);
  const table = getRouteTable();
  const realname = user?.realname || user?.username || '';
  const now = dayjs();
  const subtitle = [user?.orgCodeTxt, now.format('YYYY年M月D日 dddd')].filter(Boolean).join(' · ');
  const areas = (table?.routes ?? []).filter((r) => !r.hidden && r.path !== table?.home);
  const buyer = useCan(PERMISSIONS.purchasePackage.list);
  const ledger = useCan(PERMISSIONS.ledger.list);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card variant="borderless">
        <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
          <Avatar size={56} icon={<UserOutlined />} style={{ flex: 'none', backgroundColor: '#278bf7' }} />
          <div>
            <h4
              style={{
                margin: '0 0 4px',
                fontSize: token.fontSizeHeading4,
                lineHeight: token.lineHeightHeading4,
                fontWeight: token.fontWeightStrong,
                color: token.colorTextHeading,
                wordBreak: 'break-word',
              }}
            >
              欢迎，{realname}
            </h4>
            <span style={{ color: token.colorTextDescription, wordBreak: 'break-word' }}>
              {greeting(now.hour())}，{subtitle}
            </span>
          </div>
        </div>
      </Card>
      {buyer ? (
        <OverviewBoundary>
          <Suspense
            fallback={
              <Card variant="borderless" title="采购概览">
                <Skeleton active paragraph={{ rows: 8 }} />
              </Card>
            }
          >
            <BuyerOverview />
          </Suspense>
        </OverviewBoundary>
      ) : null}
      {ledger ? (
        <OverviewBoundary>
          <Suspense fallback={<Card variant="borderless" title="结算台账" loading />}>
            <LedgerCard />
          </Suspense>
        </OverviewBoundary>
      ) : null}
      <Card variant="borderless" title="我的功能菜单">
        {areas.length === 0 ? (
          <Empty description="暂无可用菜单" />
        ) : (
          <ul
            aria-label="我的功能菜单"
            style={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
              gap: 16,
              listStyle: 'none',
              margin: 0,
              padding: 0,
            }}
          >
            {areas.map((route) => (
              <MenuTile key={route.path} route={route} />
            ))}
          </ul>
        )}
      </Card>
    </Space>
  );
}

/**
 * The overview is optional on the home page: if its code cannot be loaded (offline, a new deployment), it says so in
 * its place and the page (welcome, menu tiles, header) stays usable, instead of the route's error page.
 */
class OverviewBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Card variant="borderless" title="采购概览">
        <Empty description="采购概览加载失败，请刷新页面重试" />
      </Card>
    );
  }
}

function MenuTile({ route }: { route: AppRoute }) {
  const { token } = theme.useToken();
  const count = route.children.filter((child) => !child.hidden).length;
  const open = () => {
    if (route.external && route.url) window.open(route.url, '_blank', 'noopener');
    else navigateQuietly(route.path);
  };
  return (
    <li>
      <button
        type="button"
        onClick={open}
        style={{
          width: '100%',
          display: 'flex',
          alignItems: 'center',
          gap: 12,
          padding: '14px 16px',
          borderRadius: token.borderRadiusLG,
          background: '#f7faff',
          border: '1px solid #e6f0fd',
          cursor: 'pointer',
          textAlign: 'left',
          font: 'inherit',
        }}
      >
        <span
          style={{
            flex: 'none',
            width: 40,
            height: 40,
            borderRadius: 8,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            fontSize: 20,
            background: '#e6f1fe',
            color: token.colorPrimary,
          }}
        >
          <MenuIcon name={route.icon} />
        </span>
        <span style={{ minWidth: 0 }}>
          <h3
            style={{
              margin: 0,
              fontSize: token.fontSize,
              fontWeight: 600,
              color: token.colorTextHeading,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {route.title}
          </h3>
          <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
            {count > 0 ? `${count} 项功能` : route.external ? '外部链接' : '功能入口'}
          </span>
        </span>
      </button>
    </li>
  );
}
