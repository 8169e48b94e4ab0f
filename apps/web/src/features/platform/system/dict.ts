import type { DictOption } from '@aps/shared';
import { useSessionStore } from '../auth/store.ts';

const EMPTY: DictOption[] = [];

/** A dictionary's options from the session (login answer), or `fallback` when the session has none. */
export function useDict(code: string, fallback: DictOption[] = EMPTY): DictOption[] {
  const items = useSessionStore((s) => s.dictItems?.[code]);
  return items?.length ? items : fallback;
}

export const SEX_OPTIONS: DictOption[] = [
  { value: '1', text: '男' },
  { value: '2', text: '女' },
];
export const USER_END_OPTIONS: DictOption[] = [
  { value: '1', text: '管理端' },
  { value: '2', text: '专家端' },
  { value: '3', text: '供应商端' },
];
export const USER_STATUS_OPTIONS: DictOption[] = [
  { value: '1', text: '正常' },
  { value: '2', text: '冻结' },
];

export const textOf = (options: DictOption[], value: unknown) =>
  options.find((o) => o.value === String(value))?.text ?? (value == null ? '' : String(value));
