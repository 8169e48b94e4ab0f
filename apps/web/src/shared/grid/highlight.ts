import { useEffect, useState } from 'react';

/** §9: a reloaded (patched) row stays highlighted this long. */
export const RELOAD_HIGHLIGHT_MS = 1400;

export interface Highlighter {
  /** Highlights a row for `ms`; flashing it again restarts its time. */
  flash: (id: string) => void;
  dispose: () => void;
}

/** The highlighted rows over time: `onChange` gets the new set whenever a row starts or stops being highlighted. */
export function createHighlighter(ms: number, onChange: (ids: ReadonlySet<string>) => void): Highlighter {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const changed = () => onChange(new Set(timers.keys()));
  return {
    flash(id) {
      const had = timers.has(id);
      clearTimeout(timers.get(id));
      timers.set(
        id,
        setTimeout(() => {
          timers.delete(id);
          changed();
        }, ms),
      );
      if (!had) changed();
    },
    dispose() {
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
    },
  };
}

/** The grid's reload highlight: the highlighted ids and `flash(id)`. */
export function useRowHighlight(ms = RELOAD_HIGHLIGHT_MS): [ReadonlySet<string>, (id: string) => void] {
  const [ids, setIds] = useState<ReadonlySet<string>>(() => new Set());
  const [highlighter] = useState(() => createHighlighter(ms, setIds));
  useEffect(() => () => highlighter.dispose(), [highlighter]);
  return [ids, highlighter.flash];
}
