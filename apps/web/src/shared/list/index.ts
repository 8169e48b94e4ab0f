export { DOWNLOAD_FAILED, downloadBlob, errorText, warnFailure } from './download.ts';
export { ListToolbar, SELECT_ONE } from './ListToolbar.tsx';
export { ModalForm, useFormDialog } from './ModalForm.tsx';
export * from './query.ts';
export { RowActions } from './RowActions.tsx';
export { SearchBar } from './SearchBar.tsx';
export { useListScroll } from './useListScroll.ts';
export { useServerTable } from './useServerTable.ts';
