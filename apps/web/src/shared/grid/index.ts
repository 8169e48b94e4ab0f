/** The editable grid (JVxeTable equivalent): component, handle, column types, validation and plug-in points. */
// The product's pickers and uploads plug their cells in (sel_user, sel_depart, popup, upload, file, image).
import '../gridCells/index.tsx';

export { CHECKBOX_VALUES, registerGridCellType } from './cells.tsx';
export { EditableGrid } from './EditableGrid.tsx';
export { type FormTablesResult, type GridPane, validateFormAndTables } from './formTables.ts';
export { formatTagsInput, newRowId } from './input.ts';
export { columnWidths } from './layout.ts';
export { footerRows, moveRow, patchRow, resequence } from './rows.ts';
export type { GridVisibleRange } from './timing.ts';
export * from './types.ts';
export { validateCell, validateRows } from './validation.ts';
