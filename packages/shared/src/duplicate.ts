import { z } from 'zod';

export const DUPLICATE_MESSAGES = {
  available: '该值可用！',
  taken: '该值不可用，系统中已存在！',
  tableRequired: '请指定表名',
  fieldRequired: '请指定字段名',
  notAllowed: (table: string, field: string) => `不支持对表“${table}”的字段“${field}”做重复校验`,
} as const;

/** GET /sys/duplicate/check (§3 payload: tableName, fieldName, fieldVal, dataId). */
export const duplicateCheckQuerySchema = z.object({
  tableName: z
    .string({ error: DUPLICATE_MESSAGES.tableRequired })
    .trim()
    .min(1, DUPLICATE_MESSAGES.tableRequired)
    .max(64),
  fieldName: z
    .string({ error: DUPLICATE_MESSAGES.fieldRequired })
    .trim()
    .min(1, DUPLICATE_MESSAGES.fieldRequired)
    .max(64),
  fieldVal: z.string().max(500, '校验值过长').default(''),
  /** The record being edited: its own value does not count as taken. */
  dataId: z.string().max(64).optional(),
  _t: z.string().optional(),
});
export type DuplicateCheckQuery = z.infer<typeof duplicateCheckQuerySchema>;
