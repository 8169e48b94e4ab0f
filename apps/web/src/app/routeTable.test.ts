import type { MenuNode } from '@aps/shared';
import { describe, expect, it } from 'vitest';
import { isMourningDay, localDate } from './greyMode.ts';
import { buildRouteTable, HOME_PATH, resolveRedirect, USER_END_3_HOME } from './routeTable.ts';

function node(path: string, component: string, extra: Partial<MenuNode> = {}, children?: MenuNode[]): MenuNode {
  return {
    id: path,
    path,
    name: path.slice(1).replaceAll('/', '-'),
    component,
    redirect: null,
    hidden: false,
    alwaysShow: false,
    route: '1',
    meta: { title: path, keepAlive: false, internalOrExternal: false },
    ...extra,
    ...(children ? { children } : {}),
  };
}

const MENU: MenuNode[] = [
  node(HOME_PATH, 'dashboard/Analysis'),
  node('/purchase', 'layouts/RouteView', {}, [
    node('/purchase/plan', 'purchase/PlanList', {
      meta: { title: '采购计划', keepAlive: true, internalOrExternal: false },
    }),
    node(USER_END_3_HOME, 'purchaseannouncement/PurchaseAnnouncementTabs'),
  ]),
  node('/skipped', 'layouts/RouteView', { route: '0' }, [node('/skipped/child', 'x/Child')]),
  node('/always', 'layouts/RouteView', { alwaysShow: true }, [node('/always/child', 'x/Child')]),
  node('/docs', 'layouts/IframePageView', {
    meta: { title: '接口文档', keepAlive: false, internalOrExternal: true, url: null },
  }),
  node('/frame', 'layouts/IframePageView', {
    meta: { title: '内嵌', keepAlive: false, internalOrExternal: false, url: 'https://example.com/' },
  }),
];

describe('buildRouteTable (§2 dynamic routes)', () => {
  const table = buildRouteTable(MENU, ['1']);

  it('skips items whose route is "0", with their subtree', () => {
    expect(table.byPath.has('/skipped')).toBe(false);
    expect(table.byPath.has('/skipped/child')).toBe(false);
  });

  it('lets an alwaysShow item redirect to its own path', () => {
    expect(table.byPath.get('/always')?.redirect).toBe('/always');
    expect(resolveRedirect(table, '/always')).toBe('/always');
  });

  it('takes layouts from the layout area (leading to the first child) and other components as views', () => {
    expect(table.byPath.get('/purchase')?.kind).toBe('layout');
    expect(resolveRedirect(table, '/purchase')).toBe('/purchase/plan');
    expect(table.byPath.get('/purchase/plan')).toMatchObject({
      kind: 'view',
      keepAlive: true,
      cacheName: 'purchase/PlanList',
    });
    expect(table.byPath.get('/frame')).toMatchObject({ kind: 'iframe', url: 'https://example.com/', external: false });
    expect(table.byPath.get('/docs')).toMatchObject({ external: true, url: '/docs' });
  });

  it('records the parents of each route for the breadcrumb', () => {
    expect(table.byPath.get('/purchase/plan')?.parents.map((p) => p.path)).toEqual(['/purchase']);
  });

  it('pins home for ordinary users; userEnd 3 has no home tab and its first entry leads to the announcement tabs', () => {
    expect(table).toMatchObject({ home: HOME_PATH, pinHome: true });
    const supplier = buildRouteTable(MENU.slice(1), ['3']);
    expect(supplier).toMatchObject({ home: USER_END_3_HOME, pinHome: false });
    expect(resolveRedirect(supplier, '/purchase')).toBe(USER_END_3_HOME);
  });
});

describe('grey mode (§1)', () => {
  const items = [
    { value: '1', text: '2026-04-04' },
    { value: '2', text: '2026-12-13' },
    { value: '3', text: '2026-07-01' },
  ];

  it('matches today against the first two texts of the dictionary "color" only', () => {
    expect(isMourningDay(items, '2026-04-04')).toBe(true);
    expect(isMourningDay(items, '2026-12-13')).toBe(true);
    expect(isMourningDay(items, '2026-07-01')).toBe(false);
    expect(isMourningDay(undefined, '2026-04-04')).toBe(false);
  });

  it('formats the local date as YYYY-MM-DD', () => {
    expect(localDate(new Date(2026, 3, 4, 23, 59))).toBe('2026-04-04');
  });
});
