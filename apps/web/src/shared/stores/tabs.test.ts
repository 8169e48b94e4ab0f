import { beforeEach, describe, expect, it } from 'vitest';
import { HOME_TAB_CLOSE_MESSAGE, LAST_TAB_CLOSE_MESSAGE, useTabsStore } from './tabs.ts';

const home = { key: '/dashboard/analysis', path: '/dashboard/analysis', title: '首页' };
const todo = { key: '/workflow/todo', path: '/workflow/todo', title: '我的待办' };

describe('workspace tabs (§2, §4)', () => {
  beforeEach(() => {
    useTabsStore.getState().init(home);
  });

  it('refuses to close home with 首页不能关闭! and closes other tabs to their neighbour', () => {
    const store = useTabsStore.getState();
    store.open(todo, true);
    expect(store.close(home.key)).toEqual({ refused: HOME_TAB_CLOSE_MESSAGE });
    expect(HOME_TAB_CLOSE_MESSAGE).toBe('首页不能关闭!');
    expect(useTabsStore.getState().close(todo.key)).toEqual({ next: home.key });
    expect(useTabsStore.getState().tabs.map((t) => t.title)).toEqual(['首页']);
  });

  it('without a home tab (userEnd 3) refuses to close the last one with 这是最后一页，不能再关闭了', () => {
    useTabsStore.getState().init(null);
    useTabsStore.getState().open(todo, true);
    expect(useTabsStore.getState().close(todo.key)).toEqual({ refused: LAST_TAB_CLOSE_MESSAGE });
  });
});
