import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import type { Key } from 'react';
import type { CrudApi, CrudId } from './crudApi.ts';
import { useFormDialog } from './ModalForm.tsx';
import type { ListSort } from './query.ts';
import type { MoreAction } from './RowActions.tsx';
import { type ServerTableOptions, useServerTable } from './useServerTable.ts';

/** The messages of the list's own deletes (§8 wording: 删除成功!). */
export interface CrudMessages {
  deleted?: string;
  batchDeleted?: string;
}

/** A mutation that invalidates the given query keys when it succeeds. */
export function useInvalidatingMutation<A, R>(fn: (arg: A) => Promise<R>, keys: readonly (readonly unknown[])[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
}

/** A write on the resource (its save, or an action such as 冻结) that refreshes every list showing it. */
export function useCrudMutation<A, R>(
  api: Pick<CrudApi<unknown, object, CrudId>, 'invalidates'>,
  fn: (arg: A) => Promise<R>,
) {
  return useInvalidatingMutation(fn, api.invalidates);
}

export interface CrudListOptions extends Pick<ServerTableOptions, 'scrollX' | 'fixedFilters'> {
  /** Sort when the user chose none (§7 default createTime desc). */
  defaultSort?: ListSort | null;
  messages?: CrudMessages;
}

/**
 * The state of a resource's list page: the server table (paging, sort, filters, selection) on the resource's
 * query key, the form dialog's record, and the deletes that refresh the list and say so. Pages compose it with
 * SearchBar, CrudToolbar, a Table and CrudRowActions.
 */
export function useCrudList<Row extends { id: Id }, Form extends object, Id extends CrudId = string>(
  api: CrudApi<Row, Form, Id>,
  options: CrudListOptions = {},
) {
  const { message } = App.useApp();
  const { messages = {}, ...tableOptions } = options;
  const table = useServerTable<Row>({ queryKey: api.queryKey, url: api.listUrl, ...tableOptions });
  const editor = useFormDialog<Row>();
  const removeOne = useCrudMutation(api, api.remove);
  const removeMany = useCrudMutation(api, api.removeBatch);
  const deleted = messages.deleted ?? '删除成功!';

  async function remove(row: Row) {
    await removeOne.mutateAsync(row.id);
    message.success(deleted);
  }

  return {
    api,
    codes: api.codes,
    table,
    editor,
    /** 查询: the search form's values become the list's filters (page 1). */
    search: (values: object) => table.search({ ...values }),
    reset: table.reset,
    /** The sorter props of a sortable column, its arrow following the sort in force. */
    sortable: (column: string) => ({ sorter: true, sortOrder: table.sortOrder(column) }),
    remove,
    /** 批量删除 of the selected rows: clears the selection once they are gone. */
    removeBatch: async (keys: Key[]) => {
      await removeMany.mutateAsync(keys);
      table.setSelectedRowKeys([]);
      message.success(messages.batchDeleted ?? deleted);
    },
    /** 导出 of the rows matching the list's filters. */
    exportXls: (fileName: string) => api.exportXls(fileName, table.params),
    /** 删除 as the last entry of a row's 更多 menu (asks 确定删除吗? first). */
    deleteAction: (row: Row): MoreAction => ({
      key: 'delete',
      label: '删除',
      code: api.codes.delete,
      danger: true,
      confirm: '确定删除吗?',
      onClick: () => remove(row),
    }),
  };
}

export type CrudList<Row extends { id: Id }, Form extends object, Id extends CrudId = string> = ReturnType<
  typeof useCrudList<Row, Form, Id>
>;
