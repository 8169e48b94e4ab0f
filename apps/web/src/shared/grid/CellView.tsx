import { memo, type ReactNode } from 'react';
import { cellTypeOf } from './cells.tsx';
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

/** One cell: the resting display, or the editor while it is the active cell; its error under it. */
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
  const type = cellTypeOf(column.type);
  const props: GridCellProps = {
    column,
    row,
    rowIndex,
    value: row[column.key],
    options,
    editing,
    disabled,
    onChange: (value) => onChange(row.id, column.key, value),
    onDone,
  };
  let body: ReactNode;
  if (column.type === 'slot') body = column.render?.(row, rowIndex);
  else if (editing && type?.editor && !disabled) body = type.editor(props);
  else body = type?.display(props) ?? String(row[column.key] ?? '');
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
