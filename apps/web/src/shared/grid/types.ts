import type { DictOption, GridPresetCode, GridStatistic } from '@aps/shared/constants';
import type { ReactNode, Ref } from 'react';
import type { GridVisibleRange } from './timing.ts';

/** Every column type of §3. */
export const GRID_COLUMN_TYPES = [
  'row-number',
  'row-checkbox',
  'row-radio',
  'row-expand',
  'row-drag-sort',
  'input',
  'inputNumber',
  'textarea',
  'select',
  'select-search',
  'select-multiple',
  'date',
  'datetime',
  'checkbox',
  'upload',
  'progress',
  'sel_depart',
  'sel_user',
  'tags',
  'slot',
  'normal',
  'hidden',
  'file',
  'image',
  'popup',
  'list_multi',
  'sel_search',
  'sel_search_async',
  'radio',
  'checkbox_meta',
  'input_pop',
] as const;
export type GridColumnType = (typeof GRID_COLUMN_TYPES)[number];

/** The row-level types: they hold no value of their own. */
export const ROW_TYPES = ['row-number', 'row-checkbox', 'row-radio', 'row-expand', 'row-drag-sort'] as const;
export type GridRowType = (typeof ROW_TYPES)[number];
export const isRowType = (type: GridColumnType): type is GridRowType => (ROW_TYPES as readonly string[]).includes(type);

/** A grid row: its id (default key `id`), its order (default `orderNum`) and the cells by column key. */
export type GridRow = Record<string, unknown> & { id: string };

export interface GridOption {
  value: string;
  text: string;
  color?: string;
  disabled?: boolean;
}

/** What a custom validation handler sees. */
export interface GridValidateContext<R extends GridRow = GridRow> {
  value: unknown;
  row: R;
  rows: readonly R[];
  column: GridColumn<R>;
}

/**
 * One rule of `validateRules`: a §5 preset (`pattern: 'n6-16'`), `required`, `unique` (or `pattern: 'only'`),
 * a regular expression, or a handler returning its own message (or nothing when the value passes).
 * `${title}` in a message is the column title.
 */
export interface GridValidateRule<R extends GridRow = GridRow> {
  required?: boolean;
  unique?: boolean;
  pattern?: GridPresetCode | 'only' | RegExp;
  message?: string;
  handler?: (ctx: GridValidateContext<R>) => string | undefined | null | Promise<string | undefined | null>;
}

/** Errors of a table: row id → column key → message. */
export type GridErrorMap = Record<string, Record<string, string>>;

/** What a cell renderer gets (built-in types and plug-ins alike). */
export interface GridCellProps<R extends GridRow = GridRow> {
  column: GridColumn<R>;
  row: R;
  rowIndex: number;
  value: unknown;
  /** Options of select-like columns: `options`, the dictionary of `dictCode`, or the linkage parent's. */
  options: GridOption[];
  /** True while the cell is the one being edited. */
  editing: boolean;
  disabled: boolean;
  onChange: (value: unknown) => void;
  /** Leaves edit mode (Enter in an input, a pick in a modal). */
  onDone: () => void;
}

/**
 * A cell type: `display` draws the resting cell (cheap: 10,000 rows), `editor` the control while editing.
 * Types without an editor are edited in place by `display` itself (checkbox, radio, upload buttons).
 */
export interface GridCellType {
  display: (props: GridCellProps) => ReactNode;
  editor?: (props: GridCellProps) => ReactNode;
  /** Default width when the column sets none and the share is narrower. */
  minWidth?: number;
  /** Fixed width (dates). */
  width?: number;
  align?: 'left' | 'center' | 'right';
}

export interface GridColumn<R extends GridRow = GridRow> {
  key: string;
  title: string;
  type: GridColumnType;
  width?: number;
  minWidth?: number;
  /** Static options of select-like, radio and picker columns. */
  options?: GridOption[];
  /** Options from a dictionary (the session's dictionaries, §3 dictOption value/text). */
  dictCode?: string;
  validateRules?: GridValidateRule<R>[];
  /** Footer rows: 合计 and/or 平均. */
  statistics?: GridStatistic[];
  /**
   * Linked selects: the key of the column whose value chooses this column's options (`linkageOptions`).
   * Changing the parent clears this cell.
   */
  linkageKey?: string;
  linkageOptions?: (parentValue: unknown, row: R) => GridOption[];
  placeholder?: string;
  disabled?: boolean | ((row: R) => boolean);
  defaultValue?: unknown;
  /** Select: type to filter options. */
  allowSearch?: boolean;
  /** Select: keep a typed value that is not an option. */
  allowInput?: boolean;
  /** Tags: colour of one tag. */
  setTagColor?: (tag: string) => string | undefined;
  /** Display format: a dayjs pattern for dates, `money` (#,##0.00) or a function. */
  format?: string | ((value: unknown, row: R) => ReactNode);
  /** Checkbox: [checked, unchecked] values (default ['Y', 'N']). */
  customValue?: [unknown, unknown];
  /** Async select (sel_search_async): options for a keyword. */
  loadOptions?: (keyword: string) => Promise<GridOption[]>;
  /** Props passed to the antd control of the editor. */
  props?: Record<string, unknown>;
  /** slot: draws the cell. */
  render?: (row: R, index: number) => ReactNode;
  allowDownload?: boolean;
  allowRemove?: boolean;
  /** Upload columns: upload URL, button text, whether to send the token, the response field holding the path. */
  action?: string;
  btnText?: string;
  token?: boolean;
  responseName?: string;
  fixed?: 'left' | 'right';
}

export type DictLookup = (code: string) => DictOption[] | undefined;

/** What the page (or a push channel) can do with a grid from outside. */
export interface GridHandle<R extends GridRow = GridRow> {
  getValues: () => R[];
  setValues: (rows: R[]) => void;
  /** Adds rows (default values of the columns, then `values`); returns them. */
  addRows: (values?: Partial<R>[]) => R[];
  removeRows: (ids: string[]) => void;
  /**
   * Patches one row by id (never its id), e.g. from a server push; unknown ids are ignored. The row is highlighted
   * for 1400 ms (§9 reload highlight).
   */
  patchRow: (id: string, values: Partial<R>) => void;
  /** Validates every row: the error map (row id → column key → message) or null; marks and scrolls to errors. */
  validate: () => Promise<GridErrorMap | null>;
  getSelectedIds: () => string[];
  clearSelection: () => void;
  scrollToRow: (id: string) => void;
}

export interface EditableGridProps<R extends GridRow = GridRow> {
  columns: GridColumn<R>[];
  /** Initial rows (the grid owns them afterwards: read with `getValues`). */
  dataSource?: R[];
  /** The ordering field drag sort resequences (default orderNum). */
  orderKey?: string;
  /** Body height; §9 max height 400. */
  height?: number;
  /** Rows added by 新增 (§9 default 1). */
  addCount?: number;
  /** Toolbar with 新增 / 删除 / 清空选择 (default shown). */
  toolbar?: boolean;
  toolbarExtra?: ReactNode;
  /** Asynchronous removal: asks 确定删除吗? first, removes the rows once this resolves. */
  onRemove?: (rows: R[]) => Promise<unknown>;
  /** The body of an expanded row (row-expand column). */
  expandedRowRender?: (row: R) => ReactNode;
  /** The rows after edits, adds and removals: §9 debounced 100 ms (one call for a burst of keystrokes). */
  onValuesChange?: (rows: R[]) => void;
  /** §9 scroll-end debounce 100 ms: the rows in view, once, after the body stopped scrolling. */
  onScrollEnd?: (range: GridVisibleRange) => void;
  disabled?: boolean;
  loading?: boolean;
  'aria-label'?: string;
  /**
   * §6 permission prefix (e.g. `demo:grid:`): configured codes under it that the user lacks hide the column of that
   * key, or the toolbar button (`add`, `remove`, `clearSelection`; `batch_delete` also hides remove).
   */
  authPrefix?: string;
  ref?: Ref<GridHandle<R>>;
}
