import { useContext } from '@rc-component/context';
import TableContext, { type TableContextProps } from '@rc-component/table/es/context/TableContext';
import { getColumnsKey } from '@rc-component/table/es/utils/valueUtil';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import {
  type CSSProperties,
  memo,
  type ReactNode,
  type Ref,
  type UIEvent,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
} from 'react';
import { ROW_HEIGHT } from './layout.ts';
import { type GridVisibleRange, scrollEndWatcher } from './timing.ts';
import type { GridTableRef } from './useRowDragSort.ts';

/** What rc-table hands a `components.body` render function (its header and footer follow `onScroll`). */
export interface ScrollBodyInfo {
  scrollbarSize: number;
  ref: Ref<unknown>;
  onScroll: (info: { currentTarget?: HTMLElement; scrollLeft?: number }) => void;
}

type Column = TableContextProps['flattenColumns'][number];
type FixedInfo = TableContextProps['fixedInfoList'][number];

/** What changes a row's cells besides the row itself: the edited cell and the errors, by row. */
export interface RowExtras {
  /** The key of the edited cell, when it is in this row. */
  activeKey: string | null;
  /** This row's errors (column key → message), the same object while they do not change. */
  errors: Record<string, string> | undefined;
}

interface GridBodyProps {
  data: readonly object[];
  info: ScrollBodyInfo;
  /** The body's max height (fewer rows make it shorter). */
  height: number;
  /** The grid's handle to scroll to a row by key or index. */
  handleRef: Ref<GridTableRef>;
  extras: (rowKey: string) => RowExtras;
  /** §9 scroll-end debounce: the rows in view, once, 100 ms after the body stopped scrolling. */
  onScrollEnd?: (range: GridVisibleRange) => void;
}

const TABLE_KEYS = [
  'prefixCls',
  'flattenColumns',
  'fixedInfoList',
  'getRowKey',
  'rowClassName',
  'expandedKeys',
  'expandableType',
  'expandedRowRender',
  'rowExpandable',
  'scrollX',
  'componentWidth',
  'onColumnResize',
] as const;

/**
 * The grid's body: only the rows in view (and a few more) are in the DOM, positioned by TanStack Virtual
 * (`@tanstack/react-virtual`), drawn from rc-table's own columns (antd's selection column, rc-table's expand
 * column, ours) with the same DOM and class names as antd's virtual table, inside antd's `Table` (header, fixed
 * summary, selection and expansion state stay antd's). Rows are memoised: a scroll draws only the rows that
 * enter the window, a row's cells are plain elements (no per-cell components, hover by CSS), and nothing reads
 * the layout per row (rows are exactly §9's height; only expanded rows are measured).
 */
export function GridBody({ data, info, height, handleRef, extras, onScrollEnd }: GridBodyProps) {
  const table = useContext(TableContext, TABLE_KEYS as unknown as (keyof TableContextProps)[]) as TableContextProps;
  const {
    prefixCls,
    flattenColumns,
    fixedInfoList,
    getRowKey,
    rowClassName,
    expandedKeys,
    expandableType,
    expandedRowRender,
    rowExpandable,
    scrollX,
    componentWidth,
    onColumnResize,
  } = table;
  // The fixed columns' shadows follow the horizontal scroll (rc-table's own scroll info).
  const [showStartShadow, showEndShadow] = useContext(TableContext, ({ scrollInfo }: TableContextProps) => {
    const [start, range] = scrollInfo;
    return [start >= 1, range - start > 1];
  }) as [boolean, boolean];
  const holderRef = useRef<HTMLDivElement | null>(null);
  const scrollLeftRef = useRef(0);

  // The same key function while the rows change (a typed value): a new one makes TanStack recompute the offsets
  // of all 10,000 rows. Its keys only name measured (expanded) rows' sizes, re-measured below when rows change.
  const dataRef = useRef(data);
  dataRef.current = data;
  const rowKeyAt = useCallback((index: number) => String(getRowKey(dataRef.current[index], index)), [getRowKey]);
  const virtualizer = useVirtualizer({
    count: data.length,
    getScrollElement: () => holderRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: rowKeyAt,
    overscan: 3,
  });

  // rc-table keeps the body element (scrollbar size, header sync); the grid scrolls rows through this handle.
  const setHolder = useCallback(
    (el: HTMLDivElement | null) => {
      holderRef.current = el;
      const { ref } = info;
      if (typeof ref === 'function') ref(el);
      else if (ref) (ref as { current: unknown }).current = el;
    },
    [info],
  );
  useImperativeHandle(
    handleRef,
    () => ({
      scrollTo: ({ key, index, top }) => {
        if (typeof top === 'number') {
          virtualizer.scrollToOffset(top);
          return;
        }
        const at = key !== undefined ? data.findIndex((r, i) => String(getRowKey(r, i)) === String(key)) : index;
        if (at !== undefined && at >= 0) virtualizer.scrollToIndex(at, { align: 'auto' });
      },
    }),
    [virtualizer, data, getRowKey],
  );

  const columnWidths = flattenColumns.map((c) => Math.max(Number(c.width) || 0, Number(c.minWidth) || 0));
  const widthsKey = columnWidths.join(',');
  // rc-table learns the column widths from its body (fixed columns' offsets, header and summary): tell it, as
  // its virtual body does (the widths are given, nothing is measured).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the widths' string stands for the widths
  useEffect(() => {
    const keys = getColumnsKey(flattenColumns);
    keys.forEach((key, i) => {
      onColumnResize(key, columnWidths[i] ?? 0);
    });
  }, [flattenColumns, widthsKey, onColumnResize]);

  // Expanded rows are taller: measure them (and only them) whenever the expansion or the rows change.
  const measured = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new rows (order, count) move the measured sizes
  useLayoutEffect(() => {
    const any = (expandedKeys?.size ?? 0) > 0;
    if (!any && !measured.current) return;
    measured.current = any;
    virtualizer.measure();
    for (const el of holderRef.current?.querySelectorAll<HTMLElement>('[data-expanded="true"]') ?? [])
      virtualizer.measureElement(el);
  }, [virtualizer, expandedKeys, data]);

  // One timer for the body's life; it reads the latest callback and the virtualizer's range when it fires.
  const onScrollEndRef = useRef(onScrollEnd);
  onScrollEndRef.current = onScrollEnd;
  const virtualizerRef = useRef(virtualizer);
  virtualizerRef.current = virtualizer;
  const scrollEnd = useRef<ReturnType<typeof scrollEndWatcher> | null>(null);
  scrollEnd.current ??= scrollEndWatcher(() => {
    const range = virtualizerRef.current.range;
    onScrollEndRef.current?.({
      start: range?.startIndex ?? -1,
      end: range?.endIndex ?? -1,
      total: dataRef.current.length,
      scrollTop: holderRef.current?.scrollTop ?? 0,
    });
  });
  useEffect(() => () => scrollEnd.current?.cancel(), []);

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    if (onScrollEndRef.current) scrollEnd.current?.scrolled();
    const left = e.currentTarget.scrollLeft;
    // The header and summary follow a sideways scroll; a vertical one costs them nothing.
    if (left !== scrollLeftRef.current) {
      scrollLeftRef.current = left;
      info.onScroll({ currentTarget: e.currentTarget, scrollLeft: left });
    }
  };

  const width = typeof scrollX === 'number' ? scrollX : undefined;
  const rowExpands = expandableType === 'row';
  return (
    <div className={`${prefixCls}-tbody-virtual ${prefixCls}-tbody`} style={{ position: 'relative' }}>
      <div
        ref={setHolder}
        className={`${prefixCls}-tbody-virtual-holder`}
        style={{ maxHeight: height, overflow: 'auto', overflowAnchor: 'none' }}
        onScroll={onScroll}
      >
        <div style={{ height: virtualizer.getTotalSize(), width, position: 'relative' }}>
          <div className={`${prefixCls}-tbody-virtual-holder-inner`} style={{ position: 'absolute', inset: 0 }}>
            {virtualizer.getVirtualItems().map((item) => {
              const record = data[item.index] as Record<string, unknown>;
              const rowKey = String(getRowKey(record, item.index));
              const expandable = rowExpands && (!rowExpandable || rowExpandable(record));
              const expanded = expandable && expandedKeys.has(rowKey);
              const { activeKey, errors } = extras(rowKey);
              return (
                <BodyRow
                  key={rowKey}
                  record={record}
                  index={item.index}
                  rowKey={rowKey}
                  top={item.start}
                  className={typeof rowClassName === 'function' ? rowClassName(record, item.index, 0) : rowClassName}
                  prefixCls={prefixCls}
                  columns={flattenColumns}
                  widths={columnWidths}
                  fixedInfoList={fixedInfoList}
                  showStartShadow={showStartShadow}
                  showEndShadow={showEndShadow}
                  expanded={expanded}
                  expandedRowRender={expanded ? expandedRowRender : undefined}
                  expandedWidth={componentWidth || undefined}
                  measure={expanded ? virtualizer.measureElement : undefined}
                  activeKey={activeKey}
                  errors={errors}
                />
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}

interface BodyRowProps {
  record: Record<string, unknown>;
  index: number;
  rowKey: string;
  top: number;
  className: string | undefined;
  prefixCls: string;
  columns: readonly Column[];
  widths: number[];
  fixedInfoList: readonly FixedInfo[];
  showStartShadow: boolean;
  showEndShadow: boolean;
  expanded: boolean;
  expandedRowRender: TableContextProps['expandedRowRender'] | undefined;
  /** The table's visible width: expanded content stays in view (sticky) while the rows scroll sideways. */
  expandedWidth: number | undefined;
  measure: Virtualizer<HTMLDivElement, Element>['measureElement'] | undefined;
  /** Not read here: they make the row redraw when its edited cell or its errors change (cells read refs). */
  activeKey: string | null;
  errors: Record<string, string> | undefined;
}

const sameRow = (a: BodyRowProps, b: BodyRowProps) => {
  for (const key of Object.keys(b) as (keyof BodyRowProps)[]) {
    if (key === 'widths') {
      if (a.widths.length !== b.widths.length || a.widths.some((w, i) => w !== b.widths[i])) return false;
    } else if (a[key] !== b[key]) return false;
  }
  return true;
};

/** One row and, when expanded, its expanded content; redrawn only when one of its props changes. */
const BodyRow = memo(function BodyRow({
  record,
  index,
  rowKey,
  top,
  className,
  prefixCls,
  columns,
  widths,
  fixedInfoList,
  showStartShadow,
  showEndShadow,
  expanded,
  expandedRowRender,
  expandedWidth,
  measure,
}: BodyRowProps) {
  const cellCls = `${prefixCls}-cell`;
  const cells = columns.map((column, colIndex) => {
    const own = (column.onCell?.(record, index) ?? {}) as { className?: string; style?: CSSProperties };
    const fixed = fixedInfoList[colIndex];
    const fixStart = typeof fixed?.fixStart === 'number';
    const fixEnd = typeof fixed?.fixEnd === 'number';
    let cls = column.className ? `${cellCls} ${column.className}` : cellCls;
    const style: CSSProperties & Record<string, unknown> = {
      ...own.style,
      flex: `0 0 ${widths[colIndex]}px`,
      width: widths[colIndex],
    };
    if (column.align) style.textAlign = column.align;
    if (fixed && (fixStart || fixEnd)) {
      cls += ` ${cellCls}-fix ${cellCls}-fix-${fixStart ? 'start' : 'end'}`;
      if (fixStart) style.insetInlineStart = fixed.fixStart as number;
      else style.insetInlineEnd = fixed.fixEnd as number;
      style['--z-offset'] = fixed.zIndex;
      style['--z-offset-reverse'] = fixed.zIndexReverse;
      if (fixed.fixedStartShadow)
        cls += ` ${cellCls}-fix-start-shadow${showStartShadow ? ` ${cellCls}-fix-start-shadow-show` : ''}`;
      if (fixed.fixedEndShadow)
        cls += ` ${cellCls}-fix-end-shadow${showEndShadow ? ` ${cellCls}-fix-end-shadow-show` : ''}`;
    }
    if (own.className) cls += ` ${own.className}`;
    const dataIndex = (column as { dataIndex?: string }).dataIndex;
    const value = dataIndex ? record[dataIndex] : undefined;
    const content = column.render ? column.render(value, record, index) : value;
    return (
      <div key={String(column.key ?? colIndex)} {...own} className={cls} style={style}>
        {content as ReactNode}
      </div>
    );
  });
  const row = (
    <div
      data-row-key={rowKey}
      className={`${className ? `${className} ` : ''}${prefixCls}-row`}
      style={expanded ? undefined : { position: 'absolute', top: 0, left: 0, transform: `translateY(${top}px)` }}
    >
      {cells}
    </div>
  );
  if (!expanded || !expandedRowRender) return row;
  const expandedCell = `${prefixCls}-expanded-row-cell`;
  return (
    <div
      ref={measure}
      data-index={index}
      data-expanded="true"
      style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${top}px)` }}
    >
      {row}
      <div className={`${prefixCls}-expanded-row ${prefixCls}-expanded-row-level-1`}>
        <div
          className={`${cellCls} ${expandedCell}${expandedWidth !== undefined ? ` ${expandedCell}-fixed` : ''}`}
          style={
            expandedWidth !== undefined ? ({ '--virtual-width': `${expandedWidth}px` } as CSSProperties) : undefined
          }
        >
          {expandedRowRender(record, index, 1, true)}
        </div>
      </div>
    </div>
  );
}, sameRow);
