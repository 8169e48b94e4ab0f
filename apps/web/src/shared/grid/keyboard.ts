/**
 * Keyboard drag sort (the accessible twin of the pointer drag): on a focused drag handle, ArrowUp / ArrowDown move
 * the row one place, Home / End to the first / last place. The index the row moves to, or null when the key does
 * nothing here (another key, or the row is already there).
 */
export function keyboardMoveTarget(key: string, index: number, count: number): number | null {
  if (index < 0 || index >= count) return null;
  let to: number;
  switch (key) {
    case 'ArrowUp':
      to = index - 1;
      break;
    case 'ArrowDown':
      to = index + 1;
      break;
    case 'Home':
      to = 0;
      break;
    case 'End':
      to = count - 1;
      break;
    default:
      return null;
  }
  return to < 0 || to >= count || to === index ? null : to;
}

/** What a screen reader hears after a keyboard move (the live region of the grid). */
export const movedAnnouncement = (to: number, count: number) => `已移动到第 ${to + 1} 行，共 ${count} 行`;
