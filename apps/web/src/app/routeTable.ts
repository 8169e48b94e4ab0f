import type { AuthEntry, MenuNode } from '@aps/shared';

/** Home page of the workspace (§9), the redirect of the base route named dashboard. */
export const HOME_PATH = '/dashboard/analysis';
export const HOME_TITLE = '首页';
/** userEnd 3 (§1): no pinned home tab; the first menu entry redirects here. */
export const USER_END_3_HOME = '/purchaseannouncement/PurchaseAnnouncementTabs';

/**
 * How a menu component is shown:
 * - layout: from the layout area (`layouts/*`), renders nothing itself and leads to its first child;
 * - iframe: `layouts/IframePageView`, the iframe page showing meta.url;
 * - view: a page of the views area (app/views.ts), or the "建设中" page when there is none yet.
 */
export type RouteKind = 'layout' | 'iframe' | 'view';

export interface AppRoute {
  /** Absolute path; the key of the menu and of the route. */
  path: string;
  name: string;
  title: string;
  icon: string | null;
  component: string;
  kind: RouteKind;
  /** Where visiting this path leads instead (layouts, alwaysShow, userEnd 3's first entry). */
  redirect: string | null;
  hidden: boolean;
  keepAlive: boolean;
  /** The keep-alive key: the component name (meta.componentName, else the component). */
  cacheName: string;
  /** External link (opened in a new tab) or iframe source. */
  url: string | null;
  external: boolean;
  permissionList: AuthEntry[];
  children: AppRoute[];
  /** Ancestors from the top-level menu down to the parent (for the breadcrumb and open submenus). */
  parents: AppRoute[];
}

export interface RouteTable {
  /** The menu tree as routes (hidden ones included; menus filter them). */
  routes: AppRoute[];
  byPath: Map<string, AppRoute>;
  /** Where the base route (dashboard) leads: /dashboard/analysis, or for userEnd 3 the announcement tabs. */
  home: string;
  /** Whether home is pinned as the first, unclosable tab (not for userEnd 3). */
  pinHome: boolean;
}

export function isLayoutComponent(component: string): boolean {
  return component.includes('layouts');
}

export function isIframeComponent(component: string): boolean {
  return component.includes('IframePageView');
}

function isExternalUrl(path: string): boolean {
  return /^https?:\/\//i.test(path);
}

/**
 * Turns the server menu into the workspace's routes, following §2:
 * items whose route is "0" are skipped (with their subtree); an item with alwaysShow redirects to its own path;
 * layout components (`layouts/…`) lead to their redirect or first child; everything else is a view.
 */
export function buildRouteTable(menu: MenuNode[], userEnd: readonly string[] = []): RouteTable {
  const byPath = new Map<string, AppRoute>();
  const noHomeTab = userEnd.includes('3');

  const convert = (node: MenuNode, parents: AppRoute[]): AppRoute | null => {
    if (node.route === '0') return null;
    const component = node.component || '';
    const external = node.meta.internalOrExternal || isExternalUrl(node.path);
    const kind: RouteKind = isIframeComponent(component) ? 'iframe' : isLayoutComponent(component) ? 'layout' : 'view';
    const route: AppRoute = {
      path: node.path,
      name: node.name,
      title: node.meta.title,
      icon: node.meta.icon ?? null,
      component,
      kind,
      redirect: node.redirect || null,
      hidden: node.hidden,
      keepAlive: node.meta.keepAlive,
      cacheName: node.meta.componentName || component || node.path,
      url: node.meta.url ?? (external ? node.path : null),
      external,
      permissionList: node.meta.permissionList ?? [],
      children: [],
      parents,
    };
    const childParents = [...parents, route];
    for (const child of node.children ?? []) {
      const converted = convert(child, childParents);
      if (converted) route.children.push(converted);
    }
    if (node.alwaysShow) route.redirect = route.path;
    else if (kind === 'layout' && !route.redirect) {
      route.redirect = route.children.find((c) => !c.hidden)?.path ?? route.children[0]?.path ?? null;
    }
    if (route.path.startsWith('/') && !byPath.has(route.path)) byPath.set(route.path, route);
    return route;
  };

  const routes = menu.flatMap((node) => convert(node, []) ?? []);

  let home = HOME_PATH;
  if (noHomeTab) {
    // §1: for userEnd 3 the first menu entry redirects to the announcement tabs, which becomes home.
    const first = routes.find((r) => !r.hidden && !r.external);
    if (first && first.path !== USER_END_3_HOME) first.redirect = USER_END_3_HOME;
    home = USER_END_3_HOME;
  } else if (!byPath.has(HOME_PATH)) {
    home = firstPage(routes) ?? HOME_PATH;
  }
  return { routes, byPath, home, pinHome: !noHomeTab && byPath.has(HOME_PATH) };
}

/** The first visible page (not a layout) of the menu, depth first. */
function firstPage(routes: AppRoute[]): string | null {
  for (const r of routes) {
    if (r.hidden || r.external) continue;
    if (r.kind !== 'layout') return r.path;
    const inner = firstPage(r.children);
    if (inner) return inner;
  }
  return null;
}

/** Follows redirects from `path` (at most a few hops, so a loop in the menu data cannot hang the guard). */
export function resolveRedirect(table: RouteTable, path: string): string {
  let current = path;
  for (let hop = 0; hop < 5; hop++) {
    const route = table.byPath.get(current);
    if (!route?.redirect || route.redirect === current) return current;
    current = route.redirect;
  }
  return current;
}

/** The route shown for a path: itself, or for an unknown path nothing. */
export function routeFor(table: RouteTable | null, path: string): AppRoute | undefined {
  return table?.byPath.get(path);
}

/** Menus to draw: visible entries with routes, children filtered the same way. */
export function visibleMenu(routes: AppRoute[]): AppRoute[] {
  return routes.filter((r) => !r.hidden);
}
