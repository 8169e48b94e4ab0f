import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { App, Drawer, Layout, theme } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { lazy, memo, Suspense, useEffect, useState } from 'react';
import { getRouteTable, openTabFor } from '../app/guard.ts';
import { PageLoading } from '../app/PageLoading.tsx';
import type { RouteTable } from '../app/routeTable.ts';
import { useSessionStore } from '../features/platform/auth/store.ts';
import { HeaderActions } from '../features/platform/header/HeaderActions.tsx';
import { isSettingDrawerEnabled } from '../features/platform/settings/enabled.ts';
import { useAppStore, useDevice, useDeviceWatcher } from '../shared/stores/app.ts';
import { useSettingsStore } from '../shared/stores/settings.ts';
import { Copyright } from '../shared/ui/Copyright.tsx';
import { LogoTitle } from '../shared/ui/LogoTitle.tsx';
import { MultiTab } from './MultiTab.tsx';
import { NavMenu } from './NavMenu.tsx';
import { PageContent } from './PageContent.tsx';
import { PageHeader } from './PageHeader.tsx';
import { useRouterLocation, useRouterLocationValue } from './routerLocation.ts';
import './workspace.css';

dayjs.locale('zh-cn');

/** The header's right side re-renders only when the menu or the device changes. */
const HeaderRight = memo(HeaderActions);

const SettingDrawer = lazy(() => import('../features/platform/settings/SettingDrawer.tsx'));

export const PLATFORM_NAME = '全流程数字化采购平台';
const HEADER_HEIGHT = 64;
const SIDER_WIDTH = 220;
const SIDER_COLLAPSED_WIDTH = 64;

/** Hides the fixed header while the user scrolls down, shows it again on the way up (setting "下滑时隐藏 Header"). */
function useHeaderHidden(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) {
      setHidden(false);
      return;
    }
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (y > HEADER_HEIGHT + 36 && y > last) setHidden(true);
      else if (y < last) setHidden(false);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);
  return hidden;
}

/** The route of the current location in the user's route table (undefined outside the workspace). */
function useCurrentRoute(table: RouteTable) {
  const location = useRouterLocation();
  return { route: table.byPath.get(location.pathname), fullPath: location.pathname + location.search };
}

/** What follows the route without drawing anything: the document title and the tab of the page. */
function RouteEffects({ table, multiTab }: { table: RouteTable; multiTab: boolean }) {
  const { route, fullPath } = useCurrentRoute(table);
  // The document title: page title plus the platform name (§2).
  useEffect(() => {
    if (route) document.title = `${route.title} - ${PLATFORM_NAME}`;
  }, [route]);
  // Multi-tab mode switched (setting, or crossing the mobile breakpoint): off keeps only the current page, on
  // brings the home tab back in front of it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: multiTab is the trigger (openTabFor reads the stores).
  useEffect(() => {
    openTabFor(fullPath);
  }, [multiTab, fullPath]);
  return null;
}

function RoutePageHeader({ table }: { table: RouteTable }) {
  const { route } = useCurrentRoute(table);
  if (!route) return null;
  return <PageHeader route={route} home={table.home} homeTitle={table.byPath.get(table.home)?.title ?? '首页'} />;
}

function RouteContent({ table }: { table: RouteTable }) {
  const { route, fullPath } = useCurrentRoute(table);
  if (!route) return null;
  return <PageContent route={route} fullPath={fullPath} />;
}

/**
 * The workspace (§2): side or top menu, header, tabs, breadcrumb and the kept-alive content. A route change renders
 * only the parts that follow the route (menu, page header, page, title: they read the location themselves), not this
 * layout, which is also memoised against <RouterProvider>'s renders of the route tree.
 */
function BasicLayout() {
  useDeviceWatcher();
  const { token } = theme.useToken();
  const permissions = useSessionStore((s) => s.permissions);
  const settings = useSettingsStore();
  const { device, isMobile } = useDevice();
  const sidebarOpened = useAppStore((s) => s.sidebarOpened);
  const setSidebarOpened = useAppStore((s) => s.setSidebarOpened);
  const table = permissions ? getRouteTable() : null;
  const inTable = useRouterLocationValue((location) => Boolean(table?.byPath.has(location.pathname)));
  const multiTab = settings.multiTab && !isMobile;
  const headerHidden = useHeaderHidden(settings.fixedHeader && settings.autoHideHeader);

  // Leaving the workspace (sign-out): the public pages carry the platform name alone.
  useEffect(
    () => () => {
      document.title = PLATFORM_NAME;
    },
    [],
  );

  if (!table || !inTable) return <PageLoading />;

  const topMenu = settings.layout === 'topmenu' && !isMobile;
  const dark = settings.navTheme === 'dark';
  const collapsed = !sidebarOpened;
  const menuProps = { routes: table.routes, byPath: table.byPath, theme: settings.navTheme };
  const headerBg = topMenu && dark ? '#001529' : token.colorBgContainer;
  const fixedWidth = topMenu && settings.contentWidth === 'Fixed';
  const column = fixedWidth ? { maxWidth: 1200, margin: '0 auto', width: '100%' } : {};

  const trigger = (
    <button
      type="button"
      className="aps-header-trigger"
      aria-label={collapsed ? '展开菜单' : '收起菜单'}
      onClick={() => setSidebarOpened(collapsed)}
    >
      {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
    </button>
  );

  return (
    <App component={false}>
      <RouteEffects table={table} multiTab={multiTab} />
      <Layout className={`aps-workspace aps-${device}`} style={{ minHeight: '100vh' }}>
        {!topMenu && !isMobile && (
          <Layout.Sider
            className="aps-sider"
            theme={settings.navTheme}
            width={SIDER_WIDTH}
            collapsedWidth={SIDER_COLLAPSED_WIDTH}
            collapsed={collapsed}
            trigger={null}
            collapsible
            style={{
              boxShadow: dark ? '2px 0 8px rgba(0,21,41,0.35)' : '2px 0 8px rgba(29,35,41,0.05)',
              zIndex: 11,
              ...(settings.fixSiderbar
                ? { position: 'sticky', top: 0, height: '100vh', overflowY: 'auto', overflowX: 'hidden' }
                : {}),
            }}
          >
            <LogoTitle to={table.home} collapsed={collapsed} dark={dark} />
            <NavMenu {...menuProps} mode="inline" collapsed={collapsed} />
          </Layout.Sider>
        )}
        {isMobile && (
          <Drawer
            placement="left"
            open={sidebarOpened}
            onClose={() => setSidebarOpened(false)}
            size={SIDER_WIDTH}
            closable={false}
            styles={{ body: { padding: 0, background: dark ? '#001529' : token.colorBgContainer } }}
            title={null}
            rootClassName="aps-menu-drawer"
          >
            <nav aria-label="菜单">
              <LogoTitle to={table.home} dark={dark} />
              <NavMenu {...menuProps} mode="inline" onNavigate={() => setSidebarOpened(false)} />
            </nav>
          </Drawer>
        )}
        <Layout style={{ minWidth: 0 }}>
          <Layout.Header
            className="aps-header"
            style={{
              height: HEADER_HEIGHT,
              lineHeight: `${HEADER_HEIGHT}px`,
              padding: 0,
              background: headerBg,
              boxShadow: '0 1px 4px rgba(0,21,41,0.08)',
              zIndex: 10,
              transition: 'transform 0.2s',
              ...(settings.fixedHeader ? { position: 'sticky', top: 0 } : {}),
              ...(headerHidden ? { transform: `translateY(-${HEADER_HEIGHT}px)` } : {}),
            }}
          >
            <div style={{ display: 'flex', alignItems: 'center', height: '100%', ...column }}>
              {topMenu ? (
                <>
                  <LogoTitle to={table.home} dark={dark} inline />
                  <nav aria-label="菜单" style={{ flex: 1, minWidth: 0, display: 'flex' }}>
                    <NavMenu {...menuProps} mode="horizontal" />
                  </nav>
                </>
              ) : (
                <>
                  {isMobile && <LogoTitle to={table.home} inline iconOnly />}
                  {trigger}
                  <div style={{ flex: 1 }} />
                </>
              )}
              <HeaderRight menus={permissions?.menu ?? []} isMobile={isMobile} />
            </div>
          </Layout.Header>
          {multiTab && (
            <div
              className="aps-tabs-bar"
              style={{
                background: token.colorBgContainer,
                padding: '6px 16px 0',
                borderBottom: `1px solid ${token.colorBorderSecondary}`,
                ...(settings.fixedHeader && !headerHidden ? { position: 'sticky', top: HEADER_HEIGHT, zIndex: 9 } : {}),
              }}
            >
              <div style={column}>
                <MultiTab />
              </div>
            </div>
          )}
          <div style={{ ...column }}>
            <RoutePageHeader table={table} />
          </div>
          <Layout.Content style={{ padding: isMobile ? 12 : 24, ...column, boxSizing: 'border-box' }}>
            <RouteContent table={table} />
          </Layout.Content>
          <Layout.Footer style={{ background: 'transparent', padding: '8px 24px 24px' }}>
            <Copyright />
          </Layout.Footer>
        </Layout>
        {isSettingDrawerEnabled() && (
          <Suspense fallback={null}>
            <SettingDrawer />
          </Suspense>
        )}
      </Layout>
    </App>
  );
}

export default memo(BasicLayout);
