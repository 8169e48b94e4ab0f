import { joinValue, splitValue } from '@aps/shared/constants';
import { Placeholder, text } from '../grid/cells.tsx';
import type { GridCellProps } from '../grid/types.ts';
import { indexTree, useDepartTree, useTableData, useUsersByIds, useUsersByUsernames } from '../pickers/api.ts';
import type { BizColumn, BizQueryField } from '../pickers/BizSelect.tsx';
import { BizSelect } from '../pickers/BizSelect.tsx';
import { DepartSelect } from '../pickers/DepartSelect.tsx';
import { UserPicker } from '../pickers/UserPicker.tsx';
import { popupConfig, userValueKey } from './config.ts';

/** What each editor gives its picker: open at once, the value, and a pick ends edit mode. */
const pickerProps = (p: GridCellProps, placeholder: string) => ({
  defaultOpen: true,
  value: text(p.value),
  disabled: p.disabled,
  placeholder: p.column.placeholder ?? placeholder,
  onChange: (value: string) => {
    p.onChange(value);
    p.onDone();
  },
});

/** The names of a picker cell at rest (comma-joined like the pickers' own boxes). */
function Names({ p, names }: { p: GridCellProps; names: string[] }) {
  if (!names.length) return <Placeholder column={p.column} />;
  const shown = names.join(',');
  return (
    <span className="aps-grid-text" title={shown}>
      {shown}
    </span>
  );
}

/** sel_user at rest: the real names of the stored usernames (or ids with props.valueKey "id"). */
export function UserNames(p: GridCellProps) {
  const keys = splitValue(text(p.value));
  const valueKey = userValueKey(p.column);
  const byIds = useUsersByIds(valueKey === 'id' ? keys : []);
  const byNames = useUsersByUsernames(valueKey === 'username' ? keys : []);
  const users = (valueKey === 'id' ? byIds.data : byNames.data) ?? [];
  return <Names p={p} names={keys.map((k) => users.find((u) => u[valueKey] === k)?.realname || k)} />;
}

/** sel_user editing: the user picker (modal 用户, 1250) opens at once; the value is usernames, comma-joined. */
export function UserCellEditor(p: GridCellProps) {
  return (
    <UserPicker
      {...pickerProps(p, '请选择用户')}
      valueKey={userValueKey(p.column)}
      multiple={p.column.props?.multiple !== false}
    />
  );
}

/** sel_depart at rest: the department names of the stored ids. */
export function DepartNames(p: GridCellProps) {
  const keys = splitValue(text(p.value));
  const tree = useDepartTree(keys.length > 0);
  const index = indexTree(tree.data);
  return <Names p={p} names={keys.map((k) => index.get(k)?.title ?? k)} />;
}

/** sel_depart editing: the department select (modal 部门选择, 500) opens at once; the value is ids, comma-joined. */
export function DepartCellEditor(p: GridCellProps) {
  return <DepartSelect {...pickerProps(p, '请选择部门')} multiple={p.column.props?.multiple !== false} />;
}

/** popup at rest: the display texts (props.displayKey) of the stored values (props.valueKey). */
export function PopupTexts(p: GridCellProps) {
  const config = popupConfig(p.column);
  const keys = splitValue(text(p.value));
  const saved = useTableData(
    {
      table: config.table,
      columns: joinValue([...new Set([config.valueKey, config.displayKey])]),
      keyField: config.valueKey,
      keys: joinValue(keys),
      pageNo: 1,
      pageSize: 100,
    },
    keys.length > 0 && config.table !== '',
  );
  const rows = saved.data?.records ?? [];
  return <Names p={p} names={keys.map((k) => rows.find((r) => r[config.valueKey] === k)?.[config.displayKey] || k)} />;
}

/** popup editing: the business-component select (modal 900) opens at once. */
export function PopupCellEditor(p: GridCellProps) {
  const config = popupConfig(p.column);
  return (
    <BizSelect
      {...pickerProps(p, '请选择')}
      table={config.table}
      valueKey={config.valueKey}
      displayKey={config.displayKey}
      rowKey={config.rowKey}
      columns={config.columns as BizColumn[]}
      queryConfig={config.queryConfig as BizQueryField[]}
      multiple={config.multiple}
      title={config.title ?? p.column.title}
    />
  );
}
