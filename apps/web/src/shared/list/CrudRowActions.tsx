import type { ReactNode } from 'react';
import type { CrudCodes } from './crudApi.ts';
import { type MoreAction, RowActions } from './RowActions.tsx';

/** What the row actions use of a useCrudList result. */
export interface CrudRowList<Row> {
  codes: CrudCodes;
  editor: { show(record: Row): void };
  remove(row: Row): Promise<unknown>;
  deleteAction(row: Row): MoreAction;
}

export interface CrudRowActionsProps<Row> {
  list: CrudRowList<Row>;
  row: Row;
  /** 编辑 opens the list's form dialog with the row; false hides it (e.g. a published, read-only record). */
  edit?: boolean;
  /** Actions between 编辑 and 删除 (each checks its own code). */
  extra?: ReactNode;
  /** The 更多 ▾ menu: with one, 删除 is its last entry; without, a link after the extras. */
  more?: MoreAction[];
  deleteConfirm?: string;
}

/** A resource row's actions: 编辑, the page's extras, 删除 (confirmed) — each shown only with its code. */
export function CrudRowActions<Row>({ list, row, edit = true, extra, more, deleteConfirm }: CrudRowActionsProps<Row>) {
  return (
    <RowActions
      onEdit={edit ? () => list.editor.show(row) : undefined}
      editCode={list.codes.edit}
      extra={extra}
      onDelete={more ? undefined : () => list.remove(row)}
      deleteCode={list.codes.delete}
      deleteConfirm={deleteConfirm}
      more={more ? [...more, list.deleteAction(row)] : undefined}
    />
  );
}
