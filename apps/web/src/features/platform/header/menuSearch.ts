import type { MenuNode } from '@aps/shared';

export interface MenuEntry {
  /** Parent titles and the item's, e.g. 系统管理 / 用户管理. */
  label: string;
  title: string;
  path: string;
  /** Opens `url` in a new browser tab instead of navigating (§2 external flag). */
  external: boolean;
  url: string | null;
}

/** The pages of the user's menu the search can go to: visible leaves, skipping items whose route is "0". */
export function menuEntries(menus: readonly MenuNode[], parents: string[] = []): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const node of menus) {
    if (node.route === '0' || node.hidden) continue;
    const trail = [...parents, node.meta.title];
    const children = (node.children ?? []).filter((c) => !c.hidden && c.route !== '0');
    if (children.length > 0) {
      entries.push(...menuEntries(children, trail));
    } else {
      entries.push({
        label: trail.join(' / '),
        title: node.meta.title,
        path: node.path,
        external: node.meta.internalOrExternal,
        url: node.meta.url ?? (node.meta.internalOrExternal ? node.path : null),
      });
    }
  }
  return entries;
}

/** Entries whose title path contains the keyword (case-insensitive). */
export function searchMenu(entries: readonly MenuEntry[], keyword: string): MenuEntry[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return [...entries];
  return entries.filter((e) => e.label.toLowerCase().includes(k) || e.path.toLowerCase().includes(k));
}
