import { REALTIME_PATHS } from '@aps/shared/constants';
import { type RefObject, useCallback, useEffect, useMemo, useRef } from 'react';
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

export interface GridSocketHookOptions {
  /** The page's push as this grid's row (a business page pushes its DTO); null skips it. Identity by default. */
  mapRow?: (pushed: unknown) => GridRow | null;
}

const asRow = (pushed: unknown): GridRow | null =>
  pushed && typeof pushed === 'object' && (pushed as GridRow).id != null ? (pushed as GridRow) : null;

/**
 * §4 grid socket for one editable grid on page `pageId` (null: no socket, e.g. a form for a new record): pushes
 * from other grid instances patch the matching row (the grid reloads and highlights it); `onValuesChange` sends
 * this grid's edited rows to the page's other grids; `socketKey` goes with a save so that the server's push of the
 * saved rows is ignored here. Started once the user is signed in (the socket needs the token); stopped when the
 * page goes.
 */
export function useGridSocket<R extends GridRow>(
  pageId: string | null,
  grid: RefObject<GridHandle<R> | null>,
  options: GridSocketHookOptions = {},
) {
  const userId = useSessionStore((s) => s.userInfo?.id);
  const token = useSessionStore((s) => s.token);
  const socket = useRef<GridSocket | null>(null);
  const seen = useRef<readonly GridRow[] | null>(null);
  const socketKey = useMemo(() => `${pageId ?? 'grid'}-${crypto.randomUUID()}`, [pageId]);
  const mapRow = useRef(options.mapRow ?? asRow);
  mapRow.current = options.mapRow ?? asRow;

  useEffect(() => {
    if (!userId || !token || !pageId) return;
    const client = new GridSocket({
      url: socketUrl(`${REALTIME_PATHS.grid}/${encodeURIComponent(userId)}/${encodeURIComponent(pageId)}`),
      token,
      socketKey,
      onUpdate: (args) => {
        const handle = grid.current;
        const row = asRow(mapRow.current(args[0]));
        if (!handle || !row) return;
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
  }, [userId, token, pageId, grid, socketKey]);

  /** Pass as the grid's onValuesChange: each row the user changed goes to the page's other grids. */
  const onValuesChange = useCallback((rows: R[]) => {
    const before = seen.current;
    seen.current = rows;
    if (!before) return;
    for (const row of changedRows(before, rows).slice(0, 50)) socket.current?.sendUpdate(row);
  }, []);

  return { onValuesChange, socketKey };
}
