import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, type ThemeConfig } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { memo, useMemo } from 'react';
import { Outlet } from 'react-router';
import { clearSession, loginPathFor } from '../features/platform/auth/session.ts';
import { appRouter, navigateQuietly } from '../shared/navigation.ts';
import { usePrefersReducedMotion } from '../shared/reducedMotion.ts';
import { useSettingsStore } from '../shared/stores/settings.ts';
import { LightApp } from './LightApp.tsx';
import { createQueryClient } from './queryClient.ts';

export function themeFor(primaryColor: string, motion = true): ThemeConfig {
  return {
    token: { colorPrimary: primaryColor, colorInfo: primaryColor, colorLink: primaryColor, borderRadius: 6, motion },
  };
}

/** Default theme (§9 primary colour #278bf7). */
export const theme: ThemeConfig = themeFor('#278bf7');

/** One client for the life of the page (it outlives the layout when the login page is shown in between). */
const queryClient = createQueryClient(() => {
  // The server no longer accepts the token: drop it and sign in again, coming back to the same page.
  clearSession();
  queryClient.clear();
  const { pathname, search } = appRouter().state.location;
  navigateQuietly(loginPathFor(pathname + search), { replace: true });
});

/**
 * antd's theme and locale, App.useApp() and TanStack Query for every page but the login page, which is drawn
 * without antd so that the first page anyone loads stays light (app/router.tsx loads this layout with the first
 * other page). Memoised: a router state change that keeps the location (a navigation starting) does not re-render
 * the pages below.
 */
export default memo(function AppProviders() {
  const primaryColor = useSettingsStore((s) => s.primaryColor);
  const reducedMotion = usePrefersReducedMotion();
  const themeConfig = useMemo(() => themeFor(primaryColor, !reducedMotion), [primaryColor, reducedMotion]);
  return (
    <ConfigProvider locale={zhCN} theme={themeConfig} button={{ autoInsertSpace: false }}>
      {/* App.useApp() gives themed message/notification; the workspace adds antd's full <App> (hook modals). */}
      <LightApp>
        <QueryClientProvider client={queryClient}>
          <Outlet />
        </QueryClientProvider>
      </LightApp>
    </ConfigProvider>
  );
});
