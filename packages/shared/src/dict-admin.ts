import { z } from 'zod';
import { DICT_MESSAGES } from './dict-admin.constants.ts';
import { pageSizeSchema } from './primitives.ts';
import { pageQuerySchema } from './query.ts';
import { maxLengthMessage } from './rules.ts';
import { containsTextSchema, idListSchema, uuidSchema } from './user.ts';

export { DICT_ITEM_STATUS, DICT_MESSAGES } from './dict-admin.constants.ts';

export const DICT_SORTABLE_COLUMNS = ['createTime', 'dictName', 'dictCode'] as const;
export const DICT_ITEM_SORTABLE_COLUMNS = ['sortOrder', 'itemText', 'itemValue', 'createTime'] as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, maxLengthMessage(max))
    .nullish()
    .transform((v) => v || null);

const dictFields = {
  dictName: z
    .string({ error: DICT_MESSAGES.nameRequired })
    .trim()
    .min(1, DICT_MESSAGES.nameRequired)
    .max(100, maxLengthMessage(100)),
  dictCode: z
    .string({ error: DICT_MESSAGES.codeRequired })
    .trim()
    .min(1, { error: DICT_MESSAGES.codeRequired, abort: true })
    .max(100, maxLengthMessage(100))
    .regex(/^[A-Za-z0-9_]+$/, DICT_MESSAGES.codePattern),
  description: optionalText(500),
};
export const dictAddSchema = z.object(dictFields);
export type DictAddRequest = z.infer<typeof dictAddSchema>;
export const dictEditSchema = z.object({ id: uuidSchema, ...dictFields });
export type DictEditRequest = z.infer<typeof dictEditSchema>;

export const dictListQuerySchema = pageQuerySchema.extend({
  column: z.enum(DICT_SORTABLE_COLUMNS, { error: '不支持按该字段排序' }).optional(),
  dictName: containsTextSchema,
  dictCode: containsTextSchema,
});
export type DictListQuery = z.infer<typeof dictListQuerySchema>;

const itemFields = {
  itemText: z
    .string({ error: DICT_MESSAGES.itemTextRequired })
    .trim()
    .min(1, DICT_MESSAGES.itemTextRequired)
    .max(100, maxLengthMessage(100)),
  itemValue: z
    .string({ error: DICT_MESSAGES.itemValueRequired })
    .trim()
    .min(1, DICT_MESSAGES.itemValueRequired)
    .max(100, maxLengthMessage(100)),
  itemColor: optionalText(20),
  description: optionalText(500),
  sortOrder: z.coerce.number({ error: '排序值须为整数' }).int('排序值须为整数').min(0).max(99999).default(1),
  status: z.coerce
    .number()
    .int()
    .refine((n) => n === 0 || n === 1, '状态只能是1（启用）或0（不启用）')
    .default(1),
};
export const dictItemAddSchema = z.object({ dictId: uuidSchema, ...itemFields });
export type DictItemAddRequest = z.infer<typeof dictItemAddSchema>;
export const dictItemEditSchema = z.object({ id: uuidSchema, dictId: uuidSchema.optional(), ...itemFields });
export type DictItemEditRequest = z.infer<typeof dictItemEditSchema>;

export const dictItemListQuerySchema = pageQuerySchema.extend({
  column: z.enum(DICT_ITEM_SORTABLE_COLUMNS, { error: '不支持按该字段排序' }).optional(),
  dictId: uuidSchema,
  itemText: containsTextSchema,
  status: z.coerce.number().int().min(0).max(1).optional(),
});
export type DictItemListQuery = z.infer<typeof dictItemListQuerySchema>;

export const dictIdsQuerySchema = z.object({ ids: idListSchema });

/** `{dict}` path parameter: a dictionary code, or "table,text,code" for a table-backed dictionary. */
export const dictCodeParamSchema = z.object({
  dict: z.string({ error: DICT_MESSAGES.codeRequired }).trim().min(1, DICT_MESSAGES.codeRequired).max(200),
});

/** GET /sys/dict/loadDictItem/{dict}: key is one value or comma-joined values → their labels. */
export const loadDictItemQuerySchema = z.object({
  key: z.string().max(4000).default(''),
  _t: z.string().optional(),
});

/** GET /sys/dict/loadDict/{dict}: options whose text contains keyword, at most pageSize. */
export const loadDictQuerySchema = z.object({
  keyword: z.string().max(100).default(''),
  pageSize: pageSizeSchema,
  _t: z.string().optional(),
});

/** A SQL identifier as a name only (the server then looks it up in its allow-list). */
const identifier = z.string().trim().max(64).optional();

/** GET /sys/dict/loadTreeData. */
export const loadTreeDataQuerySchema = z.object({
  pid: z.string().max(64).optional(),
  tableName: z.string({ error: DICT_MESSAGES.badTableDict }).trim().min(1, DICT_MESSAGES.badTableDict).max(64),
  text: z.string({ error: DICT_MESSAGES.badTableDict }).trim().min(1, DICT_MESSAGES.badTableDict).max(64),
  code: z.string({ error: DICT_MESSAGES.badTableDict }).trim().min(1, DICT_MESSAGES.badTableDict).max(64),
  pidField: identifier,
  hasChildField: identifier,
  condition: z.string().max(2000).optional(),
  _t: z.string().optional(),
});
export type LoadTreeDataQuery = z.infer<typeof loadTreeDataQuerySchema>;

/**
 * GET /sys/dict/queryTableData: a page of an allow-listed table for the business-component select (§3: valueKey,
 * displayKey, rowKey, columns, queryConfig). `columns` are comma-joined column names; `query` is a JSON object
 * {column: text} of contains filters; `keyField` + `keys` (comma-joined) pick rows by value (a saved selection).
 * Every name is checked against the server's allow-list; every value is bound.
 */
export const tableDataQuerySchema = pageQuerySchema.extend({
  pageSize: pageSizeSchema.default(5),
  table: z.string({ error: DICT_MESSAGES.badTableDict }).trim().min(1, DICT_MESSAGES.badTableDict).max(64),
  columns: z.string({ error: '请指定查询字段' }).trim().min(1, '请指定查询字段').max(1000),
  column: identifier,
  query: z.string().max(2000).optional(),
  keyField: identifier,
  keys: z.string().max(4000).optional(),
});
export type TableDataQuery = z.infer<typeof tableDataQuerySchema>;
/** A row of queryTableData: the asked columns, as text. */
export type TableDataRow = Record<string, string | null>;

export interface DictDto {
  id: string;
  dictName: string;
  dictCode: string;
  description: string | null;
  itemCount: number;
  createTime: string;
  updateTime: string | null;
}

export interface DictItemDto {
  id: string;
  dictId: string;
  itemText: string;
  itemValue: string;
  itemColor: string | null;
  description: string | null;
  sortOrder: number;
  status: number;
  createTime: string;
}

/** A node of a table-backed tree dictionary (GET /sys/dict/loadTreeData). */
export interface DictTreeNode {
  key: string;
  value: string;
  title: string;
  label: string;
  isLeaf: boolean;
  parentId: string | null;
}
