import { create } from 'zustand';
import { STORAGE_KEYS, storage } from '../storage.ts';

/** One open page of the workspace (§2, §4), keyed by its full path (path + query). */
export interface TabItem {
  key: string;
  path: string;
  title: string;
  /** Component name of a keepAlive page: its state is kept under this name while a tab shows it. */
  cacheName?: string;
}

export const HOME_TAB_CLOSE_MESSAGE = '首页不能关闭!';
export const LAST_TAB_CLOSE_MESSAGE = '这是最后一页，不能再关闭了';

export interface TabsState {
  tabs: TabItem[];
  activeKey: string;
  /** Key of the pinned home tab, or null (userEnd 3 has none). */
  homeKey: string | null;
  homeTab: TabItem | null;
  /** Component names whose page stays mounted (keep-alive). */
  cached: string[];
  /** Per component name: bumped by refresh so the page mounts anew. */
  generation: Record<string, number>;
  /** Starts the tab list of a session: the pinned home tab (when there is one) first. */
  init(home: TabItem | null): void;
  /** The route changed: activate its tab, adding it when new. With multi-tab off only this page is kept. */
  open(tab: TabItem, multiTab: boolean): void;
  /** Closes a tab; returns the refusal message, or the key to navigate to when the active tab was closed. */
  close(key: string): { refused: string } | { next: string | null };
  closeLeft(key: string): string | null;
  closeRight(key: string): string | null;
  closeOthers(key: string): string | null;
  /** Drops the page's kept state and mounts it again. */
  refresh(key: string): void;
  reset(): void;
}

function cachedOf(tabs: TabItem[], previous: string[] = []): string[] {
  const names = [...new Set(tabs.flatMap((t) => (t.cacheName ? [t.cacheName] : [])))];
  // The same array when nothing changed, so the content area does not re-render for it.
  return names.length === previous.length && names.every((n, i) => n === previous[i]) ? previous : names;
}

let persisted = '';
/** The kept page names, stored (§4: logout removes them) only when they change. */
function persistCache(cached: string[]) {
  const value = JSON.stringify(cached);
  if (value === persisted) return;
  persisted = value;
  storage.set(STORAGE_KEYS.keepAlive, cached);
}

export const useTabsStore = create<TabsState>((set, get) => {
  /** Keeps `tabs`, recomputes the cache, and activates `activate` when the active tab is gone. */
  const keep = (tabs: TabItem[], activate: string): string | null => {
    const { activeKey } = get();
    const stillOpen = tabs.some((t) => t.key === activeKey);
    const cached = cachedOf(tabs, get().cached);
    persistCache(cached);
    set({ tabs, cached, activeKey: stillOpen ? activeKey : activate });
    return stillOpen ? null : activate;
  };

  return {
    tabs: [],
    activeKey: '',
    homeKey: null,
    homeTab: null,
    cached: [],
    generation: {},

    init(home) {
      persisted = '';
      persistCache([]);
      set({
        tabs: home ? [home] : [],
        homeKey: home?.key ?? null,
        homeTab: home,
        activeKey: '',
        cached: [],
        generation: {},
      });
    },

    open(tab, multiTab) {
      const { tabs, homeTab } = get();
      let next: TabItem[];
      if (!multiTab) {
        next = [tab];
      } else if (tabs.some((t) => t.key === tab.key)) {
        next = tabs.map((t) =>
          t.key === tab.key && (t.title !== tab.title || t.cacheName !== tab.cacheName)
            ? { ...t, title: tab.title, cacheName: tab.cacheName }
            : t,
        );
      } else {
        next = [...tabs, tab];
      }
      // Home is always the first tab (back after multi-tab mode was off).
      if (multiTab && homeTab && !next.some((t) => t.key === homeTab.key)) next = [homeTab, ...next];
      const cached = cachedOf(next, get().cached);
      persistCache(cached);
      const same = next.length === tabs.length && next.every((t, i) => t === tabs[i]) && get().activeKey === tab.key;
      if (!same) set({ tabs: next, activeKey: tab.key, cached });
    },

    close(key) {
      const { tabs, homeKey, activeKey } = get();
      if (key === homeKey) return { refused: HOME_TAB_CLOSE_MESSAGE };
      if (tabs.length <= 1) return { refused: LAST_TAB_CLOSE_MESSAGE };
      const index = tabs.findIndex((t) => t.key === key);
      if (index < 0) return { next: null };
      const rest = tabs.filter((t) => t.key !== key);
      // The neighbour: the tab that takes its place, or the new last one.
      const neighbour = rest[Math.min(index, rest.length - 1)];
      const closed = tabs[index];
      const generation = { ...get().generation };
      if (closed?.cacheName && !rest.some((t) => t.cacheName === closed.cacheName)) delete generation[closed.cacheName];
      set({ generation });
      const next = keep(rest, key === activeKey && neighbour ? neighbour.key : activeKey);
      return { next };
    },

    closeLeft(key) {
      const { tabs, homeKey } = get();
      const index = tabs.findIndex((t) => t.key === key);
      return keep(
        tabs.filter((t, i) => i >= index || t.key === homeKey),
        key,
      );
    },

    closeRight(key) {
      const { tabs, homeKey } = get();
      const index = tabs.findIndex((t) => t.key === key);
      return keep(
        tabs.filter((t, i) => i <= index || t.key === homeKey),
        key,
      );
    },

    closeOthers(key) {
      const { tabs, homeKey } = get();
      return keep(
        tabs.filter((t) => t.key === key || t.key === homeKey),
        key,
      );
    },

    refresh(key) {
      const { tabs, generation } = get();
      const tab = tabs.find((t) => t.key === key);
      const name = tab?.cacheName ?? `path:${key}`;
      set({ generation: { ...generation, [name]: (generation[name] ?? 0) + 1 } });
    },

    reset() {
      persistCache([]);
      set({ tabs: [], activeKey: '', homeKey: null, homeTab: null, cached: [], generation: {} });
    },
  };
});
