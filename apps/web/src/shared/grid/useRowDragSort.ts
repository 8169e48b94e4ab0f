import {
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
  useCallback,
  useRef,
  useState,
} from 'react';
import { keyboardMoveTarget, movedAnnouncement } from './keyboard.ts';
import { moveRow } from './rows.ts';
import type { GridRow } from './types.ts';

/** The part of antd's table handle the grid uses. */
export interface GridTableRef {
  scrollTo: (config: { key?: string; index?: number; top?: number }) => void;
}

interface DragSortOptions<R extends GridRow> {
  rowsRef: RefObject<R[]>;
  setRows: (next: readonly R[]) => void;
  orderKey: string;
  rootRef: RefObject<HTMLElement | null>;
  tableRef: RefObject<GridTableRef | null>;
}

/**
 * The row-drag-sort column's behaviour: pointer drag (the row under the pointer is the drop target, which works
 * with virtual rows) and keyboard moves on the focused handle, both resequencing the order field. Returns the
 * current drop target (for its row class) and the screen-reader announcement of the last keyboard move.
 */
export function useRowDragSort<R extends GridRow>({
  rowsRef,
  setRows,
  orderKey,
  rootRef,
  tableRef,
}: DragSortOptions<R>) {
  const [dropIndex, setDropIndex] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');

  // The refs are stable objects; listing them only satisfies the dependency rule.
  // Drag sort with the pointer: the row under it is the drop target (works with virtual rows).
  const dragFrom = useRef<number | null>(null);
  const startDrag = useCallback(
    (rowId: string, e: ReactPointerEvent) => {
      e.preventDefault();
      const from = rowsRef.current.findIndex((r) => r.id === rowId);
      if (from < 0) return;
      dragFrom.current = from;
      setDropIndex(from);
      let over = from;
      const body = rootRef.current;
      const onMove = (ev: PointerEvent) => {
        const tr = document.elementFromPoint(ev.clientX, ev.clientY)?.closest<HTMLElement>('[data-row-key]');
        if (!tr || !body?.contains(tr)) return;
        const index = rowsRef.current.findIndex((r) => r.id === tr.dataset.rowKey);
        if (index >= 0 && index !== over) {
          over = index;
          setDropIndex(index);
        }
      };
      const onUp = () => {
        window.removeEventListener('pointermove', onMove);
        window.removeEventListener('pointerup', onUp);
        document.body.classList.remove('aps-grid-dragging');
        if (dragFrom.current !== null && over !== dragFrom.current)
          setRows(moveRow(rowsRef.current, dragFrom.current, over, orderKey));
        dragFrom.current = null;
        setDropIndex(null);
      };
      document.body.classList.add('aps-grid-dragging');
      window.addEventListener('pointermove', onMove);
      window.addEventListener('pointerup', onUp);
    },
    [orderKey, setRows, rowsRef, rootRef],
  );

  // Keyboard drag sort: arrows (Home / End) on the focused handle move the row; focus follows it.
  const moveByKey = useCallback(
    (rowId: string, e: KeyboardEvent) => {
      const list = rowsRef.current;
      const from = list.findIndex((r) => r.id === rowId);
      const to = keyboardMoveTarget(e.key, from, list.length);
      if (to === null) return;
      e.preventDefault();
      setRows(moveRow(list, from, to, orderKey));
      setAnnouncement(movedAnnouncement(to, list.length));
      tableRef.current?.scrollTo({ key: rowId });
      requestAnimationFrame(() =>
        rootRef.current
          ?.querySelector<HTMLElement>(`[data-row-key="${CSS.escape(rowId)}"] .aps-grid-drag`)
          ?.focus({ preventScroll: true }),
      );
    },
    [orderKey, setRows, rowsRef, rootRef, tableRef],
  );

  return { dropIndex, announcement, startDrag, moveByKey };
}
