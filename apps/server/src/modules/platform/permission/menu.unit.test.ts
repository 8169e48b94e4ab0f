import { describe, expect, it } from 'vitest';
import { buildMenuTree, type PermissionRow, routeName } from './menu.ts';

const row = (id: string, over: Partial<PermissionRow> = {}): PermissionRow => ({
  id,
  parentId: null,
  name: id,
  url: `/${id}`,
  component: `${id}/Index`,
  componentName: null,
  redirect: null,
  menuType: 0,
  perms: null,
  permsType: '1',
  sortNo: 1,
  alwaysShow: false,
  icon: null,
  isRoute: true,
  keepAlive: false,
  hidden: false,
  internalOrExternal: false,
  status: '1',
  ...over,
});

describe('buildMenuTree', () => {
  it('nests by parent and sorts by sortNo', () => {
    const tree = buildMenuTree([
      row('b', { sortNo: 2 }),
      row('a', { sortNo: 1 }),
      row('a2', { parentId: 'a', menuType: 1, sortNo: 2, url: '/a/two' }),
      row('a1', { parentId: 'a', menuType: 1, sortNo: 1, url: '/a/one' }),
    ]);
    expect(tree.map((n) => n.path)).toEqual(['/a', '/b']);
    expect(tree[0]?.children?.map((n) => n.name)).toEqual(['a-one', 'a-two']);
  });

  it('hides a parent whose children are all hidden, but not one with a visible child', () => {
    const tree = buildMenuTree([
      row('p'),
      row('c1', { parentId: 'p', menuType: 1, hidden: true }),
      row('c2', { parentId: 'p', menuType: 1, hidden: true }),
      row('q'),
      row('d1', { parentId: 'q', menuType: 1, hidden: true }),
      row('d2', { parentId: 'q', menuType: 1 }),
      row('leaf'),
    ]);
    expect(tree.map((n) => [n.path, n.hidden])).toEqual([
      ['/p', true],
      ['/q', false],
      ['/leaf', false],
    ]);
  });

  it('applies the rule through several levels', () => {
    const tree = buildMenuTree([
      row('g'),
      row('p', { parentId: 'g', menuType: 1 }),
      row('c', { parentId: 'p', menuType: 1, hidden: true }),
    ]);
    expect(tree[0]?.hidden).toBe(true);
  });

  it('puts buttons in meta.permissionList, not in the tree', () => {
    const tree = buildMenuTree([row('m'), row('btn', { parentId: 'm', menuType: 2, perms: 'x:add', name: '新增' })]);
    expect(tree[0]?.children).toBeUndefined();
    expect(tree[0]?.meta.permissionList).toEqual([{ action: 'x:add', type: '1', describe: '新增', status: '1' }]);
  });

  it('drops a menu whose parent was not granted', () => {
    expect(buildMenuTree([row('orphan', { parentId: 'missing', menuType: 1 })])).toEqual([]);
  });

  it('marks external links and keeps their url', () => {
    const [node] = buildMenuTree([row('x', { url: 'https://example.com/a', internalOrExternal: true })]);
    expect(node?.meta).toMatchObject({ url: 'https://example.com/a', internalOrExternal: true });
    expect(node?.name).toBe('external-x');
  });

  it('gives route "0" for a non-route menu', () => {
    expect(buildMenuTree([row('n', { isRoute: false })])[0]?.route).toBe('0');
  });
});

describe('routeName', () => {
  it.each([
    ['/isps/userAnnouncement', 'isps-userAnnouncement'],
    ['/system/user', 'system-user'],
    ['/a/:id', 'a-id'],
  ])('%s → %s', (url, name) => {
    expect(routeName(url, 'id')).toBe(name);
  });
});
