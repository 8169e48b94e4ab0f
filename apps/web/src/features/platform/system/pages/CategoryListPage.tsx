import type { CategoryDto } from '@aps/shared';
import { CATEGORY_ROOT } from '@aps/shared/constants';
import { Alert, Button, Card, Form, Input, Table, type TableColumnsType } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { usePermissionCheck } from '../../../../shared/auth/Can.tsx';
import { CrudToolbar } from '../../../../shared/list/CrudToolbar.tsx';
import { errorText } from '../../../../shared/list/download.ts';
import type { ListSort } from '../../../../shared/list/query.ts';
import { RowActions } from '../../../../shared/list/RowActions.tsx';
import { SearchBar } from '../../../../shared/list/SearchBar.tsx';
import { useCrudList } from '../../../../shared/list/useCrudList.ts';
import { type CategoryEditTarget, CategoryFormModal, type CategoryRef } from '../components/CategoryFormModal.tsx';
import { categoryApi, useCategoryChildren } from '../dict.api.ts';

/** Hierarchical codes (A01, A02, …) read in order. */
const CODE_SORT: ListSort = { column: 'code', order: 'asc' };

interface CategoryFilters {
  name?: string;
  code?: string;
}

/** A row of the tree table: `children` is empty (but present, for the expand icon) until the row is opened. */
type CategoryRow = CategoryDto & { children?: CategoryRow[] };

/**
 * 分类字典 (system/CategoryList): the tenant's category tree. Roots are paged on the server; a row's children load
 * when it is opened. A search lists the matching categories of every level, flat.
 */
export default function CategoryListPage() {
  const can = usePermissionCheck();
  const [form] = Form.useForm<CategoryFilters>();
  const list = useCrudList(categoryApi, { defaultSort: CODE_SORT, scrollX: 900 });
  const { table } = list;
  const [expanded, setExpanded] = useState<string[]>([]);
  const [editing, setEditing] = useState<CategoryEditTarget | null>(null);

  const searching = Boolean(table.params.name || table.params.code);
  const children = useCategoryChildren(searching ? [] : expanded);

  const rows = useMemo(() => {
    const roots = table.tableProps.dataSource;
    if (searching) return roots as CategoryRow[];
    const attach = (nodes: CategoryDto[]): CategoryRow[] =>
      nodes.map((c) => (c.hasChild === '1' ? { ...c, children: attach(children.byParent.get(c.id) ?? []) } : c));
    return attach(roots);
  }, [table.tableProps.dataSource, children.byParent, searching]);

  /** Names of the rows on screen, for the parent field of the edit dialog. */
  const names = useMemo(() => {
    const map = new Map<string, string>();
    const walk = (nodes: CategoryRow[]) => {
      for (const r of nodes) {
        map.set(r.id, r.name);
        walk(r.children ?? []);
      }
    };
    walk(rows);
    return map;
  }, [rows]);

  const refOf = (id: string): CategoryRef | undefined => {
    const name = names.get(id);
    return name === undefined ? undefined : { id, name };
  };

  const columns: TableColumnsType<CategoryRow> = [
    {
      title: '分类名称',
      dataIndex: 'name',
      ellipsis: true,
      ...list.sortable('name'),
    },
    { title: '分类编码', dataIndex: 'code', width: 180, ...list.sortable('code') },
    { title: '创建人', dataIndex: 'createBy', width: 110 },
    {
      title: '创建时间',
      dataIndex: 'createTime',
      width: 170,
      ...list.sortable('createTime'),
    },
    {
      title: '操作',
      key: 'action',
      width: 210,
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          onEdit={() => setEditing({ category: row, parent: row.pid === CATEGORY_ROOT ? undefined : refOf(row.pid) })}
          editCode={list.codes.edit}
          extra={
            can(list.codes.edit) ? (
              <Button
                type="link"
                size="small"
                onClick={() => setEditing({ category: null, parent: { id: row.id, name: row.name } })}
              >
                添加下级
              </Button>
            ) : null
          }
          onDelete={() => list.remove(row)}
          deleteCode={list.codes.delete}
        />
      ),
    },
  ];

  return (
    <Card variant="borderless" className="aps-list-page">
      <SearchBar<CategoryFilters> name="categorySearch" form={form} onSearch={list.search} onReset={list.reset}>
        <Form.Item label="分类名称" name="name">
          <Input placeholder="请输入分类名称" allowClear />
        </Form.Item>
        <Form.Item label="分类编码" name="code">
          <Input placeholder="请输入分类编码" allowClear />
        </Form.Item>
      </SearchBar>
      <CrudToolbar list={list} onAdd={() => setEditing({ category: null, parent: null })} exportName="分类字典.xlsx" />
      {children.error && (
        <Alert type="warning" showIcon title={errorText(children.error, '加载失败')} style={{ marginBottom: 12 }} />
      )}
      <Table<CategoryRow>
        {...table.tableProps}
        dataSource={rows}
        loading={table.tableProps.loading || children.fetching}
        columns={columns}
        rowSelection={{ ...table.tableProps.rowSelection, checkStrictly: true }}
        expandable={{
          expandedRowKeys: expanded,
          onExpandedRowsChange: (keys: readonly Key[]) => setExpanded(keys.map(String)),
        }}
      />
      <CategoryFormModal
        target={editing}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          // Open the parent so the new or moved category shows in the tree.
          if (saved.pid !== CATEGORY_ROOT)
            setExpanded((keys) => (keys.includes(saved.pid) ? keys : [...keys, saved.pid]));
        }}
      />
    </Card>
  );
}
