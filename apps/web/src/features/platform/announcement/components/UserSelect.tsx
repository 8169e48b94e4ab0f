import type { UserListRow } from '@aps/shared';
import { Select, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useUserSearch, useUsersById } from '../admin.api.ts';

interface Props {
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
  placeholder?: string;
}

const labelOf = (u: UserListRow) => `${u.realname}（${u.username}）`;

/**
 * The announcement's recipients: a multi-select searched on the server by account or name; the chosen users keep
 * their names while another word is searched.
 */
export function UserSelect({ id, value = [], onChange, placeholder = '请输入账号或姓名搜索' }: Props) {
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState(false);
  const [known, setKnown] = useState<Map<string, UserListRow>>(() => new Map());

  // Search after a short pause in typing, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(input.trim()), 300);
    return () => clearTimeout(timer);
  }, [input]);

  const search = useUserSearch(keyword, open);
  const chosen = useUsersById(value.filter((v) => !known.has(v)));

  useEffect(() => {
    const found = [...(search.data?.records ?? []), ...(chosen.data ?? [])];
    if (found.length === 0) return;
    setKnown((prev) => {
      if (found.every((u) => prev.get(u.id) === u)) return prev;
      const next = new Map(prev);
      for (const u of found) next.set(u.id, u);
      return next;
    });
  }, [search.data, chosen.data]);

  const options = useMemo(() => {
    const rows = new Map<string, UserListRow>();
    for (const id of value) {
      const u = known.get(id);
      if (u) rows.set(id, u);
    }
    for (const u of search.data?.records ?? []) rows.set(u.id, u);
    return [...rows.values()].map((u) => ({ value: u.id, label: labelOf(u) }));
  }, [value, known, search.data]);

  return (
    <Select
      id={id}
      mode="multiple"
      value={value}
      onChange={(v: string[]) => onChange?.(v)}
      placeholder={placeholder}
      allowClear
      showSearch={{ filterOption: false, onSearch: setInput }}
      onOpenChange={setOpen}
      options={options}
      loading={search.isFetching || chosen.isFetching}
      notFoundContent={search.isFetching ? <Spin size="small" /> : '没有匹配的用户'}
      maxTagCount="responsive"
      // An id not yet resolved shows a placeholder rather than the raw uuid.
      labelRender={({ label }) => label ?? '…'}
      style={{ width: '100%' }}
    />
  );
}
