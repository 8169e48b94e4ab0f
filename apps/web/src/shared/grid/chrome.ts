import { type RefObject, useEffect, useRef, useState } from 'react';

/** Where a mouse-up keeps the cell in edit mode (§4): the table and the popups its editors open. */
const EDIT_KEEPERS =
  '.ant-select-dropdown, .ant-picker-dropdown, .ant-picker-panel-container, .ant-popover, .ant-modal-wrap, .ant-modal-root, .ant-dropdown, .ant-image-preview-root, .ant-message, .ant-tooltip';

/** The element's content width in whole pixels, following its resizes. */
export function useElementWidth(ref: RefObject<HTMLElement | null>, initial: number): number {
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** §4: while a cell edits, a mouse-up outside the grid and its editors' popups ends edit mode. */
export function useEditModeExit(editing: boolean, rootRef: RefObject<HTMLElement | null>, exit: () => void): void {
  const exitRef = useRef(exit);
  exitRef.current = exit;
  useEffect(() => {
    if (!editing) return;
    const onUp = (e: MouseEvent) => {
      const target = e.target as Element | null;
      if (!target || rootRef.current?.contains(target) || target.closest?.(EDIT_KEEPERS)) return;
      exitRef.current();
    };
    document.addEventListener('mouseup', onUp);
    return () => document.removeEventListener('mouseup', onUp);
  }, [editing, rootRef]);
}
