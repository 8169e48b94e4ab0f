import type { CategoryDto, CategoryTreeNode } from '@aps/shared';
import { CATEGORY_MESSAGES, CATEGORY_ROOT, maxLengthMessage } from '@aps/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Input, TreeSelect } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { warnFailure } from '../../../../shared/list/download.ts';
import { ModalForm } from '../../../../shared/list/ModalForm.tsx';
import { useCrudMutation } from '../../../../shared/list/useCrudList.ts';
import { type CategoryFormValues, categoryApi, checkDuplicate, dictKeys } from '../dict.api.ts';

/** Same pattern as the server's schema (empty: the server generates the next code). */
const CODE_PATTERN = /^[A-Za-z0-9_]*$/;

/** A category's name by id, as the parent picker shows it. */
export interface CategoryRef {
  id: string;
  name: string;
}

/**
 * What the dialog edits: a category (with its parent when the list knows it), or a new one under `parent`
 * (null: a root).
 */
export type CategoryEditTarget =
  | { category: CategoryDto; parent?: CategoryRef }
  | { category: null; parent: CategoryRef | null };

interface ParentValue {
  value: string;
  label: string;
}

interface FormShape {
  parent?: ParentValue | null;
  name: string;
  code?: string | null;
}

/** A node of the lazily loaded parent picker (simple mode: a flat list linked by pId). */
interface PickerNode {
  id: string;
  pId: string;
  value: string;
  title: string;
  isLeaf: boolean;
}

const toPickerNode = (n: CategoryTreeNode): PickerNode => ({
  id: n.key,
  pId: n.pid,
  value: n.key,
  title: n.name,
  isLeaf: n.isLeaf,
});

/** Add a root or child category, or edit one (name, code, and its parent to move it). */
export function CategoryFormModal({
  target,
  onClose,
  onSaved,
}: {
  target: CategoryEditTarget | null;
  onClose(): void;
  onSaved(saved: CategoryDto): void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormShape>();
  const save = useCrudMutation(categoryApi, categoryApi.save);
  const open = target !== null;
  const editing = target?.category ?? null;

  // The edited category's parent, read by id when the list did not show it (a search result).
  const knownParent = target?.parent;
  const parentId = editing && editing.pid !== CATEGORY_ROOT && !knownParent ? editing.pid : null;
  const fetchedParent = useQuery({
    queryKey: [...dictKeys.categories, 'one', parentId],
    queryFn: () => categoryApi.queryById(parentId as string),
    enabled: open && parentId !== null,
  });

  const initialValues = useMemo<Partial<FormShape> | undefined>(() => {
    if (!target) return undefined;
    const ref = target.parent ?? fetchedParent.data;
    const parent = ref ? { value: ref.id, label: ref.name } : null;
    if (!target.category) return { parent };
    // Unknown yet: undefined keeps the current parent on save; null would move the category to the top level.
    const unknown = target.category.pid !== CATEGORY_ROOT && !ref;
    return { name: target.category.name, code: target.category.code, parent: unknown ? undefined : parent };
  }, [target, fetchedParent.data]);

  return (
    <ModalForm<FormShape>
      name="categoryForm"
      open={open}
      title={editing ? '编辑' : target && !target.category && target.parent ? '添加下级' : '新增'}
      form={form}
      width={600}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={async (v) => {
        const values: CategoryFormValues = {
          id: editing?.id,
          pid: v.parent === undefined ? (editing?.pid ?? CATEGORY_ROOT) : (v.parent?.value ?? CATEGORY_ROOT),
          name: v.name,
          code: v.code?.trim() || null,
        };
        const saved = await save.mutateAsync(values);
        message.success(editing ? '编辑成功!' : '添加成功！');
        onSaved(saved);
      }}
    >
      <Form.Item label="父级节点" name="parent">
        <ParentPicker open={open} excludeId={editing?.id} />
      </Form.Item>
      <Form.Item
        label="分类名称"
        name="name"
        rules={[
          { required: true, whitespace: true, message: CATEGORY_MESSAGES.nameRequired },
          { max: 100, message: maxLengthMessage(100) },
        ]}
      >
        <Input placeholder="请输入分类名称" />
      </Form.Item>
      <Form.Item
        label="分类编码"
        name="code"
        validateFirst
        validateTrigger={['onChange', 'onBlur']}
        extra={editing ? '移到其他父级且编码留空时，按新父级重新生成编码' : '留空则按父级编码自动生成，如 A01A01'}
        rules={[
          { pattern: CODE_PATTERN, message: CATEGORY_MESSAGES.codePattern },
          { max: 64, message: maxLengthMessage(64) },
          {
            validateTrigger: 'onBlur',
            validator: async (_r, value: string | undefined | null) => {
              if (!value?.trim()) return;
              await checkDuplicate('sys_category', 'code', value.trim(), editing?.id);
            },
          },
        ]}
      >
        <Input placeholder="留空则自动生成" allowClear />
      </Form.Item>
    </ModalForm>
  );
}

/**
 * The parent picker: the roots (GET /sys/category/loadTreeRoot), each node's children when it is opened
 * (loadTreeChildren). The edited category is left out, so it cannot become its own descendant.
 */
function ParentPicker({
  open,
  excludeId,
  value,
  onChange,
}: {
  open: boolean;
  excludeId?: string;
  value?: ParentValue | null;
  onChange?: (v: ParentValue | null) => void;
}) {
  const { message } = App.useApp();
  const roots = useQuery({
    queryKey: [...dictKeys.categories, 'treeRoot'],
    queryFn: categoryApi.treeRoot,
    enabled: open,
  });
  const [loaded, setLoaded] = useState<PickerNode[]>([]);
  // Each opening starts again from the roots (the tree may have changed in between).
  useEffect(() => {
    if (open) setLoaded([]);
  }, [open]);

  const nodes = useMemo(() => {
    const all = [...(roots.data ?? []).map(toPickerNode), ...loaded];
    const seen = new Set<string>();
    return all.filter((n) => n.id !== excludeId && !seen.has(n.id) && seen.add(n.id));
  }, [roots.data, loaded, excludeId]);

  return (
    <TreeSelect<ParentValue>
      labelInValue
      allowClear
      showSearch
      treeNodeFilterProp="title"
      placeholder="无（顶级分类）"
      loading={roots.isFetching}
      treeDataSimpleMode={{ id: 'id', pId: 'pId', rootPId: CATEGORY_ROOT }}
      treeData={nodes}
      styles={{ popup: { root: { maxHeight: 400, overflow: 'auto' } } }}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ? { value: String(v.value), label: String(v.label) } : null)}
      loadData={async (node) => {
        try {
          const children = await categoryApi.treeChildren(String(node.value));
          setLoaded((prev) => [...prev, ...children.map(toPickerNode)]);
        } catch (err) {
          warnFailure(message, err, '加载失败');
        }
      }}
    />
  );
}
