import type { ComponentType } from 'react';
import { type HydrationState, type RouteObject, redirect } from 'react-router';
import LoginPage from '../features/platform/auth/pages/LoginPage.tsx';
import { LOGIN_PATH } from '../features/platform/auth/session.ts';
import { loadChunk } from '../shared/chunk.ts';
import { BootSplash } from './BootSplash.tsx';
import { NOT_FOUND_PATH, needsGuard, skipWhenSignedIn, workspaceGuard } from './guard.ts';
import { RouteError } from './RouteError.tsx';

/** §2: `/` leads to /home in production and test, to /user/login in development. */
export const ROOT_REDIRECT = import.meta.env.DEV ? '/user/login' : '/home';

export const LOGIN_ROUTE_ID = 'login';

/**
 * The router's state when nobody is signed in: the login page's guard (skipWhenSignedIn) has nothing to wait for and
 * lets the visitor through, so the router starts with that answer and the first render already shows the page.
 */
export const SIGNED_OUT_HYDRATION: HydrationState = { loaderData: { [LOGIN_ROUTE_ID]: null } };

/** A lazily loaded page: the route's Component comes from the module's default export. */
const page = (load: () => Promise<{ default: ComponentType }>) => ({
  lazy: {
    // biome-ignore lint/correctness/noComponentHookFactories: a lazy loader returning the page, not a component.
    Component: async () => (await loadChunk(load)).default,
  },
});

// Each page is its own chunk (route-level code splitting), but for the login page: the first page anyone loads is
// part of the entry, drawn without antd and kept light (and pre-rendered into the HTML, app/prerender.tsx). antd's
// providers (app/AppProviders.tsx) are a layout route around every other page, loaded with the first of them. The
// workspace (base route "dashboard") guards every other path and renders the user's menu routes (app/routeTable.ts)
// inside the layout; unknown paths end on /404.
export const routes: RouteObject[] = [
  {
    id: 'root',
    HydrateFallback: BootSplash,
    ErrorBoundary: RouteError,
    children: [
      { index: true, loader: () => redirect(ROOT_REDIRECT) },
      { path: '/user', loader: () => redirect(LOGIN_PATH) },
      { id: LOGIN_ROUTE_ID, path: LOGIN_PATH, loader: skipWhenSignedIn, Component: LoginPage },
      { path: '/oauth2-app', loader: () => redirect('/oauth2-app/login') },
      { path: '/test', loader: () => redirect('/test/home') },
      {
        id: 'app',
        ...page(() => import('./AppProviders.tsx')),
        children: [
          {
            path: '/user/register-result',
            ...page(() => import('../features/platform/public/pages/RegisterResultPage.tsx')),
          },
          { path: '/user/alteration', ...page(() => import('../features/platform/public/pages/AlterationPage.tsx')) },
          { path: '/user/forget', ...page(() => import('../features/platform/public/pages/ForgetPasswordPage.tsx')) },
          {
            path: '/oauth2-app/login',
            loader: skipWhenSignedIn,
            ...page(() => import('../features/platform/public/pages/OAuth2AppLoginPage.tsx')),
          },
          {
            path: '/register',
            loader: skipWhenSignedIn,
            ...page(() => import('../features/platform/public/pages/RegisterPage.tsx')),
          },
          { path: '/home', ...page(() => import('../features/platform/public/pages/HomePage.tsx')) },
          { path: '/homeNav', ...page(() => import('../features/platform/public/pages/HomeNavPage.tsx')) },
          { path: '/moreHelp', ...page(() => import('../features/platform/qa/pages/MoreHelpPage.tsx')) },
          { path: '/test/home', ...page(() => import('../features/platform/public/pages/TestHomePage.tsx')) },
          { path: NOT_FOUND_PATH, ...page(() => import('../features/platform/exception/pages/NotFoundPage.tsx')) },
          {
            // The base route, named dashboard and titled 首页 (§2): the server menu's routes live under it.
            id: 'dashboard',
            path: '/',
            loader: workspaceGuard,
            shouldRevalidate: ({ currentUrl, nextUrl }) => needsGuard(currentUrl, nextUrl),
            ...page(() => import('../layouts/BasicLayout.tsx')),
            children: [{ path: '*', Component: null }],
          },
        ],
      },
    ],
  },
];
