import { REALTIME_PATHS } from '@aps/shared/constants';
import { type RefObject, useCallback, useEffect, useRef } from 'react';
import { useSessionStore } from '../../features/platform/auth/store.ts';
import type { GridHandle, GridRow } from '../grid/index.ts';
import { GridSocket } from './grid-socket.ts';
import { socketUrl } from './socket-url.ts';

const TUG = 'tug_status';

/** The row a push carries, applied field by field (id excluded) with tug_status merged into the current one. */
export function pushedValues(current: GridRow | undefined, pushed: GridRow): Partial<GridRow> {
  const { id: _id, ...values } = pushed;
  const before = current?.[TUG];
  const after = values[TUG];
  if (after && typeof after === 'object' && before && typeof before === 'object') {
    values[TUG] = { ...(before as object), ...(after as object) };
  }
  return values;
}

/** The rows of `next` that are not the very objects of `before` (an edit replaces its row object). */
export function changedRows(before: readonly GridRow[], next: readonly GridRow[]): GridRow[] {
  const known = new Map(before.map((r) => [r.id, r]));
  return next.filter((r) => known.get(r.id) !== r);
}

/**
 * §4 grid socket for one editable grid on page `pageId`: pushes from other grid instances patch the matching row
 * (the grid reloads and highlights it); `onValuesChange` sends this grid's edited rows to the page's other grids.
 * Started once the user is signed in (the socket needs the token); stopped when the page goes.
 */
export function useGridSocket<R extends GridRow>(pageId: string, grid: RefObject<GridHandle<R> | null>) {
  const userId = useSessionStore((s) => s.userInfo?.id);
  const token = useSessionStore((s) => s.token);
  const socket = useRef<GridSocket | null>(null);
  const seen = useRef<readonly GridRow[] | null>(null);

  useEffect(() => {
    if (!userId || !token) return;
    const client = new GridSocket({
      url: socketUrl(`${REALTIME_PATHS.grid}/${encodeURIComponent(userId)}/${encodeURIComponent(pageId)}`),
      token,
      socketKey: `${pageId}-${crypto.randomUUID()}`,
      onUpdate: (args) => {
        const handle = grid.current;
        const row = args[0] as GridRow | undefined;
        if (!handle || !row || typeof row !== 'object' || row.id == null) return;
        const id = String(row.id);
        const current = handle.getValues().find((r) => r.id === id);
        handle.patchRow(id, pushedValues(current, row) as Partial<R>);
        // What came from elsewhere is not this grid's edit: never sent back.
        seen.current = handle.getValues();
      },
    });
    socket.current = client;
    // The rows the grid starts with, so that its first edit is told apart from them.
    seen.current ??= grid.current?.getValues() ?? null;
    client.start();
    return () => {
      client.stop();
      socket.current = null;
    };
  }, [userId, token, pageId, grid]);

  /** Pass as the grid's onValuesChange: each row the user changed goes to the page's other grids. */
  const onValuesChange = useCallback((rows: R[]) => {
    const before = seen.current;
    seen.current = rows;
    if (!before) return;
    for (const row of changedRows(before, rows).slice(0, 50)) socket.current?.sendUpdate(row);
  }, []);

  return { onValuesChange };
}
