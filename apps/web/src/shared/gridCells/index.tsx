import { type ComponentType, lazy, Suspense } from 'react';
import { registerGridCellType, text } from '../grid/cells.tsx';
import type { GridCellProps, GridCellType, GridColumnType } from '../grid/types.ts';

/**
 * The product's pickers and uploads as grid cells (registered into the grid's registry when the grid loads).
 * The cells themselves are in their own chunks (the pickers' modals and tables, the upload field), loaded the
 * first time a grid shows such a column; until then a cell shows its raw value.
 */
type Cells = typeof import('./PickerCells.tsx') & typeof import('./UploadCells.tsx');
type CellName = { [K in keyof Cells]: Cells[K] extends ComponentType<GridCellProps> ? K : never }[keyof Cells];

const pickers = () => import('./PickerCells.tsx');
const uploads = () => import('./UploadCells.tsx');

function lazyCell(load: () => Promise<Partial<Cells>>, name: CellName): (props: GridCellProps) => React.ReactNode {
  const Cell = lazy(async () => ({ default: (await load())[name] as ComponentType<GridCellProps> }));
  return (props) => (
    <Suspense fallback={<span className="aps-grid-text">{text(props.value)}</span>}>
      <Cell {...props} />
    </Suspense>
  );
}

const CELLS: [GridColumnType, GridCellType][] = [
  // Pickers: the names at rest; a click opens the picker's modal (the cell is then the edited one).
  ['sel_user', { display: lazyCell(pickers, 'UserNames'), editor: lazyCell(pickers, 'UserCellEditor') }],
  ['sel_depart', { display: lazyCell(pickers, 'DepartNames'), editor: lazyCell(pickers, 'DepartCellEditor') }],
  ['popup', { display: lazyCell(pickers, 'PopupTexts'), editor: lazyCell(pickers, 'PopupCellEditor') }],
  // Uploads are edited in place (§4: no file shows the upload button, then uploading, then done or error).
  ['upload', { display: lazyCell(uploads, 'UploadCell') }],
  ['file', { display: lazyCell(uploads, 'FileCell') }],
  ['image', { display: lazyCell(uploads, 'ImageCell') }],
];

for (const [type, cell] of CELLS) registerGridCellType(type, cell);
