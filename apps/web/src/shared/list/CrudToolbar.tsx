import { ImportOutlined } from '@ant-design/icons';
import type { ImportExistingRows } from '@aps/shared';
import { Button } from 'antd';
import { type Key, type ReactNode, useState } from 'react';
import { usePermissionCheck } from '../auth/Can.tsx';
import { ImportModal } from '../excel/ImportModal.tsx';
import type { CrudCodes } from './crudApi.ts';
import { ListToolbar } from './ListToolbar.tsx';

/** What the toolbar uses of a useCrudList result. */
export interface CrudToolbarList {
  codes: CrudCodes;
  api: { importUrl: string };
  editor: { show(record: null): void };
  table: { selectedRowKeys: Key[]; refresh(): Promise<unknown> };
  removeBatch(keys: Key[]): Promise<unknown>;
  exportXls(fileName: string): Promise<void>;
}

export interface CrudToolbarProps {
  list: CrudToolbarList;
  /** 新增: opens the list's form dialog unless the page opens its own. */
  onAdd?: () => void;
  /** 导出 to this file; the list has no 导出 without it. */
  exportName?: string;
  /**
   * 导入 (with the add code): the dialog's hint on the sheet, and what happens to rows that already exist (the
   * list's policy from @aps/shared). The list has no 导入 without it.
   */
  imports?: { hint: ReactNode; existingRows: ImportExistingRows };
  /** 批量删除 (with the delete code); false for a list without it. */
  batchDelete?: boolean;
  /** More buttons, after 新增/导出/导入 and before 批量删除. */
  children?: ReactNode;
}

/**
 * The standard buttons above a resource's list, each shown only with its permission code: 新增, 导出, 导入,
 * the page's own buttons, then 批量删除 (请选择一条记录！ with nothing selected, confirmed otherwise).
 */
export function CrudToolbar({ list, onAdd, exportName, imports, batchDelete = true, children }: CrudToolbarProps) {
  const can = usePermissionCheck();
  const [importing, setImporting] = useState(false);
  const canImport = imports !== undefined && can(list.codes.add);
  return (
    <>
      <ListToolbar
        onAdd={onAdd ?? (() => list.editor.show(null))}
        addCode={list.codes.add}
        onExport={exportName ? () => list.exportXls(exportName) : undefined}
        exportCode={list.codes.export}
        selectedKeys={list.table.selectedRowKeys}
        onBatchDelete={batchDelete ? list.removeBatch : undefined}
        batchDeleteCode={list.codes.delete}
      >
        {canImport && (
          <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
            导入
          </Button>
        )}
        {children}
      </ListToolbar>
      {canImport && imports && (
        <ImportModal
          open={importing}
          onClose={() => setImporting(false)}
          action={list.api.importUrl}
          hint={imports.hint}
          existingRows={imports.existingRows}
          onImported={() => void list.table.refresh()}
        />
      )}
    </>
  );
}
