import { type RefObject, useEffect } from 'react';

const HOLDER = 'ant-table-tbody-virtual-holder';

/**
 * antd's virtual table scrolls sideways by shifting its rows, with its body's own scroll position held at 0; the
 * header follows only that shift. When the browser scrolls the body itself (focus moving to a control in an
 * off-screen column, scrollIntoView), the rows move and the header does not. This hands such a native scroll back
 * to the virtual list as the equivalent sideways wheel, so rows and header move together; focus moving to a
 * control in a column out of view brings that column in the same way.
 */
export function useHorizontalFocusScroll(rootRef: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const onScroll = (event: Event) => {
      const scrolled = event.target;
      if (!(scrolled instanceof HTMLElement) || scrolled.scrollLeft === 0) return;
      // The holder, or the filler right inside it (the element the browser actually scrolls); not a cell's input.
      const holder = scrolled.classList.contains(HOLDER) ? scrolled : scrolled.parentElement;
      if (!holder?.classList.contains(HOLDER)) return;
      const deltaX = scrolled.scrollLeft;
      scrolled.scrollLeft = 0;
      holder.dispatchEvent(new WheelEvent('wheel', { deltaX, bubbles: true, cancelable: true }));
    };
    // The browser cannot scroll the body left of 0, so a control reached by Shift+Tab in a column left of the view
    // is brought in by the same sideways wheel (and one to the right, when the browser did not scroll for it).
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLElement)) return;
      const holder = target.closest(`.${HOLDER}`);
      if (!holder || target.closest('.ant-table-cell-fix-left, .ant-table-cell-fix-right')) return;
      const cell = (target.closest('.ant-table-cell') ?? target).getBoundingClientRect();
      const view = holder.getBoundingClientRect();
      const deltaX = cell.left < view.left ? cell.left - view.left : Math.max(0, cell.right - view.right);
      if (deltaX !== 0) holder.dispatchEvent(new WheelEvent('wheel', { deltaX, bubbles: true, cancelable: true }));
    };
    // Scroll events do not bubble: listen in the capture phase.
    root.addEventListener('scroll', onScroll, true);
    root.addEventListener('focusin', onFocusIn);
    return () => {
      root.removeEventListener('scroll', onScroll, true);
      root.removeEventListener('focusin', onFocusIn);
    };
  }, [rootRef]);
}
