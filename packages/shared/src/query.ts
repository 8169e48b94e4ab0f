import { z } from 'zod';
import { MAX_PAGE_SIZE } from './api.ts';

const intFromQuery = (fallback: number, max: number) =>
  z.coerce.number().int().min(1).max(max).catch(fallback).default(fallback);

/** Generic list query (§7): pageNo, pageSize, column, order; default createTime desc. */
export const pageQuerySchema = z.object({
  pageNo: intFromQuery(1, 1_000_000),
  pageSize: intFromQuery(10, MAX_PAGE_SIZE),
  column: z.string().max(64).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  _t: z.string().optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const idParamSchema = z.object({ id: z.string().min(1, 'id不能为空').max(64) });
