import type { AuthEntry, MenuNode } from '@aps/shared';

export type PermissionRow = {
  id: string;
  parentId: string | null;
  name: string;
  url: string | null;
  component: string | null;
  componentName: string | null;
  redirect: string | null;
  menuType: number;
  perms: string | null;
  permsType: string;
  sortNo: number;
  alwaysShow: boolean;
  icon: string | null;
  isRoute: boolean;
  keepAlive: boolean;
  hidden: boolean;
  internalOrExternal: boolean;
  status: string;
};

export const MENU_TYPE = { topMenu: 0, subMenu: 1, button: 2 } as const;

/** Route name from a path: "/isps/userAnnouncement" → "isps-userAnnouncement". External URLs get a safe name. */
export function routeName(url: string | null, id: string): string {
  if (!url) return `menu-${id}`;
  if (/^https?:\/\//.test(url)) return `external-${id}`;
  return url.replace(/^\//, '').replace(/[/:.?=&]+/g, '-') || `menu-${id}`;
}

export function toAuthEntry(row: PermissionRow): AuthEntry {
  return { action: row.perms ?? '', type: row.permsType, describe: row.name, status: row.status };
}

/**
 * Builds the menu tree the client turns into routes (§2, §4): menus sorted by sortNo, each with the
 * buttons under it as meta.permissionList; a parent whose children are all hidden becomes hidden.
 */
export function buildMenuTree(rows: PermissionRow[]): MenuNode[] {
  const menus = rows.filter((r) => r.menuType !== MENU_TYPE.button).sort((a, b) => a.sortNo - b.sortNo);
  const buttonsByParent = new Map<string, AuthEntry[]>();
  for (const r of rows) {
    if (r.menuType === MENU_TYPE.button && r.parentId && r.perms) {
      const list = buttonsByParent.get(r.parentId) ?? [];
      list.push(toAuthEntry(r));
      buttonsByParent.set(r.parentId, list);
    }
  }
  const ids = new Set(menus.map((m) => m.id));
  const nodes = new Map<string, MenuNode>();
  for (const m of menus) {
    const external = m.internalOrExternal || /^https?:\/\//.test(m.url ?? '');
    nodes.set(m.id, {
      id: m.id,
      path: m.url ?? '',
      name: routeName(m.url, m.id),
      component: m.component ?? '',
      redirect: m.redirect,
      hidden: m.hidden,
      alwaysShow: m.alwaysShow,
      route: m.isRoute ? '1' : '0',
      meta: {
        title: m.name,
        icon: m.icon,
        url: external ? m.url : null,
        permissionList: buttonsByParent.get(m.id) ?? [],
        keepAlive: m.keepAlive,
        internalOrExternal: m.internalOrExternal,
        componentName: m.componentName,
      },
    });
  }
  const roots: MenuNode[] = [];
  for (const m of menus) {
    const node = nodes.get(m.id);
    if (!node) continue;
    const parent = m.parentId && ids.has(m.parentId) ? nodes.get(m.parentId) : undefined;
    if (parent) {
      parent.children ??= [];
      parent.children.push(node);
    } else if (!m.parentId) roots.push(node);
    // A menu whose parent the user was not granted is dropped: it has nowhere to hang.
  }
  hideParentsOfHiddenChildren(roots);
  return roots;
}

function hideParentsOfHiddenChildren(nodes: MenuNode[]): void {
  for (const node of nodes) {
    if (node.children?.length) {
      hideParentsOfHiddenChildren(node.children);
      if (node.children.every((c) => c.hidden)) node.hidden = true;
    }
  }
}
