import { DeleteOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { type DictOption, GRID_WIDTHS } from '@aps/shared/constants';
import { Button, Modal, Space, Table, type TableColumnsType, type TableProps, theme } from 'antd';
import {
  type CSSProperties,
  startTransition,
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useSessionStore } from '../../features/platform/auth/store.ts';
import { allowedColumns, excludedCodes, toolbarButtonAllowed } from './auth.ts';
import { CellView } from './CellView.tsx';
import { cellTypeOf } from './cells.tsx';
import { useEditModeExit, useElementWidth } from './chrome.ts';
import { GridBody, type RowExtras, type ScrollBodyInfo } from './GridBody.tsx';
import { useGridSummary } from './GridSummary.tsx';
import { useRowHighlight } from './highlight.ts';
import { columnWidths, isVisible, ROW_HEIGHT, totalWidth } from './layout.ts';
import { LightCheckbox } from './light.tsx';
import { newRow, normaliseRows, ORDER_KEY, patchRow, resequence } from './rows.ts';
import { type Debounced, type GridVisibleRange, insertGuard, valueChangeEmitter } from './timing.ts';
import type { EditableGridProps, GridColumn, GridErrorMap, GridHandle, GridOption, GridRow } from './types.ts';
import { type GridTableRef, useRowDragSort } from './useRowDragSort.ts';
import { firstError, validateRows } from './validation.ts';
import './grid.css';
import './grid-rows.css';

type Active = { rowId: string; key: string } | null;

const NO_OPTIONS: GridOption[] = [];

/** What antd gives a row's selection checkbox (the `node` of `rowSelection.renderCell`). */
interface SelectionCheckboxProps {
  'aria-label'?: string;
  disabled?: boolean;
  onChange: (e: React.ChangeEvent<HTMLInputElement>) => void;
  onClick?: (e: React.MouseEvent<HTMLInputElement>) => void;
}

const NO_AUTH: never[] = [];

const toOptions = (items: DictOption[] | undefined): GridOption[] =>
  (items ?? []).map((d) => ({ value: d.value, text: d.text ?? d.label ?? d.title ?? d.value, color: d.color }));

/**
 * The editable grid (JVxeTable): antd's Table (header, fixed summary, selection, expansion) with the grid's own
 * virtual body (`GridBody`: only the visible rows are in the DOM, and a scroll draws only the rows entering), with
 * the §3 column types, §5 validation, §4 edit mode, drag sort, 合计/平均 footer, and a handle to read, add,
 * remove, validate and patch rows from outside.
 */
export function EditableGrid<R extends GridRow = GridRow>(props: EditableGridProps<R>) {
  const {
    columns: allColumns,
    dataSource,
    orderKey = ORDER_KEY,
    height = GRID_WIDTHS.maxHeight,
    addCount = 1,
    toolbar = true,
    toolbarExtra,
    onRemove,
    expandedRowRender,
    onValuesChange,
    disabled = false,
    loading,
    authPrefix,
    onScrollEnd,
    ref,
  } = props;
  const auth = useSessionStore((s) => s.permissions?.auth ?? NO_AUTH);
  const allAuth = useSessionStore((s) => s.permissions?.allAuth ?? NO_AUTH);
  const excluded = useMemo(() => excludedCodes(authPrefix, { auth, allAuth }), [authPrefix, auth, allAuth]);
  // Columns the user may not see are left out of the table and its validation; their values stay in the rows.
  const columns = useMemo(() => allowedColumns(allColumns, excluded), [allColumns, excluded]);
  const [highlighted, flash] = useRowHighlight();
  const [rows, setRowsState] = useState<R[]>(() => normaliseRows(dataSource ?? []));
  const rowsRef = useRef(rows);
  const [errors, setErrors] = useState<GridErrorMap>({});
  const errorsRef = useRef(errors);
  errorsRef.current = errors;
  const [active, setActive] = useState<Active>(null);
  // Read by the cells' render functions, so the columns stay the same objects while edit mode moves.
  const activeRef = useRef(active);
  activeRef.current = active;
  const [selected, setSelected] = useState<string[]>([]);
  const rootRef = useRef<HTMLElement>(null);
  const tableRef = useRef<GridTableRef>(null);
  const dictItems = useSessionStore((s) => s.dictItems);
  const [modal, modalHolder] = Modal.useModal();

  const hasDragSort = columns.some((c) => c.type === 'row-drag-sort');
  const onValuesChangeRef = useRef(onValuesChange);
  onValuesChangeRef.current = onValuesChange;
  // §9 debounce 100 ms: the page hears the rows once the edits pause, not on every keystroke.
  const valuesChanged = useRef<Debounced<R[]> | null>(null);
  valuesChanged.current ??= valueChangeEmitter<R[]>((next) => onValuesChangeRef.current?.(next));
  useEffect(() => () => valuesChanged.current?.cancel(), []);
  // §9 insert guard 1500 ms: a double click on 新增 adds one batch of rows.
  const addGuard = useRef<ReturnType<typeof insertGuard> | null>(null);
  addGuard.current ??= insertGuard();
  const onScrollEndRef = useRef(onScrollEnd);
  onScrollEndRef.current = onScrollEnd;
  const hasScrollEnd = Boolean(onScrollEnd);
  const scrollEnded = useCallback((range: GridVisibleRange) => onScrollEndRef.current?.(range), []);

  /**
   * `deferred` (a typed cell value): the rows are current at once (handle, validation, onValuesChange) but the
   * table redraws in a transition, so the key paints first; the edited cell shows its own draft meanwhile.
   */
  const setRows = useCallback((next: readonly R[], deferred = false) => {
    rowsRef.current = next as R[];
    if (deferred) startTransition(() => setRowsState(next as R[]));
    else setRowsState(next as R[]);
    if (onValuesChangeRef.current) valuesChanged.current?.call(next as R[]);
  }, []);
  const ordered = useCallback(
    (next: readonly R[]) => (hasDragSort ? resequence(next, orderKey) : [...next]),
    [hasDragSort, orderKey],
  );

  // Width of the grid, for the 92 % share (§9).
  const width = useElementWidth(rootRef, 1000);
  useEditModeExit(active !== null, rootRef, () => setActive(null));

  const staticOptions = useMemo(() => {
    const map = new Map<string, GridOption[]>();
    for (const c of columns) map.set(c.key, c.options ?? (c.dictCode ? toOptions(dictItems[c.dictCode]) : []));
    return map;
  }, [columns, dictItems]);

  const revalidateColumn = useCallback(
    async (key: string) => {
      const column = columns.find((c) => c.key === key);
      if (!column?.validateRules?.length) return;
      const fresh = (await validateRows(rowsRef.current, [column])) ?? {};
      const next: GridErrorMap = {};
      for (const [rowId, cells] of Object.entries(errorsRef.current)) {
        const { [key]: _dropped, ...rest } = cells;
        if (Object.keys(rest).length) next[rowId] = rest;
      }
      for (const [rowId, cells] of Object.entries(fresh)) next[rowId] = { ...next[rowId], ...cells };
      setErrors(next);
    },
    [columns],
  );

  const onCellChange = useCallback(
    (rowId: string, key: string, value: unknown) => {
      const patch: Record<string, unknown> = { [key]: value };
      // Linked selects: a new parent value clears the children (and theirs).
      const clear = (parent: string) => {
        for (const c of columns) {
          if (c.linkageKey === parent && !(c.key in patch)) {
            patch[c.key] = '';
            clear(c.key);
          }
        }
      };
      clear(key);
      setRows(patchRow(rowsRef.current, rowId, patch as Partial<R>), true);
      // A cell already marked re-validates as it is fixed (its whole column: unique rules span rows).
      for (const k of Object.keys(patch)) {
        if (Object.values(errorsRef.current).some((cells) => k in cells)) void revalidateColumn(k);
      }
    },
    [columns, setRows, revalidateColumn],
  );
  const onDone = useCallback(() => setActive(null), []);

  const addRows = useCallback(
    (values?: Partial<R>[]) => {
      const list = values ?? Array.from({ length: addCount }, () => ({}) as Partial<R>);
      const added = list.map((v) => newRow(allColumns, v));
      setRows(ordered([...rowsRef.current, ...added]));
      const last = added[added.length - 1];
      if (last) requestAnimationFrame(() => tableRef.current?.scrollTo({ key: last.id }));
      return added;
    },
    [addCount, allColumns, ordered, setRows],
  );
  const removeRows = useCallback(
    (ids: string[]) => {
      const drop = new Set(ids);
      setRows(ordered(rowsRef.current.filter((r) => !drop.has(r.id))));
      setSelected((s) => s.filter((id) => !drop.has(id)));
      setErrors((e) => Object.fromEntries(Object.entries(e).filter(([id]) => !drop.has(id))));
    },
    [ordered, setRows],
  );

  const validate = useCallback(async () => {
    const result = await validateRows(rowsRef.current, columns);
    setErrors(result ?? {});
    if (result) {
      const first = firstError(result, rowsRef.current);
      if (first) tableRef.current?.scrollTo({ key: first.rowId });
    }
    return result;
  }, [columns]);

  useImperativeHandle(
    ref,
    (): GridHandle<R> => ({
      getValues: () => rowsRef.current,
      setValues: (next) => {
        setRows(ordered(normaliseRows(next)));
        setErrors({});
      },
      addRows,
      removeRows,
      patchRow: (id, values) => {
        const next = patchRow(rowsRef.current, id, values);
        if (next === rowsRef.current) return;
        setRows(next);
        flash(id);
      },
      validate,
      getSelectedIds: () => selected,
      clearSelection: () => setSelected([]),
      scrollToRow: (id) => tableRef.current?.scrollTo({ key: id }),
    }),
    [addRows, removeRows, validate, selected, ordered, setRows, flash],
  );

  const removeSelected = () => {
    const picked = rowsRef.current.filter((r) => selected.includes(r.id));
    if (!picked.length) return;
    if (!onRemove) {
      removeRows(picked.map((r) => r.id));
      return;
    }
    // Asynchronous removal confirms first (§4).
    modal.confirm({
      title: '确定删除吗?',
      content: `将删除选中的 ${picked.length} 行`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await onRemove(picked);
        removeRows(picked.map((r) => r.id));
      },
    });
  };

  const { dropIndex, announcement, startDrag, moveByKey } = useRowDragSort({
    rowsRef,
    setRows,
    orderKey,
    rootRef,
    tableRef,
  });

  const widths = useMemo(() => columnWidths(columns as GridColumn[], width), [columns, width]);
  const selectionColumn = columns.find((c) => c.type === 'row-checkbox' || c.type === 'row-radio');
  const expandColumn = columns.find((c) => c.type === 'row-expand');
  const visibleColumns = useMemo(() => columns.filter((c) => isVisible(c as GridColumn)), [columns]);

  /*
   * The columns stay the same objects while rows, the edited cell and the errors change: every render of the
   * table runs the cells' render functions anyway, which read the edited cell and the errors from refs, and a
   * memoised CellView redraws only a cell whose props changed.
   */
  const tableColumns = useMemo<TableColumnsType<R>>(
    () =>
      visibleColumns.map((column) => {
        if (column.type === 'row-checkbox' || column.type === 'row-radio') return Table.SELECTION_COLUMN;
        if (column.type === 'row-expand') return Table.EXPAND_COLUMN;
        const base = { key: column.key, title: column.title, width: widths[column.key], fixed: column.fixed };
        if (column.type === 'row-number')
          return { ...base, align: 'center' as const, render: (_: unknown, __: R, index: number) => index + 1 };
        if (column.type === 'row-drag-sort')
          return {
            ...base,
            title: '',
            align: 'center' as const,
            render: (_: unknown, row: R) => (
              <HolderOutlined
                className="aps-grid-drag"
                role="button"
                aria-label="拖动排序"
                aria-keyshortcuts="ArrowUp ArrowDown Home End"
                title="拖动排序（或按上下方向键移动）"
                tabIndex={disabled ? -1 : 0}
                onPointerDown={(e) => startDrag(row.id, e)}
                onKeyDown={disabled ? undefined : (e) => moveByKey(row.id, e)}
              />
            ),
          };
        const type = cellTypeOf(column.type);
        const required = column.validateRules?.some((r) => r.required || r.pattern === '*');
        const isOff = (row: R) =>
          disabled || (typeof column.disabled === 'function' ? column.disabled(row) : Boolean(column.disabled));
        const onClick = (row: R) => {
          if (!isOff(row) && type?.editor)
            setActive((a) => (a?.rowId === row.id && a.key === column.key ? a : { rowId: row.id, key: column.key }));
        };
        return {
          ...base,
          title: required ? (
            <span>
              <span className="aps-grid-required">*</span>
              {column.title}
            </span>
          ) : (
            column.title
          ),
          align: type?.align,
          onCell: (row: R) => ({
            onClick: (e: React.MouseEvent) => {
              // A click in a popup the cell opened (a picker's modal) bubbles here through React's portal: not a
              // click on the cell.
              if (e.currentTarget.contains(e.target as Node)) onClick(row);
            },
          }),
          render: (_: unknown, row: R, index: number) => {
            const options = column.linkageKey
              ? (column.linkageOptions?.(row[column.linkageKey], row) ?? NO_OPTIONS)
              : (staticOptions.get(column.key) ?? NO_OPTIONS);
            const edited = activeRef.current;
            return (
              <CellView
                column={column as GridColumn}
                row={row}
                rowIndex={index}
                options={options}
                editing={edited?.rowId === row.id && edited.key === column.key}
                disabled={isOff(row)}
                error={errorsRef.current[row.id]?.[column.key]}
                onChange={onCellChange}
                onDone={onDone}
              />
            );
          },
        };
      }),
    [visibleColumns, widths, startDrag, moveByKey, disabled, staticOptions, onCellChange, onDone],
  );

  const summary = useGridSummary(rows, columns as GridColumn[], visibleColumns as GridColumn[]);

  const selectionWidth = selectionColumn ? widths[selectionColumn.key] : undefined;
  const selectionType = selectionColumn?.type;
  const rowSelection = useMemo<TableProps<R>['rowSelection']>(
    () =>
      selectionType
        ? {
            type: selectionType === 'row-radio' ? 'radio' : 'checkbox',
            columnWidth: selectionWidth,
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(String)),
            // A row's checkbox at rest is a light one wired to antd's own handlers (shift-click ranges too).
            renderCell:
              selectionType === 'row-radio'
                ? undefined
                : (checked, _row, _index, node) => {
                    const own = (node as { props?: SelectionCheckboxProps } | null)?.props;
                    return own ? (
                      <LightCheckbox
                        checked={checked}
                        disabled={own.disabled}
                        label={own['aria-label']}
                        onChange={own.onChange}
                        onClick={own.onClick}
                      />
                    ) : (
                      node
                    );
                  },
          }
        : undefined,
    [selectionType, selectionWidth, selected],
  );

  const expandable = useMemo<TableProps<R>['expandable']>(
    () =>
      expandColumn
        ? { columnWidth: widths[expandColumn.key], expandedRowRender: (row) => expandedRowRender?.(row) }
        : undefined,
    [expandColumn, widths, expandedRowRender],
  );
  const rowClassName = useCallback(
    (row: R, index: number) =>
      `${dropIndex !== null && index === dropIndex ? 'aps-grid-drop-target' : ''}${highlighted.has(row.id) ? ' aps-grid-row-reloaded' : ''}`,
    [dropIndex, highlighted],
  );
  const { token } = theme.useToken();
  const themeVars = useMemo(
    () =>
      ({
        '--aps-grid-row-height': `${ROW_HEIGHT}px`,
        '--aps-grid-primary': token.colorPrimary,
        '--aps-grid-primary-hover': token.colorPrimaryHover,
        '--aps-grid-primary-border': token.colorPrimaryBorder,
        '--aps-grid-border': token.colorBorder,
        '--aps-grid-bg': token.colorBgContainer,
        '--aps-grid-disabled-bg': token.colorBgContainerDisabled,
        '--aps-grid-disabled-text': token.colorTextDisabled,
        '--aps-grid-text': token.colorText,
        '--aps-grid-row-hover': token.colorFillAlter,
        '--aps-grid-row-selected-hover': token.controlItemBgActiveHover,
      }) as CSSProperties,
    [token],
  );

  // The body is the grid's own (GridBody: virtual rows on TanStack Virtual); it redraws a row when the row, its
  // edited cell or its errors change, or when it scrolls into view.
  const extras = useCallback(
    (rowKey: string): RowExtras => ({
      activeKey: active?.rowId === rowKey ? active.key : null,
      errors: errors[rowKey],
    }),
    [active, errors],
  );
  // No rows: antd's own body, with its empty placeholder (as antd's virtual table does).
  const hasRows = rows.length > 0;
  const components = useMemo<TableProps<R>['components']>(
    () =>
      hasRows
        ? {
            body: (data: readonly R[], info: unknown) => (
              <GridBody
                data={data}
                info={info as ScrollBodyInfo}
                height={height}
                handleRef={tableRef}
                extras={extras}
                onScrollEnd={hasScrollEnd ? scrollEnded : undefined}
              />
            ),
          }
        : undefined,
    [hasRows, height, extras, hasScrollEnd, scrollEnded],
  );

  const total = totalWidth(widths);
  const scroll = useMemo(() => ({ x: Math.max(total, width - 2), y: height }), [total, width, height]);
  return (
    <section className="aps-grid" ref={rootRef} aria-label={props['aria-label']} style={themeVars}>
      {modalHolder}
      {toolbar && (
        <Space className="aps-grid-toolbar" wrap>
          {toolbarButtonAllowed('add', excluded) && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={disabled}
              onClick={() => {
                if (addGuard.current?.pass()) addRows();
              }}
            >
              新增
            </Button>
          )}
          {selectionColumn && toolbarButtonAllowed('remove', excluded) && (
            <Button danger icon={<DeleteOutlined />} disabled={disabled || !selected.length} onClick={removeSelected}>
              删除
            </Button>
          )}
          {selectionColumn && selected.length > 0 && (
            <span className="aps-grid-selected">
              已选择 <strong>{selected.length}</strong> 项
              {toolbarButtonAllowed('clearSelection', excluded) && (
                <Button type="link" size="small" onClick={() => setSelected([])}>
                  清空选择
                </Button>
              )}
            </span>
          )}
          {toolbarExtra}
        </Space>
      )}
      <Table<R>
        bordered
        size="small"
        rowKey="id"
        loading={loading ? { tip: '处理中,请稍候…' } : false}
        columns={tableColumns}
        dataSource={rows}
        pagination={false}
        scroll={scroll}
        rowSelection={rowSelection}
        expandable={expandable}
        rowClassName={rowClassName}
        summary={summary}
        components={components}
      />
      <div className="aps-grid-live" aria-live="polite">
        {announcement}
      </div>
    </section>
  );
}
