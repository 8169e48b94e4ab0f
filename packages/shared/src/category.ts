import { z } from 'zod';
import { CATEGORY_MESSAGES, CATEGORY_ROOT } from './category.constants.ts';
import { pageQuerySchema } from './query.ts';
import { maxLengthMessage } from './rules.ts';
import { containsTextSchema, uuidSchema } from './user.ts';

export { CATEGORY_MESSAGES, CATEGORY_ROOT } from './category.constants.ts';

export const CATEGORY_SORTABLE_COLUMNS = ['createTime', 'name', 'code'] as const;

const categoryFields = {
  pid: z.string().trim().max(64).default(CATEGORY_ROOT),
  name: z
    .string({ error: CATEGORY_MESSAGES.nameRequired })
    .trim()
    .min(1, CATEGORY_MESSAGES.nameRequired)
    .max(100, maxLengthMessage(100)),
  /** Left out, the server generates the next hierarchical code under the parent (A01, A01A01, …). */
  code: z
    .string()
    .trim()
    .max(64, maxLengthMessage(64))
    .regex(/^[A-Za-z0-9_]*$/, CATEGORY_MESSAGES.codePattern)
    .nullish()
    .transform((v) => v || null),
};
export const categoryAddSchema = z.object(categoryFields);
export type CategoryAddRequest = z.infer<typeof categoryAddSchema>;
export const categoryEditSchema = z.object({ id: uuidSchema, ...categoryFields });
export type CategoryEditRequest = z.infer<typeof categoryEditSchema>;

/** The root list (pid "0") is paged; children come whole through childList or the tree calls. */
export const categoryListQuerySchema = pageQuerySchema.extend({
  column: z.enum(CATEGORY_SORTABLE_COLUMNS, { error: '不支持按该字段排序' }).optional(),
  pid: z.string().max(64).optional(),
  name: containsTextSchema,
  code: containsTextSchema,
});
export type CategoryListQuery = z.infer<typeof categoryListQuerySchema>;

export const categoryTreeRootQuerySchema = z.object({
  async: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  pcode: z.string({ error: CATEGORY_MESSAGES.badPcode }).trim().min(1, CATEGORY_MESSAGES.badPcode).max(64),
  _t: z.string().optional(),
});
export const categoryChildrenQuerySchema = z.object({
  pid: z.string().trim().min(1, '请选择父级分类').max(64),
  _t: z.string().optional(),
});
export const categoryLoadOneQuerySchema = z.object({
  field: z.string().trim().min(1, '请指定查询字段').max(64),
  val: z.string().max(200),
  _t: z.string().optional(),
});
export const categoryTreeDataQuerySchema = z.object({
  pid: z.string().max(64).optional(),
  pcode: z.string().max(64).default(CATEGORY_ROOT),
  condition: z.string().max(2000).optional(),
  _t: z.string().optional(),
});
export const categoryDictItemQuerySchema = z.object({
  ids: z.string().max(40_000).default(''),
  _t: z.string().optional(),
});

/** A category tree node (§3: key, value, label, leaf (0 has children, 1 leaf), code, children, name). */
export interface CategoryTreeNode {
  key: string;
  value: string;
  label: string;
  title: string;
  name: string;
  code: string;
  pid: string;
  leaf: 0 | 1;
  isLeaf: boolean;
  children?: CategoryTreeNode[];
}

export interface CategoryDto {
  id: string;
  pid: string;
  name: string;
  code: string;
  hasChild: '0' | '1';
  createBy: string | null;
  createTime: string;
  updateTime: string | null;
}
