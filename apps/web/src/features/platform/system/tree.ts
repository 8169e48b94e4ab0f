/** A node of a checkable tree (menus and buttons, departments). */
export interface TreeLike {
  key: string;
  children?: TreeLike[];
}

export interface TreeIndex {
  parent: Map<string, string | null>;
  children: Map<string, string[]>;
  all: string[];
}

export function indexTree(nodes: readonly TreeLike[]): TreeIndex {
  const parent = new Map<string, string | null>();
  const children = new Map<string, string[]>();
  const all: string[] = [];
  const walk = (list: readonly TreeLike[], up: string | null) => {
    for (const n of list) {
      parent.set(n.key, up);
      children.set(
        n.key,
        (n.children ?? []).map((c) => c.key),
      );
      all.push(n.key);
      walk(n.children ?? [], n.key);
    }
  };
  walk(nodes, null);
  return { parent, children, all };
}

function descendants(index: TreeIndex, key: string): string[] {
  const out: string[] = [];
  const stack = [...(index.children.get(key) ?? [])];
  while (stack.length) {
    const k = stack.pop() as string;
    out.push(k);
    stack.push(...(index.children.get(k) ?? []));
  }
  return out;
}

function ancestors(index: TreeIndex, key: string): string[] {
  const out: string[] = [];
  let up = index.parent.get(key) ?? null;
  while (up) {
    out.push(up);
    up = index.parent.get(up) ?? null;
  }
  return out;
}

/**
 * Granting in a menu tree (checkStrictly, "父子关联"): checking a node checks it, everything under it and
 * everything above it (a button needs its menu, a menu its parents); unchecking a node unchecks it and everything
 * under it, and leaves its parents as they are (a menu may be granted without its buttons).
 */
export function toggleGrant(index: TreeIndex, checked: readonly string[], key: string, on: boolean): string[] {
  const set = new Set(checked);
  const below = descendants(index, key);
  if (on) for (const k of [key, ...below, ...ancestors(index, key)]) set.add(k);
  else for (const k of [key, ...below]) set.delete(k);
  // Keep the tree's order so that saves are stable.
  return index.all.filter((k) => set.has(k));
}

/** Every key of a tree whose title contains the text, with their ancestors (to expand a search). */
export function keysMatching<T extends TreeLike & { title?: unknown }>(nodes: readonly T[], text: string): string[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [];
  const index = indexTree(nodes);
  const hits = new Set<string>();
  const walk = (list: readonly T[]) => {
    for (const n of list) {
      if (typeof n.title === 'string' && n.title.toLowerCase().includes(needle)) {
        hits.add(n.key);
        for (const a of ancestors(index, n.key)) hits.add(a);
      }
      walk((n.children ?? []) as T[]);
    }
  };
  walk(nodes);
  return index.all.filter((k) => hits.has(k));
}
