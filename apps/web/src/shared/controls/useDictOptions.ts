import type { DictOption } from '@aps/shared';
import { useQuery } from '@tanstack/react-query';
import { useSessionStore } from '../../features/platform/auth/store.ts';
import { http } from '../http.ts';
import { dictCodeError } from './logic.ts';

const EMPTY: DictOption[] = [];

/**
 * A dictionary's options: from the session (the login's sysAllDictItems) when it holds the code, else from
 * GET /sys/dict/getDictItems/{code} (also "table,text,code"; an unknown code gives an empty list, §8).
 * An empty code loads nothing and answers §5's 字典Code不能为空!.
 */
export function useDictOptions(code: string | null | undefined) {
  const error = dictCodeError(code);
  const key = code?.trim() ?? '';
  const fromSession = useSessionStore((s) => (key ? s.dictItems?.[key] : undefined));
  const remote = useQuery({
    queryKey: ['dict', 'items', key],
    queryFn: ({ signal }) => http.get<DictOption[]>(`/sys/dict/getDictItems/${encodeURIComponent(key)}`, {}, signal),
    enabled: !error && !fromSession?.length,
    staleTime: 5 * 60_000,
  });
  const options = error ? EMPTY : fromSession?.length ? fromSession : (remote.data ?? EMPTY);
  return { options, error, loading: remote.isFetching };
}

export const optionLabel = (o: DictOption) => o.text ?? o.label ?? o.title ?? o.value;

/** A value's text in a dictionary the session holds (the login's sysAllDictItems); undefined when it has none. */
export function useSessionDictText(code: string, value: string | null | undefined): string | undefined {
  return useSessionStore((s) =>
    value == null ? undefined : s.dictItems?.[code]?.find((o) => o.value === value)?.text,
  );
}
