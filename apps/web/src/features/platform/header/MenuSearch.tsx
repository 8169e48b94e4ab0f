import { SearchOutlined } from '@ant-design/icons';
import type { MenuNode } from '@aps/shared';
import { Modal, Select, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { navigateQuietly } from '../../../shared/navigation.ts';
import { type MenuEntry, menuEntries, searchMenu } from './menuSearch.ts';

interface Props {
  menus: MenuNode[];
  isMobile: boolean;
}

/** §2 menu search: a search box in the header, a modal on mobile; choosing a page goes there. */
export function MenuSearch({ menus, isMobile }: Props) {
  const entries = useMemo(() => menuEntries(menus), [menus]);
  const [keyword, setKeyword] = useState('');
  const [modalOpen, setModalOpen] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const options = useMemo(
    () => searchMenu(entries, keyword).map((e) => ({ value: e.path, label: e.label, entry: e })),
    [entries, keyword],
  );

  const go = (entry: MenuEntry | undefined) => {
    if (!entry) return;
    setKeyword('');
    setModalOpen(false);
    setExpanded(false);
    if (entry.external && entry.url) window.open(entry.url, '_blank', 'noopener');
    else navigateQuietly(entry.path);
  };

  const select = (autoFocus: boolean, width: number | string) => (
    <Select
      showSearch={{ filterOption: false, onSearch: setKeyword, searchValue: keyword }}
      autoFocus={autoFocus}
      defaultOpen={autoFocus}
      value={null}
      placeholder="搜索菜单"
      aria-label="搜索菜单"
      notFoundContent="没有匹配的菜单"
      style={{ width }}
      options={options}
      onSelect={(_, option) => go(option.entry)}
      onBlur={() => setExpanded(false)}
      suffixIcon={<SearchOutlined />}
    />
  );

  if (isMobile) {
    return (
      <>
        <button type="button" className="aps-header-action" aria-label="搜索菜单" onClick={() => setModalOpen(true)}>
          <SearchOutlined />
        </button>
        <Modal
          title="搜索菜单"
          open={modalOpen}
          onCancel={() => setModalOpen(false)}
          footer={null}
          destroyOnHidden
          width="92%"
        >
          {select(true, '100%')}
        </Modal>
      </>
    );
  }
  return expanded ? (
    <span className="aps-header-search">{select(true, 220)}</span>
  ) : (
    <Tooltip title="搜索菜单">
      <button type="button" className="aps-header-action" aria-label="搜索菜单" onClick={() => setExpanded(true)}>
        <SearchOutlined />
      </button>
    </Tooltip>
  );
}
