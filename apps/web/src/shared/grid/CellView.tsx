import { memo, type ReactNode, useState } from 'react';
import { cellTypeOf } from './cells.tsx';
import { type CellDraft, draftAhead } from './input.ts';
import type { GridCellProps, GridColumn, GridOption, GridRow } from './types.ts';

interface CellViewProps {
  column: GridColumn;
  row: GridRow;
  rowIndex: number;
  options: GridOption[];
  editing: boolean;
  disabled: boolean;
  error: string | undefined;
  onChange: (rowId: string, key: string, value: unknown) => void;
  onDone: () => void;
}

/**
 * A cell type's display or editor, drawn in its own component: their hooks (an editor's draft, an upload's busy
 * state) stay apart from the cell's, and switching between them starts the other afresh.
 */
function CellBody({ draw, cell }: { draw: (props: GridCellProps) => ReactNode; cell: GridCellProps }) {
  return draw(cell);
}

/**
 * One cell: the resting display, or the editor while it is the active cell; its error under it. Memoised: a
 * scroll or an edit elsewhere leaves it alone. A typed value shows at once from the cell's draft while the grid
 * redraws its rows in a transition; once the rows hold a value this cell did not send, the rows win.
 */
export const CellView = memo(function CellView({
  column,
  row,
  rowIndex,
  options,
  editing,
  disabled,
  error,
  onChange,
  onDone,
}: CellViewProps) {
  const [draft, setDraft] = useState<CellDraft | null>(null);
  const stored = row[column.key];
  const pending = draftAhead(draft, stored);
  if (draft !== null && !pending) setDraft(null);
  const type = cellTypeOf(column.type);
  const props: GridCellProps = {
    column,
    row,
    rowIndex,
    value: pending ? draft.value : stored,
    options,
    editing,
    disabled,
    onChange: (value) => {
      setDraft((d) => (d ? { ...d, sent: [...d.sent, value], value } : { base: stored, sent: [value], value }));
      onChange(row.id, column.key, value);
    },
    onDone,
  };
  let body: ReactNode;
  if (column.type === 'slot') body = column.render?.(row, rowIndex);
  else if (editing && type?.editor && !disabled) body = <CellBody key="editor" draw={type.editor} cell={props} />;
  else if (type) body = <CellBody key="display" draw={type.display} cell={props} />;
  else body = String(stored ?? '');
  return (
    <div
      className={`aps-grid-cell${error ? ' aps-grid-cell-error' : ''}${editing ? ' aps-grid-cell-editing' : ''}${type?.align ? ` aps-grid-align-${type.align}` : ''}`}
      data-key={column.key}
    >
      <div className="aps-grid-cell-body">{body}</div>
      {error && (
        <div className="aps-grid-error" role="alert" title={error}>
          {error}
        </div>
      )}
    </div>
  );
});
