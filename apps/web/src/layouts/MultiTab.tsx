import { CloseOutlined, ReloadOutlined, VerticalLeftOutlined, VerticalRightOutlined } from '@ant-design/icons';
import { App, Dropdown, type MenuProps, Tabs } from 'antd';
import { memo } from 'react';
import { navigateQuietly } from '../shared/navigation.ts';
import { useTabsStore } from '../shared/stores/tabs.ts';

const CONTEXT_MENU: MenuProps['items'] = [
  { key: 'refresh', icon: <ReloadOutlined />, label: '刷新' },
  { type: 'divider' },
  { key: 'closeLeft', icon: <VerticalRightOutlined />, label: '关闭左侧' },
  { key: 'closeRight', icon: <VerticalLeftOutlined />, label: '关闭右侧' },
  { key: 'closeOthers', icon: <CloseOutlined />, label: '关闭其他' },
];

/** A tab's title with its right-click menu; memoised so a tab switch re-renders only the tab bar itself. */
const TabLabel = memo(function TabLabel({
  tabKey,
  title,
  onAction,
}: {
  tabKey: string;
  title: string;
  onAction: (key: string, action: string) => void;
}) {
  return (
    <Dropdown
      trigger={['contextMenu']}
      menu={{
        items: CONTEXT_MENU,
        onClick: ({ key, domEvent }) => {
          domEvent.stopPropagation();
          onAction(tabKey, key);
        },
      }}
    >
      <span data-tab-key={tabKey}>{title}</span>
    </Dropdown>
  );
});

/** Tab switches render at once (flushSync), not in time slices between frames. */
function go(key: string | null): void {
  if (key) navigateQuietly(key, { flushSync: true });
}

/** The right-click menu of a tab; one function for every (memoised) label. */
function onContextAction(key: string, action: string): void {
  const store = useTabsStore.getState();
  if (action === 'refresh') {
    if (key !== store.activeKey) go(key);
    store.refresh(key);
  } else if (action === 'closeLeft') go(store.closeLeft(key));
  else if (action === 'closeRight') go(store.closeRight(key));
  else if (action === 'closeOthers') go(store.closeOthers(key));
}

/**
 * The workspace tabs (§2, §4): one per visited full path, home first and unclosable, a right-click menu with
 * refresh / close left / close right / close others.
 */
export const MultiTab = memo(function MultiTab() {
  const { message } = App.useApp();
  const tabs = useTabsStore((s) => s.tabs);
  const activeKey = useTabsStore((s) => s.activeKey);
  const homeKey = useTabsStore((s) => s.homeKey);

  const close = (key: string) => {
    const result = useTabsStore.getState().close(key);
    if ('refused' in result) {
      message.warning(result.refused);
      return;
    }
    go(result.next);
  };

  return (
    <Tabs
      className="aps-multi-tab"
      type="editable-card"
      hideAdd
      size="small"
      activeKey={activeKey}
      onChange={go}
      onEdit={(key, action) => {
        if (action === 'remove' && typeof key === 'string') close(key);
      }}
      tabBarStyle={{ margin: 0 }}
      items={tabs.map((tab) => ({
        key: tab.key,
        // Home cannot be closed (§2), so it offers no × that could only refuse (§7 walk); the store still refuses it.
        closable: tab.key !== homeKey,
        label: <TabLabel tabKey={tab.key} title={tab.title} onAction={onContextAction} />,
      }))}
    />
  );
});
