import type { DictOption } from '@aps/shared';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { type CSSProperties, useEffect, useMemo, useState } from 'react';
import { http } from '../http.ts';

/**
 * §9 search debounce: 300 ms for a dictionary held in memory, 800 ms for a table dictionary searched in the database
 * ("table,text,code", whose every keystroke would otherwise be a query).
 */
export const SEARCH_DEBOUNCE_MS = { dictionary: 300, table: 800 } as const;

const isTableDict = (code: string) => code.includes(',');

export interface DictSearchSelectProps {
  /** A dictionary code, or a table dictionary "table,text,code" from the server's allow-list. */
  dictCode: string;
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  /** How many matches to show (§7 loadDict pageSize); 10 by default. */
  pageSize?: number;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  style?: CSSProperties;
}

/**
 * JSearchSelectTag (§3, §7 loadDict): type to search a dictionary on the server, the request debounced (§9); the
 * saved value shows its text (§7 loadDictItem) before anything is typed. For lists too long to load whole —
 * suppliers, projects, users of a table dictionary.
 */
export function DictSearchSelect({
  dictCode,
  value,
  onChange,
  pageSize = 10,
  placeholder = '请选择',
  disabled,
  id,
  style = { width: 280 },
}: DictSearchSelectProps) {
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const delay = isTableDict(dictCode) ? SEARCH_DEBOUNCE_MS.table : SEARCH_DEBOUNCE_MS.dictionary;
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), delay);
    return () => clearTimeout(timer);
  }, [typed, delay]);

  const matches = useQuery({
    queryKey: ['dict', 'search', dictCode, keyword, pageSize],
    queryFn: () =>
      http.signedGet<DictOption[]>(`/sys/dict/loadDict/${encodeURIComponent(dictCode)}`, { keyword, pageSize }),
    staleTime: 30_000,
  });
  const label = useQuery({
    queryKey: ['dict', 'label', dictCode, value],
    queryFn: () => http.get<string[]>(`/sys/dict/loadDictItem/${encodeURIComponent(dictCode)}`, { key: value ?? '' }),
    enabled: Boolean(value) && !matches.data?.some((o) => o.value === value),
    staleTime: 60_000,
  });

  const options = useMemo(() => {
    const found = (matches.data ?? []).map((o) => ({ value: o.value, label: o.text }));
    if (value && !found.some((o) => o.value === value)) found.unshift({ value, label: label.data?.[0] ?? value });
    return found;
  }, [matches.data, label.data, value]);

  return (
    <Select<string>
      id={id}
      style={style}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      allowClear
      disabled={disabled}
      placeholder={placeholder}
      loading={matches.isFetching || typed.trim() !== keyword}
      notFoundContent={matches.isFetching ? '加载中…' : '没有查询到任何数据'}
      value={value ?? undefined}
      options={options}
      onChange={(v) => {
        setTyped('');
        onChange?.(v ?? undefined);
      }}
    />
  );
}
