import { Menu, type MenuProps } from 'antd';
import { memo, useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { AppRoute } from '../app/routeTable.ts';
import { preloadView } from '../app/views.ts';
import { navigateQuietly } from '../shared/navigation.ts';
import { MenuIcon } from './MenuIcon.tsx';
import { useRouterLocationValue } from './routerLocation.ts';

type MenuItem = Required<MenuProps>['items'][number];

function hasVisibleChildren(route: AppRoute): boolean {
  return route.children.some((c) => !c.hidden);
}

/** A route with alwaysShow (its redirect is itself) is a leaf of the menu even when it has children. */
function isLeaf(route: AppRoute): boolean {
  return !hasVisibleChildren(route) || route.redirect === route.path;
}

function toItems(routes: AppRoute[], top: boolean): MenuItem[] {
  return routes
    .filter((r) => !r.hidden)
    .map((r) => {
      const icon = top || r.icon ? <MenuIcon key="icon" name={r.icon} /> : undefined;
      if (isLeaf(r)) {
        // Hovering an entry loads its page's code, so the click shows the page at once.
        const onMouseEnter = () => r.kind === 'view' && preloadView(r.component);
        return { key: r.path, icon, label: r.title, title: r.title, onMouseEnter };
      }
      return { key: r.path, icon, label: r.title, children: toItems(r.children, false) };
    });
}

/** The menu entry to highlight for a route: itself, or its nearest visible ancestor when it is hidden. */
function selectedKeyOf(route: AppRoute | undefined): string | undefined {
  if (!route) return undefined;
  if (!route.hidden) return route.path;
  return [...route.parents].reverse().find((p) => !p.hidden)?.path;
}

export interface NavMenuProps {
  routes: AppRoute[];
  byPath: Map<string, AppRoute>;
  mode: 'inline' | 'horizontal';
  theme: 'light' | 'dark';
  collapsed?: boolean;
  /** After a click (the mobile drawer closes). */
  onNavigate?: () => void;
}

/**
 * The side or top menu drawn from the user's menu tree (§2 "Header and menu"), marking the current route's item.
 * The page comes first: after a route change the menu marks the new item in a render of its own, right after the new
 * page is on screen, rather than re-rendering all its items on the way from a click to the page.
 */
export const NavMenu = memo(function NavMenu(props: NavMenuProps) {
  const pathname = useRouterLocationValue((location) => location.pathname);
  const current = useDeferredValue(props.byPath.get(pathname));
  return <MenuView {...props} current={current} />;
});

const MenuView = memo(function MenuView({
  routes,
  byPath,
  current,
  mode,
  theme,
  collapsed,
  onNavigate,
}: NavMenuProps & { current: AppRoute | undefined }) {
  const items = useMemo(() => toItems(routes, true), [routes]);
  const parentKeys = useMemo(() => current?.parents.map((p) => p.path) ?? [], [current]);
  const [openKeys, setOpenKeys] = useState<string[]>(parentKeys);

  // Following a route opens its submenu (keeping the ones the user opened); the same keys keep the same array, so
  // that the menu does not render again for nothing.
  useEffect(() => {
    if (!collapsed) {
      setOpenKeys((keys) => {
        const next = [...new Set([...keys, ...parentKeys])];
        return next.length === keys.length ? keys : next;
      });
    }
  }, [parentKeys, collapsed]);

  const selected = selectedKeyOf(current);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const route = byPath.get(key);
    onNavigate?.();
    // External items open in a new browser tab; iframe items and pages navigate to their path.
    if (route?.external && route.url) {
      window.open(route.url, '_blank', 'noopener');
      return;
    }
    navigateQuietly(key, { flushSync: true });
  };

  return (
    <Menu
      mode={mode}
      theme={theme}
      items={items}
      selectedKeys={selected ? [selected] : []}
      {...(mode === 'inline' && !collapsed ? { openKeys, onOpenChange: setOpenKeys } : {})}
      inlineCollapsed={mode === 'inline' ? collapsed : undefined}
      // An item's title tooltip only shows on the collapsed side menu: without it, the items do not render a
      // Tooltip each, which a route change (a new selected item) re-renders.
      tooltip={mode === 'inline' && collapsed ? undefined : false}
      onClick={onClick}
      style={{
        borderInlineEnd: 'none',
        ...(mode === 'horizontal' ? { flex: 1, minWidth: 0, lineHeight: '62px' } : {}),
      }}
    />
  );
});
