/** The editable grid (JVxeTable equivalent): component, handle, column types, validation and plug-in points. */
export { CHECKBOX_VALUES, type GridFile, type GridUploader, registerGridCellType, setGridUploader } from './cells.tsx';
export { EditableGrid, type EditableGridProps, type GridHandle } from './EditableGrid.tsx';
export { type FormTablesResult, type GridPane, validateFormAndTables } from './formTables.ts';
export { formatTagsInput, newRowId } from './input.ts';
export { columnWidths } from './layout.ts';
export { footerRows, moveRow, patchRow, resequence } from './rows.ts';
export * from './types.ts';
export { validateCell, validateRows } from './validation.ts';
