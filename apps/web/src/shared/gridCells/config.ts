import type { GridColumn } from '../grid/types.ts';

/** sel_user: which user field the cell stores: username (default, like the user picker) or id (props.valueKey). */
export const userValueKey = (column: Pick<GridColumn, 'props'>): 'username' | 'id' =>
  column.props?.valueKey === 'id' ? 'id' : 'username';

/** A popup column's business-component select, from its props (§3 popup; BizSelect's valueKey, displayKey, …). */
export interface PopupConfig {
  table: string;
  valueKey: string;
  displayKey: string;
  /** The table's row key; defaults to valueKey so the stored values are chosen when the modal opens. */
  rowKey: string;
  columns: { title: string; dataIndex: string; width?: number }[];
  queryConfig: { key: string; label: string; placeholder?: string; dictCode?: string }[];
  multiple: boolean;
  title?: string;
}

const str = (v: unknown, fallback: string) => (typeof v === 'string' && v !== '' ? v : fallback);

export function popupConfig(column: Pick<GridColumn, 'props'>): PopupConfig {
  const props = column.props ?? {};
  const valueKey = str(props.valueKey, 'id');
  const displayKey = str(props.displayKey, valueKey);
  const columns = Array.isArray(props.columns)
    ? (props.columns as PopupConfig['columns'])
    : [{ title: displayKey, dataIndex: displayKey }];
  return {
    table: str(props.table, ''),
    valueKey,
    displayKey,
    rowKey: str(props.rowKey, valueKey),
    columns,
    queryConfig: Array.isArray(props.queryConfig) ? (props.queryConfig as PopupConfig['queryConfig']) : [],
    multiple: props.multiple === true,
    ...(typeof props.title === 'string' ? { title: props.title } : {}),
  };
}
