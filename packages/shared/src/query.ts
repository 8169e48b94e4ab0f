import { z } from 'zod';
import { pageNoSchema, pageSizeSchema } from './primitives.ts';

/** Generic list query (§7): pageNo, pageSize, column, order; default createTime desc. */
export const pageQuerySchema = z.object({
  pageNo: pageNoSchema,
  pageSize: pageSizeSchema,
  column: z.string().max(64).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  /** Keyset paging: the id of the previous page's last row, sent with pageNo (lists that support it use it). */
  cursor: z.string().max(64).optional(),
  _t: z.string().optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const idParamSchema = z.object({ id: z.string().min(1, 'id不能为空').max(64) });
